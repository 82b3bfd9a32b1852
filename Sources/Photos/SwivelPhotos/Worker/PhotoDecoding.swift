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

    /// `PhotoXMP.read` of the photo `photo` and its sidecar `sidecar`, in a worker when there is a pool.
    public static func xmp(photo: FilePath?, sidecar: FilePath?) -> PhotoXMP.Found {
        if let pool { return pool.xmp(photo: photo, sidecar: sidecar) }
        let photoFile = photo.flatMap { try? OpenFile($0) }, sidecarFile = sidecar.flatMap { try? OpenFile($0) }
        defer { photoFile?.close(); sidecarFile?.close() }
        return PhotoXMP.read(photo: photoFile?.descriptor, sidecar: sidecarFile?.descriptor)
    }

    /// The ratings of `paths`, in order: each photo's sidecar's (its folder listed once), else its
    /// own XMP's, read on all cores (in the workers when there is a pool).
    public static func ratings(_ paths: [FilePath]) -> [Rating] {
        var folders = SidecarFolders()
        let files = paths.map { (photo: $0, sidecar: folders.sidecar(of: $0)) }
        return DeckOrder.inParallel(files) { xmp(photo: $0.photo, sidecar: $0.sidecar).value }
    }

    /// `PhotoXMP.merged` of the sidecar at `existing` (nil: none yet), in a worker when there is a pool.
    public static func mergedSidecar(_ existing: FilePath?, rating: Rating,
                                     changes: PhotoXMP.Changes) -> Result<(bytes: [UInt8], says: PhotoXMP.Found), PhotoXMP.Refusal> {
        if let pool { return pool.mergedSidecar(existing, rating: rating, changes: changes) }
        var bytes: [UInt8]?
        if let existing {
            guard let file = try? OpenFile(existing) else { return .failure(PhotoXMP.Refusal(reason: "cannot read the sidecar")) }
            defer { file.close() }
            guard let read = PhotoXMP.wholeFile(file.descriptor) else { return .failure(PhotoXMP.Refusal(reason: "cannot read the sidecar")) }
            bytes = read
        }
        do throws(PhotoXMP.Refusal) {
            return .success(try PhotoXMP.merged(bytes, rating: rating, changes: changes))
        } catch {
            return .failure(error)
        }
    }

    /// `ThumbnailCache.chunks` of a thumbnail file, in a worker when there is a pool (its text
    /// chunks may be compressed, and any program of the user's may have written the file): the
    /// size, and the texts of `needing` and `wanting` (in-process: every text).
    static func thumbnailChunks(_ path: FilePath, needing: [String] = [], wanting: [String] = []) -> PNGTextChunks? {
        if let pool { return pool.thumbnailChunks(path, needing: needing, wanting: wanting) }
        return ThumbnailCache.chunks(path, needing: needing)
    }
}
