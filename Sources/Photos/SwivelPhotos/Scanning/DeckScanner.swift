import Glibc
import SwivelSystem
import SwivelCore
import SwivelPhotoCore

/// The image files the command line names, in the order the deck shows them, and what was skipped.
public struct DeckScan: Sendable {
    public var images: [FilePath]
    /// One line each: symbolic link loops and unreadable subdirectories that were skipped, and
    /// entries with an image extension that are not (links to) regular files.
    public var warnings: [String]

    public init(images: [FilePath] = [], warnings: [String] = []) {
        self.images = images
        self.warnings = warnings
    }
}

/// Why the command line gives no deck, as one line (the caller exits with status 64).
public struct DeckScanError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The warnings of the scan up to the failure (a subfolder that could not be read may be why
    /// there are no images): shown before the error.
    public let warnings: [String]
    public init(_ description: String, warnings: [String] = []) {
        self.description = description
        self.warnings = warnings
    }
}

/// Turns command-line paths into the ordered list of image files.
public enum DeckScanner {
    /// File name extensions (lower case, no dot) of the formats in `ImageFormat`'s table: those
    /// whose size can be checked before decoding (by `ImageHeader`, libheif, libavif or libjxl; SVG is drawn
    /// at the card's size). SDL2_image would decode XCF, XPM, PCX, LBM and ICO too, but their size
    /// cannot be checked first, so they are not in the table and folders do not list them.
    public static let imageExtensions: Set<String> = ImageFormat.extensions

    /// Files named directly are taken as they are (whatever their extension: the decoder decides).
    /// Directories are listed (not recursed unless `recursive`), keeping regular files (or links to
    /// them) whose extension is an image extension (case-insensitive), skipping dot-files, sorted
    /// with `NaturalOrder` by name within each directory; arguments keep their command-line order.
    /// Entries with an image extension that are FIFOs, sockets, devices or broken links are
    /// skipped with one warning each (`PATH: not a regular file (a FIFO)`, `broken symbolic link`).
    ///
    /// Recursive: subdirectories (not dot-directories; links to directories are followed) come after
    /// the directory's own files, in natural order. A directory already visited in the same argument,
    /// by (st_dev, st_ino), is skipped with one warning (symbolic link loops end there); unreadable
    /// subdirectories give a warning and are skipped.
    ///
    /// Errors: a path that does not exist ("no such file or directory: PATH"), an unreadable
    /// top-level directory ("cannot read directory PATH: Permission denied"), and no images in the
    /// end ("no images in PATH" when one directory was given, else "no images in the given paths").
    ///
    /// The path `-` stands for `listed` (the paths read from standard input), taken in their
    /// order like command-line paths, except that one that does not exist or cannot be read is
    /// one warning ("skipped PATH: no such file or directory") rather than the end of the run.
    public static func scan(_ paths: [FilePath], listed: [FilePath] = [], recursive: Bool) throws(DeckScanError) -> DeckScan {
        var scan = DeckScan()
        for path in paths {
            if path.isStandardInput {
                for item in listed {
                    do { try add(item, recursive: recursive, to: &scan) } catch {
                        scan.warnings.append("skipped \(item): \(error.listedReason)")
                    }
                }
                continue
            }
            do { try add(path, recursive: recursive, to: &scan) } catch {
                throw DeckScanError(error.description, warnings: scan.warnings)
            }
        }
        if scan.images.isEmpty {
            if paths.count == 1, let only = paths.first, only.isStandardInput {
                throw DeckScanError("no images in the paths read from standard input", warnings: scan.warnings)
            }
            if paths.count == 1, let only = paths.first, (try? FileStatus.of(only).get())?.isDirectory == true {
                throw DeckScanError("no images in \(only)", warnings: scan.warnings)
            }
            throw DeckScanError("no images in the given paths", warnings: scan.warnings)
        }
        return scan
    }

    /// A path that cannot be scanned: why, as a command-line error and as a list entry's warning.
    private struct Unusable: Error, CustomStringConvertible {
        let description: String
        let listedReason: String
    }

    /// Adds one path's images: a file as it is, a directory's listing.
    private static func add(_ path: FilePath, recursive: Bool, to scan: inout DeckScan) throws(Unusable) {
        let info: FileStatus
        switch FileStatus.of(path) {
        case .success(let status): info = status
        case .failure(let error) where error.code == ENOENT:
            throw Unusable(description: "no such file or directory: \(path)", listedReason: "no such file or directory")
        case .failure(let error):
            throw Unusable(description: "cannot access \(path): \(error)", listedReason: "cannot access: \(error)")
        }
        if info.isDirectory {
            var walk = DirectoryWalk(recursive: recursive)
            switch walk.list(path, identity: info.identity) {
            case .failure(let error):
                throw Unusable(description: "cannot read directory \(path): \(error)",
                               listedReason: "cannot read directory: \(error)")
            case .success:
                scan.images += walk.images
                scan.warnings += walk.warnings
            }
        } else {
            scan.images.append(path)
        }
    }

    /// True when `name` ends in "." and an image extension, in any ASCII case.
    static func hasImageExtension(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex,
              name.endIndex - dot - 1 <= longestExtension else { return false }
        let lowered = name[(dot + 1)...].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        return imageExtensions.contains(String(decoding: lowered, as: UTF8.self))
    }

    private static let longestExtension = imageExtensions.map(\.utf8.count).max() ?? 0
}

/// Lists one argument's directory tree: images in natural order, subdirectories after files.
private struct DirectoryWalk {
    let recursive: Bool
    private(set) var images: [FilePath] = []
    private(set) var warnings: [String] = []
    /// Directories listed so far, so that no directory is listed twice and link loops end.
    private var visited: Set<FileIdentity> = []
    /// The directories being listed, outermost first, to tell a loop from a second way in.
    private var ancestors: [(identity: FileIdentity, path: FilePath)] = []

    init(recursive: Bool) { self.recursive = recursive }

    mutating func list(_ directory: FilePath, identity: FileIdentity) -> Result<Void, SystemError> {
        visited.insert(identity)
        let entries: DirectoryEntries
        switch DirectoryEntries.read(directory, recursive: recursive) {
        case .success(let read): entries = read
        case .failure(let error): return .failure(error)
        }
        images += entries.images.sorted(by: Self.byName).map { directory.appending($0) }
        warnings += entries.skipped.sorted { Self.byName($0.name, $1.name) }
            .map { "skipped \(directory.appending($0.name)): \($0.reason)" }
        ancestors.append((identity, directory))
        defer { ancestors.removeLast() }
        for name in entries.subdirectories.sorted(by: Self.byName) {
            let path = directory.appending(name)
            // Follows links: the identity is the directory the link leads to. One that cannot be
            // looked at (a path over PATH_MAX: ENAMETOOLONG; gone since it was listed) says so.
            let status: FileStatus
            switch FileStatus.of(path) {
            case .success(let found): status = found
            case .failure(let error):
                warnings.append("cannot read directory \(path): \(error)")
                continue
            }
            guard status.isDirectory else { continue }
            if let ancestor = ancestors.first(where: { $0.identity == status.identity }) {
                warnings.append("skipped \(path): symbolic link loop back to \(ancestor.path)")
                continue
            }
            if visited.contains(status.identity) {
                warnings.append("skipped \(path): directory already listed")
                continue
            }
            if case .failure(let error) = list(path, identity: status.identity) {
                warnings.append("cannot read directory \(path): \(error)")
            }
        }
        return .success(())
    }

    private static func byName(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        NaturalOrder.areInIncreasingOrder(a, b)
    }
}

/// One directory's names (not paths), split into image files and subdirectories to descend into,
/// and the image-named entries that cannot be cards (FIFOs, devices, sockets, broken links), with
/// why. Entries are classified by readdir's d_type; only links and unknown types cost a stat.
private struct DirectoryEntries {
    var images: [[UInt8]] = []
    var subdirectories: [[UInt8]] = []
    var skipped: [(name: [UInt8], reason: String)] = []

    static func read(_ directory: FilePath, recursive: Bool) -> Result<DirectoryEntries, SystemError> {
        guard let stream = opendir(directory.cString) else { return .failure(SystemError(errno)) }
        defer { closedir(stream) }
        var entries = DirectoryEntries()
        while let entry = readdir(stream) {
            let name = directoryEntryName(entry)
            if name.first == UInt8(ascii: ".") { continue }   // dot-files, ".", ".."
            let isImageName = DeckScanner.hasImageExtension(name)
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG):
                if isImageName { entries.images.append(name) }
            case Int32(DT_DIR):
                if recursive { entries.subdirectories.append(name) }
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                guard isImageName || recursive else { continue }
                let status: FileStatus
                switch FileStatus.of(directory.appending(name)) {
                case .success(let found): status = found
                case .failure(let error):
                    if isImageName {
                        entries.skipped.append((name, error.code == ENOENT ? "broken symbolic link" : "\(error)"))
                    }
                    continue
                }
                if status.isRegularFile && isImageName { entries.images.append(name) }
                if status.isDirectory && recursive { entries.subdirectories.append(name) }
                if !status.isRegularFile && !status.isDirectory && isImageName {
                    entries.skipped.append((name, "not a regular file (\(fileTypeName(mode_t(status.mode))))"))
                }
            default:
                // FIFOs (opening one could block), sockets, devices.
                if isImageName {
                    let mode = mode_t(entry.pointee.d_type) << 12   // DTTOIF
                    entries.skipped.append((name, "not a regular file (\(fileTypeName(mode)))"))
                }
            }
        }
        return .success(entries)
    }
}

/// Which file a path leads to: the same (device, inode) is the same file.
private struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
}

/// What stat(2) says about a path, following symbolic links.
private struct FileStatus {
    let identity: FileIdentity
    let mode: UInt32

    var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    static func of(_ path: FilePath) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard stat(path.cString, &info) == 0 else { return .failure(SystemError(errno)) }
        return .success(FileStatus(identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
                                   mode: UInt32(info.st_mode)))
    }
}

/// An errno value, described as strerror(3) says it ("Permission denied").
private struct SystemError: Error, CustomStringConvertible {
    let code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { String(cString: strerror(code)) }
}
