/// Whether a QOI file holds all its pixels, read from its chunks without decoding them.
///
/// SDL2_image's QOI reader (the reference qoi.h) does not report a short stream: it fills the
/// pixels the data does not reach with the last colour and returns a whole image, so a cut file
/// showed as a card padded with a smear. QOI has no other decoder on a Debian system, and the
/// format makes the check simple enough to write here without one (QOI specification 1.0,
/// qoiformat.org): a 14-byte header, chunks, then an end marker of seven 0x00 bytes and one 0x01.
/// Each chunk's length follows from its first byte — QOI_OP_RGB (0xFE) 4 bytes, QOI_OP_RGBA
/// (0xFF) 5, QOI_OP_LUMA (tag 0b10) 2, QOI_OP_INDEX (0b00) and QOI_OP_DIFF (0b01) 1 byte and one
/// pixel each, QOI_OP_RUN (0b11) 1 byte and 1–62 pixels — so walking the chunks counts the
/// pixels. A file cut anywhere loses its end marker; one whose chunks stop short of
/// width × height pixels lost data in between.
public enum QOIStream {
    public static let headerBytes = 14
    public static let endMarker: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1]

    public enum Verdict: Equatable, Sendable {
        case complete
        /// No end marker at the file's end.
        case noEndMarker
        /// The chunks before the end marker give this many pixels, fewer than the header's.
        case shortOf(pixels: Int)
    }

    /// Judges `bytes`, a whole QOI file whose header says `width` × `height`.
    public static func verdict(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> Verdict {
        let end = bytes.count - endMarker.count
        guard end >= headerBytes, bytes[end...].elementsEqual(endMarker) else { return .noEndMarker }
        let wanted = width * height
        var pixels = 0, position = headerBytes
        while position < end && pixels < wanted {
            let tag = bytes[position]
            switch tag {
            case 0xFE: position += 4; pixels += 1
            case 0xFF: position += 5; pixels += 1
            default:
                switch tag >> 6 {
                case 0b10: position += 2; pixels += 1
                case 0b11: position += 1; pixels += Int(tag & 0x3F) + 1
                default: position += 1; pixels += 1
                }
            }
        }
        // A chunk that runs into the end marker was cut too (its bytes are the marker's).
        return pixels >= wanted && position <= end ? .complete : .shortOf(pixels: min(pixels, wanted))
    }
}
