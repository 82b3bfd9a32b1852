import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// What the rating store did, for the app's state to take in.
public enum RatingEvent: Equatable, Sendable {
    /// The photo's rating and label as its XMP says (its sidecar's, else its own packet's).
    case read(FilePath, Rating)
    /// The photo's sidecar was written, and this is what it now says (the properties the save did
    /// not set are the file's).
    case saved(FilePath, Rating)
    /// It could not be saved, and why (one line).
    case notSaved(FilePath, Rating, reason: String)
}

/// Which name a new sidecar gets (an existing one is written where it is, whatever its name).
public enum SidecarNaming: String, CaseIterable, Sendable {
    /// `NAME.EXT.xmp`: darktable's and digiKam's, which keeps a RAW's and a JPEG's of one shot apart.
    case full
    /// `NAME.xmp`: Lightroom's, Bridge's, geeqie's and FastRawViewer's.
    case base
}

/// The photos' ratings and labels in XMP, read and saved on a thread of their own (never the
/// frame step's): a read asks a decoder worker for the photo's rating (`PhotoDecoding.xmp`, with
/// the photo and its sidecar as descriptors); a save asks a worker for the sidecar's new bytes
/// (`PhotoDecoding.mergedSidecar`: the sidecar there is, every property and namespace kept, the
/// rating and label set) and writes them atomically: a temporary file in the sidecar's folder,
/// written whole, `fsync`ed, renamed over the sidecar, the folder `fsync`ed. A save that fails
/// (a read-only folder, a full disk) leaves the sidecar as it was and says why. The photo itself is
/// never written.
///
/// Jobs are done one at a time in the order asked, so a read asked before a save reports before
/// it; the results wait in `take` and `wake` is called for each batch of them.
public final class RatingStore: @unchecked Sendable {
    private enum Job {
        case read([FilePath])
        case save(FilePath, Rating, PhotoXMP.Changes)
    }

    public let naming: SidecarNaming
    private let condition = Condition()
    private var jobs: [Job] = []
    private var events: [RatingEvent] = []
    private var busy = false
    private var stopped = false
    private let wake: @Sendable () -> Void
    /// Injected failures for tests: a save's write fails with this errno.
    public var failSavesWith: Int32?

    public init(naming: SidecarNaming, wake: @escaping @Sendable () -> Void) {
        self.naming = naming
        self.wake = wake
        startThread(named: "swivel-ratings") { [self] in run() }
    }

    /// Reads the ratings of `photos`.
    public func read(_ photos: [FilePath]) {
        guard !photos.isEmpty else { return }
        enqueue(.read(photos))
    }

    /// Saves `rating`'s `changes` into `photo`'s sidecar.
    public func save(_ photo: FilePath, _ rating: Rating, changes: PhotoXMP.Changes = .both) {
        enqueue(.save(photo, rating, changes))
    }

    private func enqueue(_ job: Job) {
        condition.withLock { jobs.append(job) }
        condition.broadcast()
    }

    /// Whether results wait to be taken.
    public var hasEvents: Bool { condition.withLock { !events.isEmpty } }

    /// The results so far, in the order they came.
    public func take() -> [RatingEvent] {
        condition.withLock {
            defer { events = [] }
            return events
        }
    }

    /// Whether every job asked for is done.
    public var isIdle: Bool { condition.withLock { jobs.isEmpty && !busy } }

    /// Waits until every job asked for is done (`--list`, and tests, which wait by this condition).
    public func waitUntilIdle() {
        condition.withLock { while !jobs.isEmpty || busy { condition.wait() } }
    }

    /// Ends the thread once the jobs asked for are done.
    public func stop() {
        condition.withLock { stopped = true }
        condition.broadcast()
    }

    private func run() {
        while true {
            let job: Job? = condition.withLock {
                while jobs.isEmpty && !stopped { condition.wait() }
                if jobs.isEmpty { return nil }
                busy = true
                return jobs.removeFirst()
            }
            guard let job else { return }
            switch job {
            case .read(let photos):
                // A batch at a time: the folder listed once for all its photos, the results handed
                // over every 64 photos so the first cards show theirs early.
                var folders = SidecarFolders()
                for start in stride(from: 0, to: photos.count, by: 64) {
                    let found = photos[start..<min(start + 64, photos.count)].map { photo in
                        RatingEvent.read(photo, PhotoDecoding.xmp(photo: photo, sidecar: folders.sidecar(of: photo)).value)
                    }
                    deliver(found, done: false)
                }
            case .save(let photo, let rating, let changes):
                deliver([save(rating, changes, for: photo)], done: false)
            }
            deliver([], done: true)
        }
    }

    private func deliver(_ found: [RatingEvent], done: Bool) {
        condition.withLock {
            events += found
            if done { busy = false }
        }
        condition.broadcast()
        // The results, and the store's falling idle, wake whoever waits for them.
        if !found.isEmpty || done { wake() }
    }

    /// One save: the sidecar's new bytes from a worker, written atomically.
    private func save(_ rating: Rating, _ changes: PhotoXMP.Changes, for photo: FilePath) -> RatingEvent {
        var folders = SidecarFolders()
        let existing = folders.sidecar(of: photo)
        let target = existing ?? Self.sidecarPath(of: photo, naming: naming)
        let name = String(decoding: target.lastComponent, as: UTF8.self)
        switch PhotoDecoding.mergedSidecar(existing, rating: rating, changes: changes) {
        case .failure(let refusal):
            return .notSaved(photo, rating, reason: "cannot write \(Quoting.oneLine(name)): \(refusal.reason)")
        case .success(let (bytes, says)):
            if let problem = Self.writeAtomically(bytes, to: target, failingWith: failSavesWith) {
                return .notSaved(photo, rating, reason: "cannot write \(Quoting.oneLine(name)): \(problem)")
            }
            return .saved(photo, says.value)
        }
    }

    /// Where a new sidecar of `photo` goes.
    public static func sidecarPath(of photo: FilePath, naming: SidecarNaming) -> FilePath {
        let name = naming == .full ? photo.lastComponent : photo.stem
        return SidecarFolders.folder(of: photo).appending(name + Array(".xmp".utf8))
    }

    /// Writes `bytes` as the file `target`, atomically: into a temporary file beside it (a
    /// dot-file, which the folder watch passes over), `fsync`ed, renamed over `target`, and the
    /// folder `fsync`ed so the rename itself is kept. An existing file's permissions are kept; a new
    /// one gets 0666 less the umask. Nil when done, else why not (the temporary file removed).
    /// `failingWith`: an errno the write is made to fail with once half the bytes are in the
    /// temporary file, as a disk that fills part way (tests where no small file system can be
    /// mounted).
    static func writeAtomically(_ bytes: [UInt8], to target: FilePath, failingWith injected: Int32? = nil) -> String? {
        let folder = SidecarFolders.folder(of: target)
        var template = folder.appending(Array(".".utf8) + target.lastComponent + Array(".swivel-XXXXXX".utf8)).cString
        let fd = mkstemp(&template)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let temporary = template
        var problem: String?
        var status = stat()
        let mode: mode_t
        if stat(target.cString, &status) == 0 {
            mode = status.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        if fchmod(fd, mode) != 0 { problem = String(cString: strerror(errno)) }
        if problem == nil, let injected {
            _ = FileDescriptor.write(fd, Array(bytes.prefix(bytes.count / 2)))
            problem = String(cString: strerror(injected))
        }
        if problem == nil, !FileDescriptor.write(fd, bytes) { problem = String(cString: strerror(errno)) }
        if problem == nil, fsync(fd) != 0 { problem = String(cString: strerror(errno)) }
        if close(fd) != 0, problem == nil { problem = String(cString: strerror(errno)) }
        if problem == nil, rename(temporary, target.cString) != 0 { problem = String(cString: strerror(errno)) }
        if problem != nil {
            unlink(temporary)
            return problem
        }
        let folderFD = open(folder.cString, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        return nil
    }
}

/// The sidecars of photos, found by listing each photo's folder once: `NAME.EXT.xmp` first, else
/// `NAME.xmp`, the extensions in any case (`IMG_1.CR2.xmp`, `IMG_1.cr2.XMP`, `IMG_1.XMP`); the
/// name before them exactly as the photo's.
public struct SidecarFolders {
    /// For each folder listed: each sidecar's name without `.xmp`, its last extension lower-cased,
    /// to the sidecar's own name.
    private var listed: [FilePath: [[UInt8]: [UInt8]]] = [:]

    static func folder(of path: FilePath) -> FilePath {
        guard let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")) else { return FilePath(".") }
        return slash == 0 ? FilePath("/") : FilePath(bytes: Array(path.bytes[..<slash]))
    }

    /// `name` with the part after its last dot lower-cased (the key both sides are looked up by).
    static func key(_ name: [UInt8]) -> [UInt8] {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return name }
        return Array(name[...dot]) + name[(dot + 1)...].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    /// The sidecar of `photo`, if there is one.
    mutating func sidecar(of photo: FilePath) -> FilePath? {
        let folder = Self.folder(of: photo)
        let names = listed[folder] ?? Self.list(folder)
        listed[folder] = names
        guard !names.isEmpty else { return nil }
        let found = names[Self.key(photo.lastComponent)] ?? names[Self.key(photo.stem)]
        return found.map { folder.appending($0) }
    }

    /// Whether `name` is a sidecar's: `.xmp` in any case after at least one byte.
    static func isSidecarName(_ name: [UInt8]) -> Bool {
        name.count > 4 && name.suffix(4).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 } == Array(".xmp".utf8)
    }

    /// The photos among `photos` whose sidecar one of `sidecars` may be (the one each uses is
    /// worked out when it is read): those in its folder named as it without `.xmp`
    /// (`IMG_1.CR2.xmp`: `IMG_1.CR2`, the extension in any case) or whose name without the
    /// extension it is (`IMG_1.xmp`: `IMG_1.CR2`, `IMG_1.JPG`). One pass over `photos`.
    public static func photos(ofSidecars sidecars: [FilePath], among photos: [FilePath]) -> [FilePath] {
        struct Name: Hashable { let folder: FilePath, base: [UInt8] }
        let wanted = Set(sidecars.filter { isSidecarName($0.lastComponent) }.map {
            Name(folder: folder(of: $0), base: key(Array($0.lastComponent.dropLast(4))))
        })
        guard !wanted.isEmpty else { return [] }
        return photos.filter { photo in
            let folder = Self.folder(of: photo)
            return wanted.contains(Name(folder: folder, base: key(photo.lastComponent)))
                || wanted.contains(Name(folder: folder, base: key(photo.stem)))
        }
    }

    private static func list(_ folder: FilePath) -> [[UInt8]: [UInt8]] {
        guard let directory = opendir(folder.cString) else { return [:] }
        defer { closedir(directory) }
        var names: [[UInt8]: [UInt8]] = [:]
        while let entry = readdir(directory) {
            let name = directoryEntryName(entry)
            guard name.first != UInt8(ascii: "."), isSidecarName(name) else { continue }
            let base = Array(name.dropLast(4))
            let key = Self.key(base)
            // Two that differ only in case (IMG.XMP and IMG.xmp): the first listed is kept.
            if names[key] == nil { names[key] = name }
        }
        return names
    }
}
