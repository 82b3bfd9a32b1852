import SwivelCore

/// One photo of a deck: where its bytes are and what its caption says.
public struct PhotoSource: Sendable, CustomStringConvertible {
    public let path: FilePath
    /// The caption: the file name without its extension (invalid UTF-8 shown as U+FFFD).
    public let name: String

    public init(file: FilePath) {
        path = file
        name = String(decoding: file.stem, as: UTF8.self)
    }

    public init(path: FilePath, name: String) {
        self.path = path
        self.name = name
    }

    /// Decodes the photo for a card texture (on a worker thread).
    public func decode(width: Int, height: Int) throws(ImageLoadError) -> DecodedImage {
        try ImageDecoder.decode(path, width: width, height: height)
    }

    public var description: String { path.description }
}
