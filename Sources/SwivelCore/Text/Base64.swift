/// Base64 (RFC 4648, standard alphabet, `=` padding), the text the demo deck's images are
/// embedded in at build time.
public enum Base64 {
    /// The bytes `text` encodes, or nil if it is not padded base64: a length that is not a multiple
    /// of 4, a character outside the alphabet (whitespace included), or `=` anywhere but the last
    /// one or two places.
    public static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 4 * 3)
        var index = 0
        while index < characters.count {
            let isLast = index + 4 == characters.count
            let padding = isLast ? characters[(index + 2)...].reversed().prefix { $0 == UInt8(ascii: "=") }.count : 0
            var group: UInt32 = 0
            for offset in 0..<4 {
                let character = characters[index + offset]
                let value: UInt32
                if offset >= 4 - padding {
                    value = 0
                } else if let decoded = Self.value(of: character) {
                    value = decoded
                } else {
                    return nil
                }
                group = group << 6 | value
            }
            bytes.append(UInt8(group >> 16))
            if padding < 2 { bytes.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { bytes.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return bytes
    }

    private static func value(of character: UInt8) -> UInt32? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(character - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(character - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(character - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
