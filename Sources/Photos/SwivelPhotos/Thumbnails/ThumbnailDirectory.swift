import SwivelCore

/// Where the shared thumbnails are (Thumbnail Managing Standard 0.9.0, "Thumbnail Directory"):
/// `$XDG_CACHE_HOME/thumbnails`, with `$HOME/.cache` for an unset or empty XDG_CACHE_HOME (XDG Base
/// Directory Specification 0.8), each thumbnail named by the MD5 of its file's URI.
public struct ThumbnailDirectory: Sendable {
    /// The thumbnails folder, absolute and canonical.
    public let root: FilePath
    /// This program's failure folder under `fail/`: the spec's `fail/APPNAME-VERSION`.
    public let failFolder: String

    public init(root: FilePath, program: String, version: String) {
        self.root = FileURI.absolute(root)
        failFolder = "\(program)-\(version)"
    }

    /// The thumbnails folder an environment names (`variable` looks one up); nil when neither
    /// XDG_CACHE_HOME nor HOME is set.
    public static func root(environment variable: (String) -> String?) -> FilePath? {
        if let cache = variable("XDG_CACHE_HOME"), !cache.isEmpty { return FilePath(cache + "/thumbnails") }
        if let home = variable("HOME"), !home.isEmpty { return FilePath(home + "/.cache/thumbnails") }
        return nil
    }

    /// The file name of `uri`'s thumbnail in any size's folder: the MD5 of the URI in hex, `.png`.
    public static func fileName(uri: String) -> String { MD5.hex(uri.utf8) + ".png" }

    public func folder(_ size: ThumbnailSize) -> FilePath { root.appending(Array(size.folder.utf8)) }

    public func path(_ size: ThumbnailSize, uri: String) -> FilePath {
        folder(size).appending(Array(Self.fileName(uri: uri).utf8))
    }

    public var failures: FilePath { root.appending(Array("fail/\(failFolder)".utf8)) }

    public func failurePath(uri: String) -> FilePath { failures.appending(Array(Self.fileName(uri: uri).utf8)) }

    /// Whether `absolute` (canonical, as `FileURI.absolute` makes it) lies inside the thumbnails
    /// folder: such files are never thumbnailed (the spec: a thumbnailer must not make
    /// thumbnails of thumbnails).
    public func contains(_ absolute: FilePath) -> Bool {
        absolute.bytes.starts(with: root.bytes + [UInt8(ascii: "/")]) || absolute == root
    }
}
