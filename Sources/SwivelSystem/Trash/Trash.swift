import Glibc

/// A file moved to the trash, and where it came from: what it takes to put it back.
public struct TrashedFile: Equatable, Sendable {
    /// Its canonical absolute path before it was trashed (what its info file records).
    public let original: [UInt8]
    /// Where it is now: `TRASH/files/NAME`.
    public let trashed: [UInt8]
    /// Its info file: `TRASH/info/NAME.trashinfo`.
    public let info: [UInt8]
}

/// How a restored file came back: by a hard link (inotify reports the name created) or, on a file
/// system without hard links, by rename(2) (reported as a file moved in).
public enum RestoreMove: Equatable, Sendable { case link, rename }

/// Moving files to the freedesktop.org trash and back (Trash specification 1.0), with rename(2)
/// only: a file is never copied, never unlinked, and a move that fails leaves it where it was.
public enum Trash {
    /// Different files of one name in one trash get `NAME`, `NAME.2`, `NAME.3`, … up to this.
    static let uniqueNameLimit = 10_000

    /// Moves the file at `path` to the trash of its file system (`locations.directory`): the info
    /// file is created first (`O_CREAT | O_EXCL` claims its name), then the file renamed into
    /// `files/`; if that fails the info file is removed again. `date`: the deletion time.
    public static func move(_ path: [UInt8], locations: TrashLocations = .current(),
                            date: time_t = time(nil)) -> Result<TrashedFile, TrashFailure> {
        var status = stat()
        guard lstat(path.cString, &status) == 0 else { return .failure(TrashFailure(systemError())) }
        guard status.st_mode & S_IFMT != S_IFDIR else { return .failure(TrashFailure("it is a folder")) }
        guard let original = canonical(path) else { return .failure(TrashFailure("cannot resolve its folder: \(systemError())")) }
        let directory: TrashDirectory
        switch locations.directory(for: original, device: status.st_dev) {
        case .success(let found): directory = found
        case .failure(let failure): return .failure(failure)
        }
        let text = TrashInfo.text(path: directory.infoPath(for: original), deletedAt: date)
        let name = trashName(lastComponent(original))
        for attempt in 1...uniqueNameLimit {
            let candidate = attempt == 1 ? name : name + Array(".\(attempt)".utf8)
            let info = directory.info + [UInt8(ascii: "/")] + candidate + Array(".trashinfo".utf8)
            let descriptor = open(info.cString, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                return .failure(TrashFailure("cannot write \(info.text): \(systemError())"))
            }
            let trashed = directory.files + [UInt8(ascii: "/")] + candidate
            // A file left in files/ without its info file (another program's half-done move) keeps its name.
            var existing = stat()
            if lstat(trashed.cString, &existing) == 0 {
                close(descriptor)
                unlink(info.cString)
                continue
            }
            let written = FileDescriptor.write(descriptor, text)
            let writeError = errno
            let closed = close(descriptor) == 0
            guard written && closed else {
                unlink(info.cString)
                return .failure(TrashFailure("cannot write \(info.text): \(String(cString: strerror(written ? errno : writeError)))"))
            }
            guard rename(path.cString, trashed.cString) == 0 else {
                let reason = isOnReadOnlyMount(original) ? "its folder is on a read-only mount" : systemError()
                unlink(info.cString)
                return .failure(TrashFailure(reason))
            }
            return .success(TrashedFile(original: original, trashed: trashed, info: info))
        }
        return .failure(TrashFailure("the trash holds \(uniqueNameLimit) files named \(name.text) already"))
    }

    /// Moves the files at `paths` (one photo's: a RAW+JPEG pair's two, in one folder) to the trash
    /// as one: each as `move(_:)` moves it, in order, and when one cannot go those already moved
    /// are put back (`restore`), so that all go or none does. The failure is the first file's that
    /// could not go; should one already moved not come back (something took its name meanwhile),
    /// the failure says so, and it stays in the trash, with its info file, for the user to restore.
    public static func move(_ paths: [[UInt8]], locations: TrashLocations = .current(),
                            date: time_t = time(nil)) -> Result<[TrashedFile], TrashFailure> {
        var moved: [TrashedFile] = []
        for path in paths {
            switch move(path, locations: locations, date: date) {
            case .success(let file):
                moved.append(file)
            case .failure(let failure):
                let stranded = moved.reversed().filter { file in
                    if case .failure = restore(file) { return true }
                    return false
                }
                guard stranded.isEmpty else {
                    let names = stranded.reversed().map { lastComponent($0.original).text }.joined(separator: " and ")
                    return .failure(TrashFailure("\(failure.reason); \(names) could not be put back and \(stranded.count == 1 ? "is" : "are") in the trash"))
                }
                return .failure(failure)
            }
        }
        return .success(moved)
    }

    /// Puts `file` back where it was, unless something is there now (nothing is ever replaced),
    /// then removes its info file.
    public static func restore(_ file: TrashedFile) -> Result<RestoreMove, TrashFailure> {
        restore([file]).map { $0[0] }
    }

    /// Puts `files` (one photo's: a RAW+JPEG pair's two) back where they were as one: all of them
    /// or none. Each comes back by `link(2)`, which fails rather than replace a name (so nothing at
    /// an original path is ever replaced; renameat2's RENAME_NOREPLACE is not in Swift's Glibc
    /// module), or by `rename(2)` just after a check where the file system has no hard links; when
    /// one cannot come back, those already back are taken back to the trash (the extra link
    /// removed, or renamed back) and their info files were never touched. Only once all are back
    /// are the trashed names and the info files removed.
    public static func restore(_ files: [TrashedFile]) -> Result<[RestoreMove], TrashFailure> {
        var status = stat()
        for file in files {
            if lstat(file.original.cString, &status) == 0 { return .failure(TrashFailure("a file of that name is there now")) }
            guard lstat(file.trashed.cString, &status) == 0 else {
                return .failure(TrashFailure("it is no longer in the trash"))
            }
        }
        var back: [(file: TrashedFile, move: RestoreMove)] = []
        func undo() {
            for (file, move) in back.reversed() {
                if move == .link { unlink(file.original.cString) } else { rename(file.original.cString, file.trashed.cString) }
            }
        }
        for file in files {
            if link(file.trashed.cString, file.original.cString) == 0 {
                back.append((file, .link))
                continue
            }
            let linkError = errno
            guard [EPERM, EOPNOTSUPP, EMLINK, EXDEV].contains(linkError) else {
                undo()
                return .failure(TrashFailure(linkError == EEXIST ? "a file of that name is there now"
                                                                 : String(cString: strerror(linkError))))
            }
            guard lstat(file.original.cString, &status) != 0 else {
                undo()
                return .failure(TrashFailure("a file of that name is there now"))
            }
            guard rename(file.trashed.cString, file.original.cString) == 0 else {
                let reason = systemError()
                undo()
                return .failure(TrashFailure(reason))
            }
            back.append((file, .rename))
        }
        for (file, move) in back {
            if move == .link { unlink(file.trashed.cString) }
            unlink(file.info.cString)
        }
        return .success(back.map(\.move))
    }

    /// `path` made absolute with its folder's real path (links and `..` resolved), its own name
    /// kept as it is (a link to a photo is trashed as the link).
    static func canonical(_ path: [UInt8]) -> [UInt8]? {
        let name = lastComponent(path)
        var folder: [UInt8] = [UInt8(ascii: ".")]
        if let slash = path.lastIndex(of: UInt8(ascii: "/")) {
            folder = slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
        }
        guard let resolved = realpath(folder.cString, nil) else { return nil }
        defer { free(resolved) }
        // The bytes as they are (String(cString:) would replace invalid UTF-8).
        let base = Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
        return (base == [UInt8(ascii: "/")] ? [] : base) + [UInt8(ascii: "/")] + name
    }

    /// Whether the folder of `path` is mounted read-only (rename(2) says EXDEV before EROFS when
    /// the trash is on another mount of the same file system, as with a read-only bind mount).
    private static func isOnReadOnlyMount(_ path: [UInt8]) -> Bool {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return false }
        var status = statvfs()
        return statvfs((slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])).cString, &status) == 0
            && status.f_flag & UInt(ST_RDONLY) != 0
    }

    /// The name a file takes in the trash: its own, cut short (at a character boundary) so that
    /// `NAME.NNNNN.trashinfo` still fits in a file name's 255 bytes (NAME_MAX); `Path` keeps the
    /// whole original.
    static func trashName(_ name: [UInt8]) -> [UInt8] {
        let limit = 255 - ".trashinfo".utf8.count - ".\(uniqueNameLimit)".utf8.count
        guard name.count > limit else { return name }
        var end = limit
        while end > 0, name[end] & 0b1100_0000 == 0b1000_0000 { end -= 1 }    // not inside a UTF-8 sequence
        return Array(name[..<end])
    }

    static func lastComponent(_ path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return Array(path[(slash + 1)...])
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
