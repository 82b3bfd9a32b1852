import Glibc
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
        injectedSlowness()
        return try ImageDecoder.decode(path, width: width, height: height)
    }

    /// Debug builds only, for the tests: `SWIVEL_TEST_SLOW_DECODE=NAME` makes the decode of the
    /// photo whose caption is NAME take 60 s more, as a photo that is slow to decode does, so that
    /// what waits for it (`--screenshot`) can be seen to stay responsive. Release builds never read it.
    private func injectedSlowness() {
        #if DEBUG
        if let slow = getenv("SWIVEL_TEST_SLOW_DECODE").map({ String(cString: $0) }), slow == name { sleep(60) }
        #endif
    }

    public var description: String { path.description }
}
