import Glibc
import SwivelCore

/// A fresh directory under /tmp for one test, removed (with everything in it) when released.
/// Names are raw bytes so tests can make names that are not UTF-8.
final class TemporaryDirectory {
    let path: FilePath

    init() {
        var template = Array("/tmp/swivel-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
    }

    deinit { Self.remove(path) }

    /// `relative` under this directory ("a/b.png").
    func path(_ relative: String) -> FilePath { path.appending(Array(relative.utf8)) }

    /// Makes an empty file at each relative path (parent directories must exist).
    func touch(_ names: String...) {
        for name in names { touch(path(name)) }
    }

    func touch(_ file: FilePath) {
        let fd = open(file.cString, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(file)")
        close(fd)
    }

    func makeDirectories(_ names: String...) {
        for name in names { precondition(mkdir(path(name).cString, 0o755) == 0, "cannot mkdir \(name)") }
    }

    /// A symbolic link at `name` whose target is the text `target`.
    func link(_ name: String, to target: String) {
        precondition(symlink(target, path(name).cString) == 0, "cannot link \(name)")
    }

    /// Deletes `file`, and a directory's contents first; links are removed, never followed.
    private static func remove(_ file: FilePath) {
        var info = stat()
        guard lstat(file.cString, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else { unlink(file.cString); return }
        chmod(file.cString, 0o755)
        if let stream = opendir(file.cString) {
            var names: [[UInt8]] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name != [46] && name != [46, 46] { names.append(name) }
            }
            closedir(stream)
            for name in names { remove(file.appending(name)) }
        }
        rmdir(file.cString)
    }
}
