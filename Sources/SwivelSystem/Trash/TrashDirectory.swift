import Glibc

/// One trash directory (Trash specification 1.0): `files/` holds the trashed files, `info/` one
/// `.trashinfo` each.
public struct TrashDirectory: Equatable, Sendable {
    /// The directory itself: `$XDG_DATA_HOME/Trash`, `$topdir/.Trash/$uid` or `$topdir/.Trash-$uid`.
    public let path: [UInt8]
    /// The top directory of its mount, to which its info files' `Path` is relative; nil for the
    /// home trash, whose info files hold absolute paths.
    public let topDirectory: [UInt8]?

    public var files: [UInt8] { path + Array("/files".utf8) }
    public var info: [UInt8] { path + Array("/info".utf8) }

    /// The `Path` value for a file at absolute `path`: relative to the top directory when there is one.
    func infoPath(for path: [UInt8]) -> [UInt8] {
        guard let top = topDirectory else { return path }
        return top == [UInt8(ascii: "/")] ? Array(path.dropFirst()) : Array(path.dropFirst(top.count + 1))
    }
}

/// Where the trash directories are: the home trash and the user whose top-directory trashes to use.
public struct TrashLocations: Sendable {
    /// `$XDG_DATA_HOME/Trash` (`~/.local/share/Trash` when unset); nil when neither
    /// XDG_DATA_HOME nor HOME gives an absolute path.
    public let home: [UInt8]?
    public let uid: uid_t

    public init(home: [UInt8]?, uid: uid_t = getuid()) {
        self.home = home
        self.uid = uid
    }

    /// From the process's environment (XDG Base Directory specification: a relative
    /// XDG_DATA_HOME is ignored).
    public static func current() -> TrashLocations {
        if let data = Environment.nonEmpty("XDG_DATA_HOME"), data.hasPrefix("/") {
            return TrashLocations(home: Array(data.utf8) + Array("/Trash".utf8))
        }
        if let home = Environment.nonEmpty("HOME"), home.hasPrefix("/") {
            return TrashLocations(home: Array(home.utf8) + Array("/.local/share/Trash".utf8))
        }
        return TrashLocations(home: nil)
    }

    /// The trash for a file at canonical `path` on device `device`, its folders made (mode 0700)
    /// where missing: the home trash when it is on the same device, else the mount's own.
    func directory(for path: [UInt8], device: dev_t) -> Result<TrashDirectory, TrashFailure> {
        if let home, Self.device(ofNearest: home) == device {
            let made = Self.makeDirectories(home, creatingParents: true)
            if case .failure(let failure) = made { return .failure(failure) }
            return Self.withSubfolders(TrashDirectory(path: home, topDirectory: nil))
        }
        guard let top = MountTable.mountPoint(of: path) else {
            return .failure(TrashFailure("no mount point found for it in /proc/self/mountinfo"))
        }
        let base = top == [UInt8(ascii: "/")] ? [] : top
        // $topdir/.Trash, when an administrator made it: a real directory (not a link) with the
        // sticky bit; then the user's own folder in it.
        let shared = base + Array("/.Trash".utf8)
        var status = stat()
        if lstat(shared.cString, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_mode & S_ISVTX != 0 {
            let own = shared + Array("/\(uid)".utf8)
            if case .success = Self.makeDirectories(own, creatingParents: false), Self.isOwnDirectory(own, uid: uid),
               case .success(let directory) = Self.withSubfolders(TrashDirectory(path: own, topDirectory: top)) {
                return .success(directory)
            }
        }
        let own = base + Array("/.Trash-\(uid)".utf8)
        if case .failure(let failure) = Self.makeDirectories(own, creatingParents: false) {
            return .failure(TrashFailure("no trash can be used on its file system: \(failure.reason)"))
        }
        guard Self.isOwnDirectory(own, uid: uid) else {
            return .failure(TrashFailure("no trash can be used on its file system: \(own.text) is not a folder of this user's"))
        }
        return Self.withSubfolders(TrashDirectory(path: own, topDirectory: top))
    }

    /// `directory` once its `files` and `info` folders exist.
    private static func withSubfolders(_ directory: TrashDirectory) -> Result<TrashDirectory, TrashFailure> {
        for folder in [directory.files, directory.info] {
            if case .failure(let failure) = makeDirectories(folder, creatingParents: false) { return .failure(failure) }
        }
        return .success(directory)
    }

    /// Makes `path` (and with `creatingParents` the folders above it), mode 0700; an existing
    /// directory is fine.
    private static func makeDirectories(_ path: [UInt8], creatingParents: Bool) -> Result<Void, TrashFailure> {
        if creatingParents, let slash = path.lastIndex(of: UInt8(ascii: "/")), slash > 0 {
            var status = stat()
            if stat(Array(path[..<slash]).cString, &status) != 0 {
                if case .failure(let failure) = makeDirectories(Array(path[..<slash]), creatingParents: true) {
                    return .failure(failure)
                }
            }
        }
        if mkdir(path.cString, 0o700) != 0 && errno != EEXIST {
            return .failure(TrashFailure("cannot create \(path.text): \(String(cString: strerror(errno)))"))
        }
        var status = stat()
        guard stat(path.cString, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            return .failure(TrashFailure("\(path.text) is not a folder"))
        }
        return .success(())
    }

    /// Whether `path` is a directory (not a link to one) owned by `uid`.
    private static func isOwnDirectory(_ path: [UInt8], uid: uid_t) -> Bool {
        var status = stat()
        return lstat(path.cString, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == uid
    }

    /// The device of `path`, or of its nearest existing parent folder.
    private static func device(ofNearest path: [UInt8]) -> dev_t? {
        var path = path
        while !path.isEmpty {
            var status = stat()
            if stat(path.cString, &status) == 0 { return status.st_dev }
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return nil }
            path = slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
            if path == [UInt8(ascii: "/")], stat("/", &status) == 0 { return status.st_dev }
        }
        return nil
    }
}

/// Why a file could not go to the trash or come back from it: one line for people.
public struct TrashFailure: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension Array where Element == UInt8 {
    /// The bytes as a C string (a path with its terminating NUL).
    var cString: [CChar] { map { CChar(bitPattern: $0) } + [0] }
    /// The bytes as text for messages, invalid UTF-8 replaced.
    var text: String { String(decoding: self, as: UTF8.self) }
}
