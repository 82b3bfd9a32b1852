import Glibc

/// An open file read by a C library through callbacks (libheif's `heif_reader`, libavif's
/// `avifIO`): at a position or an offset, with pread, so the file is never read whole. A read
/// made after the decode was cancelled fails, which stops libavif at its next read (it reads each
/// tile's coded data just before decoding it); libheif's reader is given `.never` (`HEIFDecoder`).
final class DescriptorReader {
    let file: OpenFile
    let cancellation: DecodeCancellation
    var position = 0
    /// Whether a read was refused because the decode was cancelled.
    private(set) var wasCancelled = false
    /// The last block handed to libavif (valid until its next read).
    private var block: UnsafeMutableRawPointer?
    private var blockCapacity = 0

    init(_ file: OpenFile, cancellation: DecodeCancellation) {
        self.file = file
        self.cancellation = cancellation
    }

    deinit { free(block) }

    /// Reads `count` bytes at `offset` into `destination`; false if cancelled, or the file ends
    /// first or cannot be read.
    func read(into destination: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Bool {
        if cancellation.isCancelled {
            wasCancelled = true
            return false
        }
        var filled = 0
        while filled < count {
            let got = pread(file.descriptor, destination + filled, count - filled, off_t(offset + filled))
            if got > 0 {
                filled += got
            } else if got == 0 || errno != EINTR {
                return false
            }
        }
        return true
    }

    /// `count` bytes at `offset` in a block of its own, reused by the next call; nil as `read`.
    func block(count: Int, at offset: Int) -> UnsafeRawPointer? {
        if block == nil || count > blockCapacity {
            guard let grown = realloc(block, max(count, 1)) else { return nil }
            (block, blockCapacity) = (grown, count)
        }
        guard let block, read(into: block, count: count, at: offset) else { return nil }
        return UnsafeRawPointer(block)
    }
}
