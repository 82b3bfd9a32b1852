import Glibc
import SwivelCore
import SwivelSystem

/// The desktop's shared thumbnail cache as the deck uses it (Thumbnail Managing Standard 0.9.0):
/// a card's photo comes from a valid thumbnail when one covers the card, else from the file, whose
/// decode leaves a thumbnail (or a failure entry) for the writer to save.
public final class ThumbnailCache: @unchecked Sendable {
    public let directory: ThumbnailDirectory
    public let writer: ThumbnailWriter
    /// The thumbnails folder with its links resolved, when it exists (for `contains`).
    private let resolvedRoot: FilePath?
    /// The `Software` text of the files this program writes ("swivel VERSION").
    private let software: String
    private let condition = Condition()
    private var hitCount = 0, missCount = 0
    private var captureCPU = 0.0

    /// The cache in `directory`, writing as `program version` (the `Software` text and the
    /// failure folder `fail/program-version`). `warn` gets the one warning of a run whose writes fail.
    public init(directory: ThumbnailDirectory, software: String, warn: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        writer = ThumbnailWriter(directory: directory, software: software, warn: warn)
        self.software = software
        resolvedRoot = Self.resolved(directory.root)
    }

    /// Cards whose photo came from a thumbnail, and cards decoded from their file (`--bench`).
    public var hits: Int { condition.withLock { hitCount } }
    public var misses: Int { condition.withLock { missCount } }

    /// CPU time the thumbnails have cost so far, in milliseconds: kept during decodes (on the
    /// decode threads) and encoded and written (`--bench`).
    public var cpuMilliseconds: Double { condition.withLock { captureCPU } + writer.cpuMilliseconds }

    /// The card-sized photo of `file`: from the smallest valid thumbnail that covers the card (one
    /// over its folder's size is none: it is passed over, and the file's own thumbnail replaces
    /// it), else decoded by `decodeFile` while a thumbnail of it is kept for writing. A file with a
    /// valid failure entry that this program wrote (its folder is this version's, and so must be
    /// its `Software`: another program's entry, wherever it was put, is no verdict) is not
    /// decoded again: the entry's reason is thrown.
    func decode(_ file: FilePath, width: Int, height: Int, cancellation: DecodeCancellation,
                decodeFile: () throws(ImageLoadError) -> DecodedImage) throws(ImageLoadError) -> DecodedImage {
        guard let subject = ThumbnailSubject(file: file), !isInside(subject.path) else { return try decodeFile() }
        for size in ThumbnailSize.candidates(card: (width, height)) {
            let path = directory.path(size, uri: subject.uri)
            guard let chunks = PhotoDecoding.thumbnailChunks(path, needing: ThumbnailSubject.Keys.checked), subject.isDescribed(by: chunks.texts),
                  size.holds(width: chunks.width, height: chunks.height),
                  ThumbnailSize.covers((chunks.width, chunks.height), card: (width, height)) else { continue }
            do {
                let image = try PhotoDecoding.decode(path, target: .fill(width: width, height: height), cancellation: cancellation)
                condition.withLock { hitCount += 1 }
                return image
            } catch {
                if error.cancelled { throw ImageLoadError(path: file, reason: error.reason, cancelled: true) }
                // A thumbnail that will not decode is passed over; the file is decoded.
            }
        }
        if let chunks = PhotoDecoding.thumbnailChunks(directory.failurePath(uri: subject.uri), wanting: Self.failureKeys), subject.isDescribed(by: chunks.texts),
           chunks.texts[ThumbnailSubject.Keys.software] == software, let reason = chunks.texts[ThumbnailSubject.Keys.reason] {
            condition.withLock { hitCount += 1 }
            throw ImageLoadError(path: file, reason: reason)
        }
        condition.withLock { missCount += 1 }
        let capture = ThumbnailCapture(card: (width, height))
        do {
            let image = try capture.during { () throws(ImageLoadError) in try decodeFile() }
            condition.withLock { captureCPU += capture.cpuMilliseconds }
            if let (size, thumbnail, original) = capture.captured {
                writer.add(.thumbnail(subject, size, thumbnail, original: original,
                                      mimeType: capture.format?.declaration.mimeTypes.first))
            }
            return image
        } catch {
            if Self.isVerdictOnFile(error) { writer.add(.failure(subject, reason: error.reason)) }
            throw error
        }
    }

    /// The keys a failure entry is judged by: it describes the file, this program wrote it, and why.
    static let failureKeys = ThumbnailSubject.Keys.checked + [ThumbnailSubject.Keys.software, ThumbnailSubject.Keys.reason]

    /// Whether a failure says the file itself cannot be shown, so is worth a failure entry: not a
    /// cancel, not the process out of descriptors or memory, not a library that did not load
    /// (installing it changes the answer, the file does not).
    static func isVerdictOnFile(_ error: ImageLoadError) -> Bool {
        !error.cancelled && !error.transient && error.reason != PhotoMemory.outOfMemory.reason
            && !MissingLibrary.isReason(error.reason)
    }

    /// Whether `absolute` is in the thumbnails folder, by its path or its resolved path.
    private func isInside(_ absolute: FilePath) -> Bool {
        if directory.contains(absolute) { return true }
        guard let resolvedRoot, let resolved = Self.resolved(absolute) else { return false }
        return resolved.bytes.starts(with: resolvedRoot.bytes + [UInt8(ascii: "/")])
    }

    private static func resolved(_ path: FilePath) -> FilePath? {
        guard let real = path.cString.withUnsafeBufferPointer({ realpath($0.baseAddress!, nil) }) else { return nil }
        defer { free(real) }
        return FilePath(bytes: Array(UnsafeBufferPointer(start: real, count: strlen(real)).map { UInt8(bitPattern: $0) }))
    }

    /// The largest thumbnail file read: an xx-large RGBA thumbnail is at most 4 MiB of pixels.
    static let maxThumbnailBytes = 16 << 20

    /// The bytes read first for a thumbnail's chunks before its image data: swivel's and GLib's
    /// thumbnails have a few hundred bytes of chunks before IDAT, an embedded ICC profile a few KB.
    static let headBytes = 64 << 10

    /// A thumbnail file's size and text chunks; nil when it is missing, too large or not a PNG.
    /// When the chunks before the image data (within `headBytes`) hold every key of `needing`,
    /// only those are read (no chunk after them can change a key: the first one wins), not the
    /// pixels, which the decoder reads next; else the file is read whole.
    static func chunks(_ path: FilePath, needing keys: [String] = []) -> PNGTextChunks? {
        guard let file = try? OpenFile(path) else { return nil }
        defer { file.close() }
        return chunks(file, needing: keys)
    }

    /// `chunks` of an open file (a decoder worker's).
    static func chunks(_ file: OpenFile, needing keys: [String] = []) -> PNGTextChunks? {
        guard file.size <= maxThumbnailBytes else { return nil }
        if !keys.isEmpty, file.size > headBytes, let head = try? file.read(headBytes),
           let chunks = PNGTextChunks(head, beforeImageData: true), keys.allSatisfy({ chunks.texts[$0] != nil }) {
            return chunks
        }
        guard let bytes = try? file.read(file.size) else { return nil }
        return PNGTextChunks(bytes)
    }
}

