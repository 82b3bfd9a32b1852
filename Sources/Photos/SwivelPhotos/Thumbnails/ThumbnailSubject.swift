import Glibc
import SwivelCore

/// The file a thumbnail stands for, as the spec checks it (0.9.0, "Thumbnail Attributes" and
/// "Detect modifications"): its URI, its modification time in whole seconds and its size in bytes.
public struct ThumbnailSubject: Sendable, Equatable {
    /// The absolute, canonical path (`FileURI.absolute`).
    public let path: FilePath
    public let uri: String
    public let modified: Int
    public let size: Int

    /// `file` as it is on disk now; nil when it cannot be stat'ed.
    public init?(file: FilePath) {
        var status = stat()
        let found = file.cString.withUnsafeBufferPointer { stat($0.baseAddress!, &status) } == 0
        guard found else { return nil }
        path = FileURI.absolute(file)
        uri = "file://" + FileURI.escaped(path.bytes)
        modified = Int(status.st_mtim.tv_sec)
        size = Int(status.st_size)
    }

    public init(path: FilePath, uri: String, modified: Int, size: Int) {
        (self.path, self.uri, self.modified, self.size) = (path, uri, modified, size)
    }

    /// Whether a thumbnail's text chunks say it is of this file as it is now: `Thumb::URI` equal,
    /// `Thumb::MTime` equal, and `Thumb::Size` equal when present (the spec's two required keys
    /// and its advice to check the size too when it is stored).
    public func isDescribed(by texts: [String: String]) -> Bool {
        guard texts[Keys.uri] == uri, let time = texts[Keys.modified].flatMap(Self.integer), time == modified
        else { return false }
        if let stored = texts[Keys.size] { return Self.integer(stored) == size }
        return true
    }

    /// A decimal integer as the spec's writers store it (GLib reads it with strtol: leading
    /// blanks allowed, nothing after the digits).
    private static func integer(_ text: String) -> Int? {
        Int(text.drop { $0 == " " || $0 == "\t" })
    }

    /// The spec's keys, as written in PNG text chunks.
    public enum Keys {
        public static let uri = "Thumb::URI"
        public static let modified = "Thumb::MTime"
        public static let size = "Thumb::Size"
        public static let imageWidth = "Thumb::Image::Width"
        public static let imageHeight = "Thumb::Image::Height"
        public static let mimeType = "Thumb::Mimetype"
        public static let software = "Software"
        /// Swivel's own key on a failure entry: the reason the file was skipped, shown again
        /// instead of decoding it once more. (The spec lets programs add keys of their own; it
        /// asks that they start with `X-`.)
        public static let reason = "X-Swivel::Reason"
        /// The keys `isDescribed` looks at.
        public static let checked = [uri, modified, size]
    }
}
