/// A file system path as the raw bytes the kernel uses, so names that are not valid UTF-8 still
/// open; text for people is made from it with invalid bytes replaced (U+FFFD).
public struct FilePath: Hashable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { bytes = Array(string.utf8) }

    /// The path for messages: UTF-8 with invalid sequences replaced (U+FFFD) and control, format
    /// and line/paragraph separator characters escaped (`Quoting.oneLine`: a newline in a file name
    /// shows as `\n`, a right-to-left override as `\u{202E}`), so a message naming a file stays
    /// one line and reads in order.
    public var description: String { Quoting.oneLine(text) }

    /// The path as text, invalid UTF-8 replaced (U+FFFD) but nothing escaped.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The last component's bytes (after the final "/", ignoring trailing slashes).
    public var lastComponent: [UInt8] {
        var end = bytes.endIndex
        while end > bytes.startIndex + 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? bytes.startIndex
        return Array(bytes[start..<end])
    }

    /// The last component without its extension ("beach.2024.jpg" → "beach.2024"); a leading dot
    /// is part of the name (".hidden" stays ".hidden").
    public var stem: [UInt8] {
        let name = lastComponent
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return name }
        return Array(name[..<dot])
    }

    /// The extension, lower-cased ASCII, without the dot ("" when there is none).
    public var pathExtension: String {
        let name = lastComponent
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return "" }
        return String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
    }

    /// `self` + "/" + `component`.
    public func appending(_ component: [UInt8]) -> FilePath {
        var joined = bytes
        if joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        return FilePath(bytes: joined + component)
    }

    /// A NUL-terminated copy for C calls.
    public var cString: [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }
}

extension FilePath {
    /// Whether this is the command line's `-`: paths to be read from standard input.
    public var isStandardInput: Bool { bytes == [UInt8(ascii: "-")] }
}
