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
    /// file, and a decode of the file leaves a thumbnail to be written (`ThumbnailCache`). `faults`:
    /// a test's (`InjectedFaults`).
    public func decode(width: Int, height: Int, cancellation: DecodeCancellation = .never,
                       thumbnails: ThumbnailCache? = nil, faults: InjectedFaults = .none) throws(ImageLoadError) -> DecodedImage {
        try faults.decode(self, cancellation: cancellation)
        guard let thumbnails else {
            return try PhotoDecoding.decode(path, target: .fill(width: width, height: height), cancellation: cancellation)
        }
        return try thumbnails.decode(path, width: width, height: height, cancellation: cancellation) { () throws(ImageLoadError) in
            try PhotoDecoding.decode(path, target: .fill(width: width, height: height), cancellation: cancellation)
        }
    }

    public var description: String { path.description }
}
