import SwivelCore
import SwivelPhotoCore

/// Where the app's decodes run: in its decoder workers once `use` has been given a pool (the app,
/// `--bench`, `--soak`), else in this process (`ImageDecoder`; the unit tests, and `--bench
/// --in-process`, which measures the box's cost). Set once, before the first decode thread starts.
public enum PhotoDecoding {
    nonisolated(unsafe) private static var pool: DecoderPool?

    /// Sends every later decode to `pool` (nil: back to this process).
    public static func use(_ pool: DecoderPool?) { self.pool = pool }

    /// The pool in use, if any.
    public static var current: DecoderPool? { pool }

    /// `ImageDecoder.decode`, in a worker when there is a pool.
    static func decode(_ path: FilePath, target: DecodeTarget, unresampledUpTo: Double = 1,
                       cancellation: DecodeCancellation = .never) throws(ImageLoadError) -> DecodedImage {
        if let pool {
            return try pool.decode(path, target: target, unresampledUpTo: unresampledUpTo, cancellation: cancellation)
        }
        return try ImageDecoder.decode(path, target: target, unresampledUpTo: unresampledUpTo, cancellation: cancellation)
    }

    /// `PhotoInfo.read`, in a worker when there is a pool.
    public static func info(_ path: FilePath) -> PhotoInfo {
        pool?.info(path) ?? PhotoInfo.read(path)
    }

    /// `PhotoTurner.turn` of the file at `path`, in a worker when there is a pool: the bytes of the
    /// file turned, for the app to write in its place.
    public static func turn(_ path: FilePath, by turn: PhotoTurn) throws(ImageLoadError) -> PhotoTurner.Turned {
        if let pool { return try pool.turn(path, by: turn) }
        let file: OpenFile
        do { file = try OpenFile(path) } catch { throw ImageLoadError(path: path, failure: error) }
        defer { file.close() }
        do throws(DecodeFailure) {
            return try PhotoTurner.turn(descriptor: file.descriptor, pathExtension: path.pathExtension, by: turn)
        } catch {
            throw ImageLoadError(path: path, failure: error)
        }
    }

    /// `DateTaken.dateTaken`, in a worker when there is a pool.
    static func dateTaken(_ path: FilePath) -> String? {
        if let pool { return pool.dateTaken(path) }
        return DateTaken.dateTaken(path)
    }

    /// `ThumbnailCache.chunks` of a thumbnail file, in a worker when there is a pool (its text
    /// chunks may be compressed, and any program of the user's may have written the file): the
    /// size, and the texts of `needing` and `wanting` (in-process: every text).
    static func thumbnailChunks(_ path: FilePath, needing: [String] = [], wanting: [String] = []) -> PNGTextChunks? {
        if let pool { return pool.thumbnailChunks(path, needing: needing, wanting: wanting) }
        return ThumbnailCache.chunks(path, needing: needing)
    }
}
