import Foundation
import Glibc
import SwivelSystem
import SwivelCore

/// A fresh directory for one test, removed (with everything in it, never following links) when
/// released. Names are raw bytes so tests can make names that are not UTF-8.
///
/// Every one is made inside this test run's own folder, `/tmp/swivel-tests-PID-XXXXXX`, which is
/// removed when the test process exits, so nothing is left behind even by a test that keeps its
/// directory to the end (`SwivelProcess.temporaryDirectory()`); the folders of earlier runs whose
/// process is gone (killed before it could clean up) are removed when the next run starts.
public final class TemporaryDirectory {
    public let path: FilePath

    public init() {
        path = Self.make()
    }

    deinit { Self.remove(path) }

    /// The directory as a file URL.
    public var url: URL { URL(fileURLWithPath: path.text, isDirectory: true) }

    /// `relative` under this directory ("a/b.png").
    public func path(_ relative: String) -> FilePath { path.appending(Array(relative.utf8)) }

    /// `relative` under this directory, as a file URL.
    public func url(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    /// Makes an empty file at each relative path (parent directories must exist).
    public func touch(_ names: String...) {
        for name in names { touch(path(name)) }
    }

    public func touch(_ file: FilePath) {
        let fd = open(file.cString, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(file)")
        close(fd)
    }

    public func makeDirectories(_ names: String...) {
        for name in names { precondition(mkdir(path(name).cString, 0o755) == 0, "cannot mkdir \(name)") }
    }

    /// A symbolic link at `name` whose target is the text `target`.
    public func link(_ name: String, to target: String) {
        precondition(symlink(target, path(name).cString) == 0, "cannot link \(name)")
    }

    /// Writes a `width` × `height` image whose pixel (x, y) is `color(x, y)` (straight alpha) to
    /// `name` (see `ImageFiles.image`).
    @discardableResult
    public func write(_ name: String, _ kind: ImageFiles.Kind, width: Int, height: Int,
                      color: (Int, Int) -> RGBA8) -> FilePath {
        let file = path(name)
        ImageFiles.write(file, ImageFiles.image(kind, width: width, height: height, color: color))
        return file
    }

    /// Writes raw bytes (to a name that may not be UTF-8).
    @discardableResult
    public func write(_ name: [UInt8], bytes: [UInt8], mode: mode_t = 0o644) -> FilePath {
        let file = path.appending(name)
        ImageFiles.write(file, bytes, mode: mode)
        return file
    }

    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) -> FilePath { write(Array(name.utf8), bytes: bytes) }

    /// The bytes of `file`.
    public func contents(_ file: FilePath) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: file.text)!)
    }

    /// Opens this directory to other users, for a test that runs the app as one (`nobody`): the
    /// run's folder gets search permission for others (0711: they can pass through it, not list
    /// it), this directory read, write and search for everyone (0777).
    public func shareWithOtherUsers() {
        let parent = FilePath(bytes: Array(path.bytes[..<(path.bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0)]))
        precondition(chmod(parent.cString, 0o711) == 0 && chmod(path.cString, 0o777) == 0, "cannot share \(path)")
    }

    /// A fresh directory that stays until the test process exits (for a test that hands it on,
    /// such as `SwivelProcess.temporaryDirectory()`); prefer an instance, removed when released.
    public static func lasting() -> URL {
        URL(fileURLWithPath: make().text, isDirectory: true)
    }

    // MARK: The run's folder

    /// This process's folder for all its temporary directories, made on first use; at that moment
    /// the folders of earlier runs whose process no longer exists are removed, and an exit handler
    /// is set up to remove this one.
    nonisolated(unsafe) private static var runFolder: FilePath?
    private static let lock = NSLock()

    private static func make() -> FilePath {
        lock.lock()
        let root: FilePath
        if let runFolder {
            root = runFolder
        } else {
            removeFoldersOfEndedRuns()
            root = makeDirectory(template: "/tmp/swivel-tests-\(getpid())-XXXXXX")
            runFolder = root
            atexit { TemporaryDirectory.removeRunFolder() }
        }
        lock.unlock()
        return makeDirectory(template: root.text + "/XXXXXX")
    }

    private static func makeDirectory(template text: String) -> FilePath {
        var template = Array(text.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp \(text) failed")
        return FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
    }

    private static func removeRunFolder() {
        if let runFolder { remove(runFolder) }
    }

    /// Removes `/tmp/swivel-tests-PID-*` folders whose PID is not a running process.
    private static func removeFoldersOfEndedRuns() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [] {
            let parts = name.split(separator: "-")
            guard name.hasPrefix("swivel-tests-"), parts.count == 4, let pid = Int32(parts[2]) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { remove(FilePath("/tmp/" + name)) }
        }
    }

    /// Deletes `file`, and a directory's contents first; links are removed, never followed.
    /// Directories a test made unreadable are opened up first.
    public static func remove(_ file: FilePath) {
        var info = stat()
        guard lstat(file.cString, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else { unlink(file.cString); return }
        chmod(file.cString, 0o755)
        if let stream = opendir(file.cString) {
            var names: [[UInt8]] = []
            while let entry = readdir(stream) {
                let name = directoryEntryName(entry)
                if name != [46] && name != [46, 46] { names.append(name) }
            }
            closedir(stream)
            for name in names { remove(file.appending(name)) }
        }
        rmdir(file.cString)
    }
}
