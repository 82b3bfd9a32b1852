import CZlib

/// zlib's inflate, for PNG's compressed iCCP profile.
enum Zlib {
    /// The inflated bytes of a zlib stream, or nil if it is broken or inflates past `limit`.
    static func inflate(_ input: [UInt8], limit: Int) -> [UInt8]? {
        var capacity = max(4096, min(limit, input.count * 4))
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = uLongf(capacity)
            let status = uncompress(&output, &size, input, uLong(input.count))
            if status == Z_OK { return Array(output.prefix(Int(size))) }
            guard status == Z_BUF_ERROR, capacity < limit else { return nil }
            capacity = min(limit, capacity * 4)
        }
    }
}
