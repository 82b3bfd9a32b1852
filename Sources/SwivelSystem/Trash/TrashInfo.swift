import Glibc

/// The text of a `.trashinfo` file (Trash specification 1.0, "Contents of a trash directory"):
///
///     [Trash Info]
///     Path=/home/me/Pictures/beach%20day.jpg
///     DeletionDate=2026-12-01T18:40:05
///
/// `Path` is the file's original path as the bytes the file system uses, escaped as in URLs
/// (the specification cites RFC 2396, section 2); absolute in the home trash, relative to the top
/// directory in a trash on another mount. `DeletionDate` is local time, `YYYY-MM-DDThh:mm:ss`.
public enum TrashInfo {
    /// The whole file for `path` (already absolute, or relative to its top directory) trashed at
    /// `date` (seconds since the epoch, shown in the local time zone).
    public static func text(path: [UInt8], deletedAt date: time_t) -> [UInt8] {
        Array("[Trash Info]\nPath=".utf8) + escape(path) + Array("\nDeletionDate=\(deletionDate(date))\n".utf8)
    }

    /// `bytes` with every byte but RFC 3986's unreserved characters (letters, digits, `-._~`) and
    /// `/` written as `%XX`, upper-case hex: what GLib's `g_uri_escape_string(path, "/", FALSE)`
    /// writes for `gio trash`, so a space is `%20`, `%` is `%25`, a newline `%0A` and each byte of
    /// a non-ASCII character its own `%XX`.
    public static func escape(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return out
    }

    /// `YYYY-MM-DDThh:mm:ss` for `date` in the local time zone (the specification's "local time").
    public static func deletionDate(_ date: time_t) -> String {
        var seconds = date
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "1970-01-01T00:00:00" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
