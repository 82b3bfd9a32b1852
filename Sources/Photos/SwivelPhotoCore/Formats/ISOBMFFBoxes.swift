/// Whether an ISO base media file (HEIF, AVIF) reaches as far as its top-level boxes say.
///
/// The file is a run of boxes, each starting with its size (ISO/IEC 14496-12, 4.2): a 32-bit
/// big-endian size and a four-character type; size 1 means a 64-bit size follows the type, size
/// 0 that the box runs to the end of the file. A file cut anywhere leaves its last box (usually
/// `mdat`, the coded pixels) reaching past the end. libheif and libavif do not always say so:
/// libheif names the first item whose data it misses ("Unexpected end of file: Extent in iloc
/// box…"), libavif a parse failure that "possibly" comes from truncated data, or decodes what is
/// there when the cut falls in bytes it does not need. Walking the top-level boxes needs no
/// library and tells a cut file exactly.
public enum ISOBMFFBoxes {
    /// True when the boxes claim more bytes than the file holds (or a box header is itself cut).
    public static func isCutShort(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { return true }
            var size = UInt64(be32(bytes, offset))
            if size == 1 {
                guard bytes.count - offset >= 16 else { return true }
                size = UInt64(be32(bytes, offset + 8)) << 32 | UInt64(be32(bytes, offset + 12))
                guard size >= 16 else { return false }    // malformed, not cut: left to the library
            } else if size == 0 {
                return false                                // runs to the end of the file
            } else if size < 8 {
                return false
            }
            guard size <= UInt64(bytes.count - offset) else { return true }
            offset += Int(size)
        }
        return false
    }

    private static func be32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}
