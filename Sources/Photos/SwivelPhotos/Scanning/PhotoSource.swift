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

    /// Decodes the photo for a card texture (on a worker thread); stops early once `cancellation`
    /// is set. With `thumbnails`, a valid thumbnail that covers the card is used instead of the
    /// file, and a decode of the file leaves a thumbnail to be written (`ThumbnailCache`).
    public func decode(width: Int, height: Int, cancellation: DecodeCancellation = .never,
                       thumbnails: ThumbnailCache? = nil) throws(ImageLoadError) -> DecodedImage {
        try injectedSlowness(cancellation)
        guard let thumbnails else {
            return try ImageDecoder.decode(path, width: width, height: height, cancellation: cancellation)
        }
        return try thumbnails.decode(path, width: width, height: height, cancellation: cancellation) { () throws(ImageLoadError) in
            try ImageDecoder.decode(path, width: width, height: height, cancellation: cancellation)
        }
    }

    /// Debug builds only, for the tests: `SWIVEL_TEST_SLOW_DECODE=NAME` makes the decode of the
    /// photo whose caption is NAME take 60 s more, as a photo that is slow to decode does, so that
    /// what waits for it (`--screenshot`) can be seen to stay responsive. It looks at its
    /// cancellation every 10 ms, as the decoders do between their units of work. Release builds
    /// never read it.
    private func injectedSlowness(_ cancellation: DecodeCancellation) throws(ImageLoadError) {
        #if DEBUG
        guard let slow = getenv("SWIVEL_TEST_SLOW_DECODE").map({ String(cString: $0) }), slow == name else { return }
        for _ in 0..<6000 {
            if cancellation.isCancelled { throw ImageLoadError(path: path, reason: "cancelled", cancelled: true) }
            usleep(10_000)
        }
        #endif
    }

    public var description: String { path.description }
}
