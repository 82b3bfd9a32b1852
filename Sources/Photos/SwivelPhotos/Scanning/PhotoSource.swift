import Glibc
import SwivelCore
import SwivelPhotoCore

/// One photo of a deck: where its bytes are (one file, or a RAW+JPEG pair: `CardFiles`) and what
/// its caption says.
public struct PhotoSource: Sendable, CustomStringConvertible {
    public let files: CardFiles
    /// The caption: the file name without its extension (invalid UTF-8 shown as U+FFFD).
    public let name: String

    /// The file the card draws (a pair's JPEG).
    public var path: FilePath { files.shown }

    public init(file: FilePath) { self.init(files: CardFiles(file)) }

    public init(files: CardFiles) {
        self.files = files
        name = String(decoding: files.shown.stem, as: UTF8.self)
    }

    public init(path: FilePath, name: String) {
        files = CardFiles(path)
        self.name = name
    }

    /// Decodes the photo for a card texture (on a worker thread); stops early once `cancellation`
    /// is set. With `thumbnails`, a valid thumbnail that covers the card is used instead of the
    /// file, and a decode of the file leaves a thumbnail to be written (`ThumbnailCache`). `faults`:
    /// a test's (`InjectedFaults`). A pair's card is its JPEG's.
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

    /// Decodes the photo for the full view (`target` a fit: the window's size, or the whole photo).
    /// A RAW+JPEG pair is placed at the larger of its two sizes and decoded from the JPEG where
    /// it has the pixels `target` asks for, else from the RAW (`RAWJPEGPairs.viewSource`): the
    /// window-size decode is the JPEG's, the full resolution the RAW's where the camera's JPEG is
    /// the smaller. The two sizes are read first (headers only: LibRaw's parse, the JPEG's SOF).
    public func decodeForView(target: DecodeTarget, unresampledUpTo: Double = 1,
                              cancellation: DecodeCancellation = .never) throws(ImageLoadError) -> DecodedImage {
        guard let raw = files.raw else {
            return try PhotoDecoding.decode(path, target: target, unresampledUpTo: unresampledUpTo, cancellation: cancellation)
        }
        func size(_ info: PhotoInfo) -> (width: Int, height: Int)? {
            guard let width = info.width, let height = info.height else { return nil }
            return (width, height)
        }
        let (side, pairSize) = RAWJPEGPairs.viewSource(raw: size(PhotoDecoding.info(raw)), jpeg: size(PhotoDecoding.info(path)),
                                                        target: target)
        if cancellation.isCancelled { throw ImageLoadError(path: path, failure: .cancelled) }
        guard side == .jpeg else {
            return try PhotoDecoding.decode(raw, target: target, unresampledUpTo: unresampledUpTo, cancellation: cancellation)
        }
        var image = try PhotoDecoding.decode(path, target: target, unresampledUpTo: unresampledUpTo, cancellation: cancellation)
        if case .fit = target, let pairSize { image.original = pairSize }
        return image
    }

    public var description: String { path.description }
}
