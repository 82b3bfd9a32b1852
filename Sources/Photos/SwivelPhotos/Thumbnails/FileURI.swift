import Glibc
import SwivelCore

/// A file's `file://` URI as the Thumbnail Managing Standard names thumbnails by it: the absolute
/// path, made canonical without looking at the disk, percent-encoded as GLib's `g_filename_to_uri`
/// does (what GNOME's and most desktops' thumbnailers hash).
public enum FileURI {
    /// `file://` and the escaped absolute form of `path` (relative paths are taken from the
    /// current directory).
    public static func of(_ path: FilePath) -> String {
        "file://" + escaped(absolute(path).bytes)
    }

    /// `path` made absolute and canonical as GLib's `g_canonicalize_filename` does: from the
    /// current directory when relative, `.` and empty components dropped, `..` taking the component
    /// before it away (lexically: symbolic links are not followed).
    public static func absolute(_ path: FilePath) -> FilePath {
        var bytes = path.bytes
        if bytes.first != UInt8(ascii: "/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                bytes = Array(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }) + [UInt8(ascii: "/")] + bytes
            }
        }
        var components: [ArraySlice<UInt8>] = []
        for component in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if component.elementsEqual([UInt8(ascii: ".")]) { continue }
            if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = components.popLast()
                continue
            }
            components.append(component)
        }
        return FilePath(bytes: components.isEmpty ? [UInt8(ascii: "/")]
                                                  : components.flatMap { [UInt8(ascii: "/")] + $0 })
    }

    /// GLib's `g_escape_uri_string` with its `UNSAFE_PATH` mask (gconvert.c): ASCII letters, digits
    /// and `!$&'()*+,-./:=@_~` stay as they are; every other byte (`%`, space, `#`, `?`, control
    /// bytes, each byte of UTF-8 or other non-ASCII names) becomes `%XX` with upper-case hex digits.
    public static func escaped(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if isKept(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!$&'()*+,-./:=@_~".utf8).contains(byte)
        }
    }
}
