import Glibc

/// A file's contents replaced atomically: the new bytes written to a temporary file in the same
/// folder (a dot-file, which the folder watch does not list), flushed to the disk, given the old
/// file's owner, group, mode and extended attributes (its ACL and SELinux label among them), then
/// renamed over it and the folder flushed. Whatever fails on the way, the old file is as it was and
/// the temporary one is gone; no reader ever sees a half-written file. A symbolic link is followed:
/// its target is replaced, the link stays.
public enum FileReplace {
    /// Which file a path named when it was last written here, and what it was then: a later
    /// replace or restore of it can tell whether anything else changed it since.
    public struct Identity: Equatable, Sendable {
        public let device: UInt64, inode: UInt64, size: Int
        public let modified: timespec

        public static func == (a: Identity, b: Identity) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }

        init(_ status: stat) {
            (device, inode, size, modified) = (UInt64(status.st_dev), UInt64(status.st_ino), Int(status.st_size), status.st_mtim)
        }
    }

    /// Why a replace did not happen; the file is untouched.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// What the path names now.
    public static func identity(of path: [UInt8]) -> Identity? {
        var status = stat()
        return withCString(path, { stat($0, &status) }) == 0 ? Identity(status) : nil
    }

    /// Replaces the file at `path` with `bytes`; with `expecting`, only if it is still the file
    /// last written with that identity; with `modified`, the new file keeps that modification time
    /// (a restore gives the old one back). The new file's identity.
    public static func replace(_ path: [UInt8], with bytes: UnsafeRawBufferPointer, expecting: Identity? = nil,
                               modified: timespec? = nil) -> Result<Identity, Failure> {
        replace(path, with: bytes, expecting: expecting, modified: modified, writing: { write($0, $1, $2) })
    }

    /// `replace`, its writes of the new bytes made by `writing` (write(2)'s signature: a test gives
    /// one that fails part way, as a disk filling up does, without needing a full file system).
    static func replace(_ path: [UInt8], with bytes: UnsafeRawBufferPointer, expecting: Identity?, modified: timespec?,
                        writing: (Int32, UnsafeRawPointer, Int) -> Int) -> Result<Identity, Failure> {
        // A link's target is the file: the link itself stays a link.
        guard let resolved = realPath(path) else { return .failure(Failure("cannot find it: \(errorText())")) }
        var old = stat()
        guard withCString(resolved, { stat($0, &old) }) == 0 else { return .failure(Failure("cannot read its status: \(errorText())")) }
        guard old.st_mode & S_IFMT == S_IFREG else { return .failure(Failure("it is not a regular file")) }
        if let expecting, Identity(old) != expecting {
            return .failure(Failure("another program has changed it since"))
        }
        guard old.st_nlink <= 1 else {
            return .failure(Failure("it has \(old.st_nlink) hard links, which would keep the old bytes"))
        }
        let slash = resolved.lastIndex(of: UInt8(ascii: "/")) ?? -1
        let folder = slash > 0 ? Array(resolved[..<slash]) : slash == 0 ? [UInt8(ascii: "/")] : [UInt8(ascii: ".")]
        let name = Array(resolved[(slash + 1)...])
        let shownFolder = String(decoding: folder, as: UTF8.self)

        var temporary: [UInt8] = []
        var fd: Int32 = -1
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            temporary = folder + Array("/.".utf8) + name + Array(".swivel-\(suffix)".utf8)
            fd = withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { return .failure(Failure("cannot write in \(shownFolder): \(errorText())")) }
        func abandon(_ reason: String) -> Result<Identity, Failure> {
            close(fd)
            _ = withCString(temporary) { unlink($0) }
            return .failure(Failure(reason))
        }
        var offset = 0
        while offset < bytes.count {
            let count = writing(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return abandon("cannot write in \(shownFolder): \(errorText())")
            }
            offset += count
        }
        guard fsync(fd) == 0 else { return abandon("cannot write in \(shownFolder): \(errorText())") }
        // The owner first (it clears the set-user-ID and set-group-ID bits), then the mode.
        if old.st_uid != geteuid() || old.st_gid != getegid() {
            guard fchown(fd, old.st_uid, old.st_gid) == 0 else {
                return abandon("cannot keep its owner (\(old.st_uid):\(old.st_gid)): \(errorText())")
            }
        }
        guard fchmod(fd, old.st_mode & 0o7777) == 0 else { return abandon("cannot keep its mode: \(errorText())") }
        copyAttributes(from: resolved, to: fd)
        if let modified {
            // utimensat(2)'s UTIME_OMIT, (1 << 30) − 2, which the Glibc module does not export.
            let times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), modified]
            guard futimens(fd, times) == 0 else { return abandon("cannot set its time: \(errorText())") }
        }
        var new = stat()
        guard fstat(fd, &new) == 0 else { return abandon("cannot read its status: \(errorText())") }
        guard withCString(temporary, { from in withCString(resolved) { to in rename(from, to) } }) == 0 else {
            return abandon("cannot replace it: \(errorText())")
        }
        close(fd)
        // The rename itself on the disk too.
        let directory = withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
        return .success(Identity(new))
    }

    /// Copies the extended attributes of the file at `path` onto `fd`: the ones it may set (its
    /// `user.` ones; `system.posix_acl_access` and `security.selinux` where the file system and the
    /// process's rights allow). One that cannot be set is left out: the file's bytes matter more.
    static func copyAttributes(from path: [UInt8], to fd: Int32) {
        let size = withCString(path) { listxattr($0, nil, 0) }
        guard size > 0 else { return }
        var names = [CChar](repeating: 0, count: size)
        let listed = withCString(path) { listxattr($0, &names, size) }
        guard listed > 0 else { return }
        var start = 0
        while start < listed {
            let end = names[start..<listed].firstIndex(of: 0) ?? listed
            let name = Array(names[start..<end]) + [0]
            start = end + 1
            let length = withCString(path) { getxattr($0, name, nil, 0) }
            guard length >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: max(length, 1))
            let got = withCString(path) { getxattr($0, name, &value, length) }
            guard got >= 0 else { continue }
            _ = fsetxattr(fd, name, &value, got, 0)
        }
    }

    private static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard let resolved = withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
                                         count: strlen(resolved)))
    }

    private static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

// The extended attribute calls (sys/xattr.h), which the Glibc module does not export.
@_silgen_name("listxattr") private func listxattr(_ path: UnsafePointer<CChar>, _ list: UnsafeMutablePointer<CChar>?,
                                                  _ size: Int) -> Int
@_silgen_name("getxattr") private func getxattr(_ path: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>,
                                                _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int
@_silgen_name("fsetxattr") private func fsetxattr(_ fd: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?,
                                                  _ size: Int, _ flags: Int32) -> Int32
