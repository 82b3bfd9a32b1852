import SwivelCore
import SwivelPlatform

/// One photo of a deck: where its bytes are and what its caption says.
struct PhotoSource: Sendable, CustomStringConvertible {
    let path: FilePath
    /// The caption: the file name without its extension (invalid UTF-8 shown as U+FFFD).
    let name: String

    init(file: FilePath) {
        path = file
        name = String(decoding: file.stem, as: UTF8.self)
    }

    init(path: FilePath, name: String) {
        self.path = path
        self.name = name
    }

    /// Decodes the photo for a card texture (on a worker thread).
    func decode(width: Int, height: Int) throws(ImageLoadError) -> DecodedImage {
        try ImageDecoder.decode(path, width: width, height: height)
    }

    var description: String { path.description }
}
