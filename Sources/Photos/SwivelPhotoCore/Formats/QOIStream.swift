/// QOI's chunk stream decoded to RGBA, from bytes handed in as they are read, so a file is never
/// held whole, a decode can stop between rows, and a file cut short is told from a whole one.
///
/// Written here rather than taken from the reference qoi.h (Debian's libqoi-dev, and the copy
/// inside SDL2_image): qoi.h decodes a whole file in memory in one call (a 256 MP QOI may be over
/// a gigabyte of data), cannot be stopped, and fills the pixels a short stream does not reach with
/// the last colour without a word (a cut file showed as a card padded with a smear). The format is
/// one page (QOI specification 1.0, qoiformat.org): a 14-byte header, chunks, then an end marker of
/// seven 0x00 bytes and one 0x01. Each chunk's length follows from its first byte: QOI_OP_RGB
/// (0xFE) 4 bytes, QOI_OP_RGBA (0xFF) 5, QOI_OP_LUMA (tag 0b10) 2, QOI_OP_INDEX (0b00) and
/// QOI_OP_DIFF (0b01) 1 byte, QOI_OP_RUN (0b11) 1 byte and 1-62 pixels. A file cut in its chunks
/// runs out of bytes before its pixels are all there; one cut after them lacks its end marker.
public enum QOIStream {
    public static let headerBytes = 14
    public static let endMarker: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1]

    public enum Problem: Error, Equatable, Sendable {
        /// The bytes ended with this many pixels decoded, fewer than the header's.
        case shortOf(pixels: Int)
        /// Every pixel is there, but not the end marker after them.
        case noEndMarker
        /// `shouldStop` said so.
        case stopped
    }

    /// Decodes `width` × `height` pixels into `pixels` (4 bytes each, RGBA, straight alpha, rows
    /// top first, no padding). `read` hands over the next bytes of the file after its header
    /// (empty at its end); `shouldStop` is asked before each row.
    public static func decode(width: Int, height: Int, into pixels: UnsafeMutablePointer<UInt8>,
                              read: () throws(Problem) -> [UInt8],
                              shouldStop: () -> Bool) throws(Problem) {
        var buffer: [UInt8] = [], position = 0
        var decoded = 0
        // The next byte of the stream; nil at its end.
        func next() throws(Problem) -> UInt8? {
            if position == buffer.count {
                buffer = try read()
                position = 0
                if buffer.isEmpty { return nil }
            }
            position += 1
            return buffer[position - 1]
        }
        func byte() throws(Problem) -> UInt8 {
            guard let value = try next() else { throw .shortOf(pixels: decoded) }
            return value
        }
        var index = [(UInt8, UInt8, UInt8, UInt8)](repeating: (0, 0, 0, 0), count: 64)
        var (r, g, b, a): (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
        var run = 0
        for y in 0..<height {
            if shouldStop() { throw .stopped }
            var out = pixels + y * width * 4
            for _ in 0..<width {
                if run > 0 {
                    run -= 1
                } else {
                    let tag = try byte()
                    switch tag {
                    case 0xFE:
                        (r, g, b) = (try byte(), try byte(), try byte())
                    case 0xFF:
                        (r, g, b, a) = (try byte(), try byte(), try byte(), try byte())
                    default:
                        switch tag >> 6 {
                        case 0b00:
                            (r, g, b, a) = index[Int(tag)]
                        case 0b01:   // each difference biased by 2
                            r = r &+ ((tag >> 4) & 3) &- 2
                            g = g &+ ((tag >> 2) & 3) &- 2
                            b = b &+ (tag & 3) &- 2
                        case 0b10:   // green's difference biased by 32, red's and blue's from it by 8
                            let second = try byte()
                            let dg = (tag & 0x3F) &- 32
                            r = r &+ dg &- 8 &+ (second >> 4)
                            g = g &+ dg
                            b = b &+ dg &- 8 &+ (second & 0x0F)
                        default:
                            run = Int(tag & 0x3F)   // a run of 1-62: this pixel and `run` more
                        }
                    }
                    // index_position = (r * 3 + g * 5 + b * 7 + a * 11) % 64
                    let slot = (Int(r) * 3 + Int(g) * 5 + Int(b) * 7 + Int(a) * 11) % 64
                    index[slot] = (r, g, b, a)
                }
                out[0] = r; out[1] = g; out[2] = b; out[3] = a
                out += 4
                decoded += 1
            }
        }
        for expected in endMarker where try next() != expected { throw .noEndMarker }
    }
}
