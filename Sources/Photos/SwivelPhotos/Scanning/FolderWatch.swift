import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// Watches a deck's folders (and subfolders with `--recursive`) and its single files with inotify,
/// on a thread of its own, and hands the changes over in batches.
///
/// A file is reported when it is closed after writing (`IN_CLOSE_WRITE`) or moved in
/// (`IN_MOVED_TO`), never while it is still being written. A name made by a link — a symbolic
/// link, a hard link (`ln`), a file written unnamed and then linked in (`O_TMPFILE`, `linkat`) —
/// is complete when it appears: its `IN_CREATE` comes without the `IN_OPEN` that a file created by
/// `open` gets in the same call, so a file created and not opened by the time its batch goes out is
/// reported then (and one opened meanwhile, once every open of it has closed). In a folder only
/// image-named files count (`DeckScanner.hasImageExtension`, no dot-files); a file named directly
/// counts whatever its name. Changes are passed on once the events have been quiet for
/// `quietSeconds`, or `batchSeconds` after the first, so a burst (a thousand files copied in)
/// arrives as a few batches rather than one a file. A folder of the command line that is deleted
/// or moved away (its cards leave, and one line says so) is watched for again from the nearest
/// folder above it that is there: made again, or another moved into its place, it is watched and
/// its photos come back, as does a file named directly whose folder went and came back. When the
/// user's inotify watch limit is reached, one line says so and the folders not watched by then get
/// no live updates. When the kernel's event queue overflows (events were lost), every watched
/// folder is listed again and the deck told what is there (`listed`, `present`, `removed`,
/// `removedFolder`), in the same batch.
public final class FolderWatch: @unchecked Sendable {
    /// A batch goes out once no event has come for this long (seconds)…
    public static var quietSeconds: Double { 0.05 }
    /// …or this long after its first change, however busy the folder (well inside the second a
    /// new photo has to appear in).
    public static var batchSeconds: Double { 0.2 }

    /// Failures the tests make happen where no test may change the system setting behind them
    /// (debug builds' `SWIVEL_TEST_*` variables, or a test's own value): nothing by default.
    public struct Faults: Sendable {
        /// Every watch after the first N fails as the kernel's limit does (`fs.inotify.max_user_watches`).
        public var watchLimit: Int?
        /// Every event after the first N is lost until `releaseLostEvents()`, then an overflow is
        /// reported, as the kernel does when its queue fills (`fs.inotify.max_queued_events`). Once.
        public var overflowAfter: Int?

        public init(watchLimit: Int? = nil, overflowAfter: Int? = nil) {
            (self.watchLimit, self.overflowAfter) = (watchLimit, overflowAfter)
        }
    }

    /// What is watched at one watch descriptor: a folder of the deck (`folder`, under command-line
    /// path `root`) and/or the single files named in it (by entry name), and the command line's
    /// folders that are gone, waited for here by the name on the way to them (`awaited`).
    private struct Watched {
        var folder: (path: FilePath, root: Int)?
        var files: [[UInt8]: (path: FilePath, root: Int)] = [:]
        var awaited: [[UInt8]: [Awaited]] = [:]
        /// The folder watched for `awaited`'s names.
        var awaitedIn: FilePath?

        var isEmpty: Bool { folder == nil && files.isEmpty && awaited.isEmpty }
    }

    /// A folder that is gone and watched for: a folder of the command line (`file` nil), or the
    /// folder of a file named directly (`file`). `root`: the command-line path's place.
    private struct Awaited {
        var folder: FilePath
        var file: FilePath?
        var root: Int
    }

    /// A file created in a watched folder, not yet known to be complete: `opens` is how many opens
    /// of it have not closed yet (its creator's among them, for a file made by `open`); `id` tells
    /// it from an earlier file of the same name in the same batch.
    private struct Created {
        var root: Int
        var opens = 0
        var id: Int
    }

    /// A change waiting for its batch: one seen, or a file created whose batch reports it if it
    /// is still not opened by then (`Created`).
    private enum Staged {
        case change(FolderChange)
        case created(FilePath, id: Int)
    }

    private static let mask = UInt32(bitPattern: IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
                                      | IN_DELETE_SELF | IN_MOVE_SELF | IN_OPEN | IN_CLOSE_NOWRITE | IN_EXCL_UNLINK)

    private let inotify: Inotify
    /// The command line's paths, in order.
    private let roots: [FilePath]
    private let recursive: Bool
    private let warn: @Sendable (String) -> Void
    private let onChange: @Sendable () -> Void
    // Only the watching thread touches these once it has started.
    private var watched: [Int32: Watched] = [:]
    private var created: [FilePath: Created] = [:]
    private var createdCount = 0
    private var watchesAdded = 0
    private var limitReached = false
    private var overflowSaid = false
    private let watchLimit: Int?
    private var injectedOverflow: InjectedOverflow?
    // Shared with the main thread, under `lock`.
    private let lock = Condition()
    private var pending: [FolderChange] = []
    private var stopping = false
    private var lostEventsReleased = false

    /// Watches `roots` (the command line's paths, `-` already replaced by the paths it read, in
    /// order): folders as folders, anything else as a single file. `warn` gets the one-line
    /// warnings, `onChange` runs on the watching thread when a batch is ready (to wake the main
    /// loop). `faults`: the tests' failures made to happen. Nil, after one warning, when inotify
    /// cannot be had at all.
    public init?(roots: [FilePath], recursive: Bool, faults: Faults = Faults(), warn: @escaping @Sendable (String) -> Void,
                 onChange: @escaping @Sendable () -> Void) {
        guard let inotify = Inotify() else {
            warn("no live updates: inotify: \(SystemErrno(errno))")
            return nil
        }
        self.inotify = inotify
        self.roots = roots
        self.recursive = recursive
        self.warn = warn
        self.onChange = onChange
        watchLimit = faults.watchLimit
        injectedOverflow = faults.overflowAfter.map { InjectedOverflow(left: $0) }
        for (root, path) in roots.enumerated() {
            var status = stat()
            guard stat(path.cString, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                watchFolder(path, root: root, reporting: false)
            } else {
                watchFile(path, root: root)
            }
        }
        guard startThread(named: "swivel-watch", { [self] in run() }) else {
            warn("no live updates: cannot start a thread")
            return nil
        }
    }

    /// Ends the watching thread, which holds the watch (and its descriptors) until then.
    public func stop() {
        lock.withLock { stopping = true }
        inotify.interrupt()
    }

    /// With `Faults.overflowAfter`: the events lost so far, and every one queued by now, stay lost,
    /// and the overflow is reported (the folders read again).
    public func releaseLostEvents() {
        lock.withLock { lostEventsReleased = true }
        inotify.interrupt()
    }

    /// The changes seen since the last call, in the order they happened.
    public func take() -> [FolderChange] {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }

    /// Whether changes wait to be taken.
    public var hasChanges: Bool { lock.withLock { !pending.isEmpty } }

    // MARK: The watching thread

    private func run() {
        var staged: [Staged] = []
        var first = 0.0, last = 0.0
        while !lock.withLock({ stopping }) {
            let now = Self.seconds()
            var timeout: Int32 = -1
            if !staged.isEmpty {
                let due = min(last + Self.quietSeconds, first + Self.batchSeconds)
                timeout = Int32(max(0, ((due - now) * 1000).rounded(.up)))
            }
            var events = inotify.read(timeoutMilliseconds: timeout)
            if injectedOverflow != nil {
                let released = lock.withLock { lostEventsReleased }
                events = injectedOverflow!.pass(events, released: released, loseQueued: { _ = inotify.read(timeoutMilliseconds: 0) })
            }
            let before = staged.count
            var overflowed = false
            for event in events {
                if event.has(IN_Q_OVERFLOW) { overflowed = true } else { handle(event, into: &staged) }
            }
            if overflowed { rescan(into: &staged) }
            let after = Self.seconds()
            if staged.count > before {
                if before == 0 { first = after }
                last = after
            }
            if !staged.isEmpty, after >= min(last + Self.quietSeconds, first + Self.batchSeconds) {
                let batch = changes(from: staged)
                staged = []
                guard !batch.isEmpty else { continue }
                lock.withLock { pending += batch }
                onChange()
            }
        }
    }

    /// The changes of a batch: a file created and not opened since is reported as written (a
    /// link: complete as it appeared); one opened is left to its last close.
    private func changes(from staged: [Staged]) -> [FolderChange] {
        staged.compactMap { item in
            switch item {
            case .change(let change):
                return change
            case .created(let path, let id):
                guard let file = created[path], file.id == id, file.opens == 0 else { return nil }
                created[path] = nil
                return .written(path, root: file.root)
            }
        }
    }

    private static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// After the queue overflowed: says so once, then lists every watched folder again (watching
    /// subfolders that came, with `--recursive`, their images reported as written), and looks for
    /// each file named directly. A folder that is gone is removed; a file named directly that is
    /// gone is removed. Changes to a file already in the deck while events were lost (rewritten
    /// in place) are not seen.
    private func rescan(into staged: inout [Staged]) {
        var changes: [FolderChange] = []
        defer { staged += changes.map(Staged.change) }
        if !overflowSaid {
            warn("live updates missed some changes (the inotify queue overflowed): the folders are read again")
        }
        overflowSaid = true
        for (_, entry) in watched.sorted(by: { $0.key < $1.key }) {
            if let folder = entry.folder {
                if let (images, folders) = Self.list(folder.path) {
                    changes.append(.listed(folder: folder.path, files: images.map { folder.path.appending($0) }, root: folder.root))
                    if recursive {
                        for name in folders { _ = watchFolder(folder.path.appending(name), root: folder.root, reporting: true, into: &changes) }
                    }
                } else if errno == ENOENT || errno == ENOTDIR {
                    folderGone(folder, into: &changes)
                }
            }
            for (_, file) in entry.files.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                var status = stat()
                if stat(file.path.cString, &status) == 0 {
                    changes.append(.present(file.path, root: file.root))
                } else if errno == ENOENT || errno == ENOTDIR {
                    changes.append(.removed(file.path))
                }
            }
        }
        // Watches whose folder went while events were lost.
        for (watch, entry) in watched.sorted(by: { $0.key < $1.key }) where !entry.files.isEmpty || entry.awaitedIn != nil {
            let folder = entry.awaitedIn ?? entry.files.first.map { Self.folder(of: $0.value.path) }
            if let folder, !Self.isFolder(folder), watched[watch] != nil { lost(watch, entry, into: &changes) }
        }
        // The folders waited for that came back while events were lost.
        for (watch, entry) in watched.sorted(by: { $0.key < $1.key }) {
            for (name, waiting) in entry.awaited.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                guard let folder = entry.awaitedIn, Self.isFolder(folder.appending(name)) else { continue }
                watched[watch]?.awaited[name] = nil
                for awaited in waiting { watchAgain(awaited, into: &changes) }
            }
        }
        dropEmptyWatches()
    }

    private func handle(_ event: Inotify.Event, into staged: inout [Staged]) {
        var changes: [FolderChange] = []
        defer { staged += changes.map(Staged.change) }
        if event.has(IN_IGNORED) {
            watched[event.watch] = nil
            return
        }
        guard let entry = watched[event.watch] else { return }
        if event.name.isEmpty {
            // The folder itself went away or moved: its watch would follow it elsewhere.
            if event.has(IN_DELETE_SELF | IN_MOVE_SELF) { lost(event.watch, entry, into: &changes) }
            return
        }
        if event.has(IN_CREATE | IN_MOVED_TO), let waiting = entry.awaited[event.name] {
            // A name on the way to a folder that is gone: it, or a folder above it, is back.
            watched[event.watch]?.awaited[event.name] = nil
            for awaited in waiting { watchAgain(awaited, into: &changes) }
            dropEmptyWatches()
        }
        if event.has(IN_ISDIR) {
            guard recursive, let folder = entry.folder, event.name.first != UInt8(ascii: ".") else { return }
            let path = folder.path.appending(event.name)
            if event.has(IN_CREATE | IN_MOVED_TO) {
                _ = watchFolder(path, root: folder.root, reporting: true, into: &changes)
            } else if event.has(IN_DELETE | IN_MOVED_FROM) {
                changes.append(.removedFolder(path))
                unwatch(under: path)
            }
            return
        }
        var targets: [(path: FilePath, root: Int)] = []
        if let folder = entry.folder, event.name.first != UInt8(ascii: "."), DeckScanner.hasImageExtension(event.name) {
            targets.append((folder.path.appending(event.name), folder.root))
        }
        // A file named directly that is also in a watched folder under the same path counts once.
        if let file = entry.files[event.name], !targets.contains(where: { $0.path == file.path }) { targets.append(file) }
        for target in targets {
            if event.has(IN_CLOSE_WRITE | IN_MOVED_TO) {
                created[target.path] = nil
                changes.append(.written(target.path, root: target.root))
            } else if event.has(IN_CREATE) {
                var status = stat()
                guard lstat(target.path.cString, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFLNK {
                    // A symbolic link is never written: it is complete when it appears.
                    changes.append(.written(target.path, root: target.root))
                } else if status.st_mode & S_IFMT == S_IFREG {
                    // Made by `open` (whose IN_OPEN follows at once) or by a link: the batch tells.
                    // (Its place among the changes before it and after it is kept.)
                    createdCount += 1
                    created[target.path] = Created(root: target.root, id: createdCount)
                    staged += changes.map(Staged.change) + [.created(target.path, id: createdCount)]
                    changes = []
                }
            } else if event.has(IN_OPEN) {
                created[target.path]?.opens += 1
            } else if event.has(IN_CLOSE_NOWRITE), let file = created[target.path], file.opens > 0 {
                // Opened only to be read: when the last open closes, nothing was writing it.
                created[target.path]?.opens -= 1
                if file.opens == 1 {
                    created[target.path] = nil
                    changes.append(.written(target.path, root: target.root))
                }
            } else if event.has(IN_DELETE | IN_MOVED_FROM) {
                created[target.path] = nil
                changes.append(.removed(target.path))
            }
        }
    }

    /// Watch `watch` (`entry`) is of a folder that was deleted or moved away: its cards leave (a
    /// folder of the command line says so in one line), the files named in it leave, and each
    /// folder of the command line among them, or waited for in it, is waited for from higher up.
    private func lost(_ watch: Int32, _ entry: Watched, into changes: inout [FolderChange]) {
        inotify.removeWatch(watch)
        watched[watch] = nil
        if let folder = entry.folder { folderGone(folder, into: &changes) }
        for (_, file) in entry.files.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            changes.append(.removed(file.path))
            watchAgain(Awaited(folder: Self.folder(of: file.path), file: file.path, root: file.root), into: &changes)
        }
        for (_, waiting) in entry.awaited.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            for awaited in waiting { watchAgain(awaited, into: &changes) }
        }
        dropEmptyWatches()
    }

    /// Watched folder `folder` is gone: its cards and those of the folders under it leave; a
    /// folder of the command line says so in one line and is waited for.
    private func folderGone(_ folder: (path: FilePath, root: Int), into changes: inout [FolderChange]) {
        changes.append(.removedFolder(folder.path))
        unwatch(under: folder.path)
        guard roots.indices.contains(folder.root), roots[folder.root] == folder.path else { return }
        warn("\(folder.path) is gone (deleted or moved away): its photos leave the deck until it is back")
        watchAgain(Awaited(folder: folder.path, file: nil, root: folder.root), into: &changes)
    }

    /// Watches `awaited` again if its folder is there (a folder of the command line, its photos
    /// reported as written; a file named directly, reported if it is there), else waits for it:
    /// the nearest folder above it that is there is watched for the next name on the way.
    /// `depth`: how many times a name on the way came between the look and the watch.
    private func watchAgain(_ awaited: Awaited, depth: Int = 0, into changes: inout [FolderChange]) {
        if Self.isFolder(awaited.folder) {
            if let file = awaited.file {
                watchFile(file, root: awaited.root)
                var status = stat()
                if stat(file.cString, &status) == 0 { changes.append(.written(file, root: awaited.root)) }
            } else {
                _ = watchFolder(awaited.folder, root: awaited.root, reporting: true, into: &changes)
            }
            return
        }
        var missing = awaited.folder
        while let (parent, name) = Self.split(missing) {
            if let watch = addWatch(parent) {
                watched[watch, default: Watched()].awaited[name, default: []].append(awaited)
                watched[watch]?.awaitedIn = parent
                if Self.isFolder(missing), depth < 64 {
                    // Made between the look and the watch: on to it (a bounded number of times).
                    watched[watch]?.awaited[name]?.removeLast()
                    if watched[watch]?.awaited[name]?.isEmpty == true { watched[watch]?.awaited[name] = nil }
                    watchAgain(awaited, depth: depth + 1, into: &changes)
                }
                return
            }
            if limitReached { return }
            missing = parent
        }
    }

    /// Removes the watches left with nothing to watch for (a folder above one that came back).
    private func dropEmptyWatches() {
        for (watch, entry) in watched where entry.isEmpty {
            inotify.removeWatch(watch)
            watched[watch] = nil
        }
    }

    /// Whether `path` is a folder (or a link to one).
    private static func isFolder(_ path: FilePath) -> Bool {
        var status = stat()
        return stat(path.cString, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// `path`'s folder and last name ("/a/b/" → "/a", "b"; "b" → ".", "b"); nil for "/", "." and "..".
    private static func split(_ path: FilePath) -> (folder: FilePath, name: [UInt8])? {
        let name = path.lastComponent
        guard !name.isEmpty, name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] else { return nil }
        return (folder(of: path), name)
    }

    /// The folder `path` is in ("/a/b" → "/a", "/b" → "/", "b" → ".").
    private static func folder(of path: FilePath) -> FilePath {
        var bytes = path.bytes
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return FilePath(".") }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return FilePath(bytes: end == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<end]))
    }

    /// Stops watching `path` and every folder under it.
    private func unwatch(under path: FilePath) {
        let prefix = path.bytes + [UInt8(ascii: "/")]
        for (watch, entry) in watched {
            guard let folder = entry.folder,
                  folder.path.bytes == path.bytes || folder.path.bytes.starts(with: prefix) else { continue }
            if entry.files.isEmpty && entry.awaited.isEmpty {
                inotify.removeWatch(watch)
                watched[watch] = nil
            } else {
                watched[watch]?.folder = nil
            }
        }
    }

    // MARK: Adding watches

    /// Adds a watch on `path`; nil when it cannot be had (after the limit's one warning).
    private func addWatch(_ path: FilePath) -> Int32? {
        guard !limitReached else { return nil }
        var result = inotify.addWatch(path.cString, mask: Self.mask)
        if let watchLimit, watchesAdded >= watchLimit, case .success(let watch) = result {   // `Faults.watchLimit`
            if watched[watch] == nil { inotify.removeWatch(watch) }
            result = .failure(SystemErrno(ENOSPC))
        }
        switch result {
        case .success(let watch):
            watchesAdded += 1
            return watch
        case .failure(let error) where error.code == ENOSPC:
            limitReached = true
            warn("no live updates for \(path) and the folders after it: the inotify watch limit is reached "
                 + "(sysctl fs.inotify.max_user_watches)")
            return nil
        case .failure:
            return nil   // gone already, or unreadable: the scan has said what it had to
        }
    }

    private func watchFile(_ path: FilePath, root: Int) {
        let name = path.lastComponent
        guard let watch = addWatch(Self.folder(of: path)) else { return }
        watched[watch, default: Watched()].files[name] = (path, root)
    }

    @discardableResult
    private func watchFolder(_ path: FilePath, root: Int, reporting: Bool) -> Bool {
        var ignored: [FolderChange] = []
        return watchFolder(path, root: root, reporting: reporting, into: &ignored)
    }

    /// Watches folder `path` (and, recursively, its subfolders); with `reporting`, each image found
    /// in it is reported as written (a folder that appears while the deck is open: its files may
    /// have come before its watch). False when the folder was watched already (a loop, or a second
    /// way in) or cannot be.
    private func watchFolder(_ path: FilePath, root: Int, reporting: Bool, into changes: inout [FolderChange]) -> Bool {
        guard let watch = addWatch(path) else { return false }
        if watched[watch]?.folder != nil { return false }
        watched[watch, default: Watched()].folder = (path, root)
        guard recursive || reporting, let (images, folders) = Self.list(path) else { return true }
        if reporting { for name in images { changes.append(.written(path.appending(name), root: root)) } }
        if recursive { for name in folders { _ = watchFolder(path.appending(name), root: root, reporting: reporting, into: &changes) } }
        return true
    }

    /// The names in folder `path` of its image files (regular files or links to them, with an
    /// image extension) and of its subfolders (or links to them), dot-files left out, as the scan
    /// takes them; nil (with `errno` set) when it cannot be read.
    private static func list(_ path: FilePath) -> (images: [[UInt8]], folders: [[UInt8]])? {
        guard let stream = opendir(path.cString) else { return nil }
        defer { closedir(stream) }
        var images: [[UInt8]] = [], folders: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = directoryEntryName(entry)
            if name.first == UInt8(ascii: ".") { continue }
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN) {   // links are followed, as the scan does
                var status = stat()
                guard stat(path.appending(name).cString, &status) == 0 else { continue }
                type = status.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR)
                    : status.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : Int32(DT_UNKNOWN)
            }
            if type == Int32(DT_DIR) {
                folders.append(name)
            } else if type == Int32(DT_REG), DeckScanner.hasImageExtension(name) {
                images.append(name)
            }
        }
        return (images, folders)
    }
}

/// `Faults.overflowAfter` at work: the first N events pass, then every one is lost until the
/// test releases them, when those still queued are lost too and an overflow is reported in their
/// place. Once: later events pass.
private struct InjectedOverflow {
    /// The events still to pass before they are lost.
    var left: Int
    var losing = false
    var over = false

    /// What gets through of the events of one read; `released`: whether the test has released the
    /// lost events; `loseQueued` reads (and loses) every event the kernel has queued.
    mutating func pass(_ events: [Inotify.Event], released: Bool, loseQueued: () -> Void) -> [Inotify.Event] {
        guard !over else { return events }
        var passed: [Inotify.Event] = []
        if !losing {
            guard events.count > left else {
                left -= events.count
                return events
            }
            passed = Array(events.prefix(left))
            losing = true
        }
        guard released else { return passed }
        loseQueued()
        over = true
        return passed + [Inotify.Event(watch: -1, mask: UInt32(bitPattern: IN_Q_OVERFLOW), cookie: 0, name: [])]
    }
}
