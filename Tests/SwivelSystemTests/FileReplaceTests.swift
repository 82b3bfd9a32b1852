import Foundation
import Glibc
import SwivelCore
@testable import SwivelSystem
import SwivelTestSupport
import Testing

/// A photo's file replaced as a turn and its undo write it (`FileReplace`): the new bytes whole or
/// not at all, the old file's owner, mode and extended attributes kept, and on a read-only folder
/// or a full disk the old file as it was, nothing left beside it, and one line saying why.
@Suite(.serialized) struct FileReplaceTests {
    static let isRoot = getuid() == 0
    static let rootReason: Comment = "needs root to give a file another owner and to mount a tmpfs"

    static func replace(_ path: FilePath, _ bytes: [UInt8]) -> Result<FileReplace.Identity, FileReplace.Failure> {
        bytes.withUnsafeBytes { FileReplace.replace(path.bytes, with: $0) }
    }

    static func names(_ folder: FilePath) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.text)) ?? []).sorted()
    }

    static func status(_ path: FilePath) -> stat {
        var status = stat()
        _ = path.cString.withUnsafeBufferPointer { stat($0.baseAddress!, &status) }
        return status
    }

    /// The bytes are replaced by a rename (a new inode: a reader holding the old file keeps it
    /// whole), the mode 0640, owner 1234:5678 and a `user.` attribute kept, and no temporary file left.
    @Test(.enabled(if: isRoot, rootReason)) func keepsOwnerModeAndAttributes() throws {
        let folder = TemporaryDirectory()
        let file = folder.write("p.jpg", bytes: Array(repeating: 7, count: 1000))
        #expect(chmod(file.text, 0o640) == 0)
        #expect(chown(file.text, 1234, 5678) == 0)
        #expect(setxattr(file.text, "user.swivel.test", "kept", 4, 0) == 0)
        let before = Self.status(file)
        let new = (0..<3000).map { UInt8($0 % 251) }
        let identity = try Self.replace(file, new).get()
        let after = Self.status(file)
        #expect(folder.contents(file) == new)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_uid == 1234 && after.st_gid == 5678)
        #expect(after.st_ino != before.st_ino && identity.inode == UInt64(after.st_ino) && identity.size == 3000)
        var value = [UInt8](repeating: 0, count: 16)
        #expect(getxattr(file.text, "user.swivel.test", &value, 16) == 4 && Array(value.prefix(4)) == Array("kept".utf8))
        #expect(Self.names(folder.path) == ["p.jpg"])
    }

    /// Given the identity of the file last written, a file changed since (another program's
    /// write) is refused and left as that program wrote it.
    @Test func refusesAFileChangedSince() throws {
        let folder = TemporaryDirectory()
        let file = folder.write("p.jpg", bytes: [1, 2, 3])
        let written = try Self.replace(file, [4, 5, 6]).get()
        ImageFiles.write(file, [9, 9, 9, 9])
        let result = [7, 7].withUnsafeBytes { FileReplace.replace(file.bytes, with: $0, expecting: written) }
        #expect(result == .failure(FileReplace.Failure("another program has changed it since")))
        #expect(folder.contents(file) == [9, 9, 9, 9])
    }

    /// A disk that fills up part way through the write (write(2) gives 4096 bytes, then ENOSPC):
    /// the file keeps its bytes, the half-written temporary file is gone, one line says why.
    @Test func aWriteThatRunsOutOfSpaceLeavesTheFile() throws {
        let folder = TemporaryDirectory()
        let old = Array(repeating: UInt8(3), count: 5000)
        let file = folder.write("p.jpg", bytes: old)
        var calls = 0
        let new = [UInt8](repeating: 8, count: 20000)
        let result = new.withUnsafeBytes { bytes in
            FileReplace.replace(file.bytes, with: bytes, expecting: nil, modified: nil) { fd, buffer, count in
                calls += 1
                if calls == 1 { return Glibc.write(fd, buffer, min(count, 4096)) }
                errno = ENOSPC
                return -1
            }
        }
        #expect(calls == 2)
        #expect(result == .failure(FileReplace.Failure("cannot write in \(folder.path.text): No space left on device")))
        #expect(folder.contents(file) == old)
        #expect(Self.names(folder.path) == ["p.jpg"])
    }

    /// A real full file system (a 64 KiB tmpfs, filled) and a read-only one (a tmpfs remounted
    /// read-only): the same, with what the kernel says.
    @Test(.enabled(if: isRoot, rootReason), arguments: [false, true])
    func aFullOrReadOnlyFileSystemLeavesTheFile(readOnly: Bool) throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("mnt")
        let mount = folder.path("mnt")
        guard (try? Self.mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.text])) != nil else {
            print("skipped: mount not allowed here")
            return
        }
        defer { _ = try? Self.mount(["-l", mount.text], program: "/usr/bin/umount") }
        let old = (0..<20000).map { UInt8($0 % 7) }
        let file = mount.appending(Array("p.jpg".utf8))
        ImageFiles.write(file, old)
        if readOnly {
            try Self.mount(["-o", "remount,ro", mount.text])
        } else {
            // Filled with zeros until the file system says it is full.
            let filler = open(mount.text + "/filler", O_WRONLY | O_CREAT, 0o644)
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBytes({ Glibc.write(filler, $0.baseAddress, $0.count) }) > 0 {}
            #expect(errno == ENOSPC)
            close(filler)
        }
        let result = Self.replace(file, [UInt8](repeating: 1, count: 20000))
        let reason = readOnly ? "Read-only file system" : "No space left on device"
        #expect(result == .failure(FileReplace.Failure("cannot write in \(mount.text): \(reason)")))
        #expect(folder.contents(file) == old)
        #expect(Self.names(mount) == (readOnly ? ["p.jpg"] : ["filler", "p.jpg"]))
    }

    static func mount(_ arguments: [String], program: String = "/usr/bin/mount") throws {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: program), arguments)
        guard result.status == 0 else { throw FileReplace.Failure("\(program) \(arguments): \(result.stderr)") }
    }
}

// The extended attribute calls (sys/xattr.h), which the Glibc module does not export.
@_silgen_name("setxattr") private func setxattr(_ path: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>,
                                                _ value: UnsafeRawPointer?, _ size: Int, _ flags: Int32) -> Int32
@_silgen_name("getxattr") private func getxattr(_ path: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>,
                                                _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int
