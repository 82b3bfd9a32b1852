import Glibc
import SwivelCore
import SwivelPhotoCore

/// What kind of file a stat(2) mode is, as "a FIFO", "a directory", … (for "not a regular file (…)").
func fileTypeName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "of an unknown type"
    }
}

/// A failure inside one step of decoding, as the phrase that follows the path.
struct Failure: Error {
    let reason: String
    /// Whether it says nothing about the file: the process or the system ran out of something
    /// (descriptors, memory) that a later attempt may find again.
    var transient = false
    /// Whether the decode was stopped because its card is no longer wanted (`DecodeCancellation`).
    var cancelled = false
}

/// An image file opened once, by its raw path bytes, so the header that is checked and the data
/// that is decoded are the same file.
struct OpenFile {
    let descriptor: Int32
    let size: Int

    /// Header bytes are read in steps up to this many; a header that goes on further is refused.
    static let maxHeaderBytes = 32 << 20

    /// Opens without blocking (a FIFO with no writer would otherwise hold a decoder thread
    /// forever) and refuses anything but a regular file: FIFOs, devices such as /dev/zero
    /// (endless bytes), sockets and directories.
    init(_ path: FilePath) throws(Failure) {
        let fd = path.cString.withUnsafeBufferPointer { open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw Self.openFailure(errno: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = "cannot open: \(Self.errorText())"
            Glibc.close(fd)
            throw Failure(reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw Failure(reason: "not a regular file (\(fileTypeName(status.st_mode)))")
        }
        descriptor = fd
        size = Int(status.st_size)
    }

    /// A file another process opened and passed here (a decoder worker's): the same checks by fstat.
    init(descriptor fd: Int32) throws(Failure) {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(reason: "cannot open: \(Self.errorText())") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(reason: "not a regular file (\(fileTypeName(status.st_mode)))")
        }
        descriptor = fd
        size = Int(status.st_size)
    }

    func close() { Glibc.close(descriptor) }

    /// Why open(2) failed with `errno`. EMFILE (this process is out of descriptors), ENFILE (the
    /// system is) and ENOMEM (the kernel is out of memory) are no verdict on the file: transient.
    static func openFailure(errno code: Int32) -> Failure {
        Failure(reason: "cannot open: \(String(cString: strerror(code)))",
                transient: code == EMFILE || code == ENFILE || code == ENOMEM)
    }

    /// Reads the first bytes, and more while the header says it goes on, then the header.
    func header(pathExtension: String) throws(Failure) -> ImageHeader {
        var count = min(size, ImageHeader.bytesNeeded)
        while true {
            let bytes = try read(count)
            // A short read means the file ends there, whatever its size said.
            let fileSize = bytes.count < count ? bytes.count : size
            switch ImageHeader.read(bytes, fileSize: fileSize, pathExtension: pathExtension) {
            case .success(let header):
                return header
            case .failure(.incomplete(let format, let needed)):
                guard bytes.count < Self.maxHeaderBytes else {
                    throw Failure(reason: "\(format.displayName) header is not within the first "
                                  + "\(Self.maxHeaderBytes >> 20) MiB")
                }
                // At least double, so that a header of many segments takes few reads.
                count = min(fileSize, Self.maxHeaderBytes, max(needed, bytes.count * 2))
            case .failure(let problem):
                throw Failure(reason: problem.description)
            }
        }
    }

    /// The whole file, for the decoders that take it from memory (libjpeg-turbo, libheif, libavif, libjxl,
    /// SDL2_image's SVG reader); refused above `maxWholeFileBytes`.
    func readAll() throws(Failure) -> [UInt8] {
        guard size <= Self.maxWholeFileBytes else {
            throw Failure(reason: "file is \(size >> 20) MiB, over the \(Self.maxWholeFileBytes >> 20) MiB limit")
        }
        let bytes = try read(size)
        return bytes.count == size ? bytes : Array(bytes.prefix(size))
    }

    /// The largest file read whole: 256 MP at the best lossless compression seen is well under it.
    static let maxWholeFileBytes = 512 << 20

    /// Reads of at most this many bytes are not asked of `PhotoMemory` first: an array this small
    /// is what its headroom is for, and asking costs an mmap and a munmap of 32 MiB, which for the
    /// four small reads of a DNG's date (`TIFFDateTaken`) was a fifth of what `--sort taken` spent
    /// on the file.
    static let smallRead = 64 << 10

    /// `count` bytes from `offset` on (the first ones by default; fewer if the file ends first).
    func read(_ count: Int, at offset: Int = 0) throws(Failure) -> [UInt8] {
        var failed: Int32 = 0
        func filled() -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: max(count, 1)) { buffer, filled in
                filled = 0
                while filled < count {
                    let got = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
                    if got > 0 {
                        filled += got
                    } else if got == 0 {
                        break
                    } else if errno != EINTR {
                        failed = errno
                        break
                    }
                }
            }
        }
        // A larger count may be the file's size (or a header's claim): asked of PhotoMemory first.
        let bytes = count <= Self.smallRead ? filled() : try PhotoMemory.reserving(max(count, 1)) { filled() }
        if failed != 0 { throw Failure(reason: "cannot read: \(String(cString: strerror(failed)))") }
        return bytes
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
