import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelSystem

/// The soak's own copy of a photo deck: the photos written into a new temporary folder (the user's
/// files are never trashed, rewritten or removed), a freedesktop.org trash of its own beside them
/// (its own `XDG_DATA_HOME`), and the changes the soak makes to the folder, reported to the deck as
/// the folder watch would (`FolderChange`). Everything goes when the soak ends.
final class SoakFolder {
    let root: String
    /// The photos' folder, and the trash's home.
    let photos: FilePath
    let trash: TrashLocations
    /// The photos' bytes, by the names first written.
    private let originals: [(name: String, bytes: [UInt8])]
    /// Files the soak added that are still there.
    private var added: [FilePath] = []
    private var nextAdded = 0
    /// The most files the soak adds at once: the deck stays near its size, so the quiet readings
    /// of memory compare like with like.
    static let mostAdded = 4

    /// A folder holding `files` (names with their extension), or nil (with one line) when it cannot be made.
    init?(files: [(name: String, bytes: [UInt8])]) {
        let base = Environment.nonEmpty("TMPDIR") ?? "/tmp"
        var template = Array((base + "/swivel-soak-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else {
            Console.error("soak: cannot make a temporary folder in \(base)")
            return nil
        }
        root = String(cString: template)
        photos = FilePath(root + "/photos")
        trash = TrashLocations(home: Array((root + "/data/Trash").utf8))
        originals = files
        guard mkdir(photos.text, 0o755) == 0, files.allSatisfy({ Self.write($0.bytes, to: photos.appending(Array($0.name.utf8))) })
        else {
            Console.error("soak: cannot write the photos into \(photos)")
            return nil
        }
    }

    deinit { Self.removeTree(root) }

    /// The photos as they are now, in natural order.
    var paths: [FilePath] { originals.map { photos.appending(Array($0.name.utf8)) } }

    /// One change to the folder, picked by `choice`: a photo copied in under a new name, an added one
    /// removed, or a photo rewritten with another's bytes; the change the watch would report.
    func change(_ choice: UInt64) -> FolderChange? {
        let source = originals[Int(choice / 3 % UInt64(originals.count))]
        switch choice % 3 {
        case 0 where added.count < Self.mostAdded:
            nextAdded += 1
            let path = photos.appending(Array("added-\(nextAdded).png".utf8))
            guard Self.write(source.bytes, to: path) else { return nil }
            added.append(path)
            return .written(path, root: 0)
        case 0, 1:
            guard !added.isEmpty else { return nil }
            let path = added.remove(at: Int(choice / 3 % UInt64(added.count)))
            return unlink(path.text) == 0 ? .removed(path) : nil
        default:
            // A photo the row has may be in the trash just now: then there is nothing to rewrite.
            let target = photos.appending(Array(originals[Int(choice / 7 % UInt64(originals.count))].name.utf8))
            guard access(target.text, F_OK) == 0, Self.write(source.bytes, to: target) else { return nil }
            return .written(target, root: 0)
        }
    }

    /// Writes `bytes` to `path` whole (a new file, or over one).
    private static func write(_ bytes: [UInt8], to path: FilePath) -> Bool {
        let descriptor = open(path.text, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return FileDescriptor.write(descriptor, bytes)
    }

    /// Removes `path` and everything under it, following no link.
    private static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = String(decoding: directoryEntryName(entry), as: UTF8.self)
                if name != "." && name != ".." { removeTree(path + "/" + name) }
            }
            closedir(directory)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
