import Glibc
import SwivelPhotoCore

extension JPEGDecoder {
    /// Bytes read at a time while counting scans: a baseline JPEG's headers fit in the first read.
    static let scanCountBlock = 256 << 10

    /// Refuses a JPEG with more than `maxScans` scans before libjpeg decodes any: they are counted
    /// from the file's bytes (`JPEGScanCounter`), which libjpeg counts only by decoding each one.
    static func checkScanCount(_ file: OpenFile, cancellation: DecodeCancellation) throws(Failure) {
        if try countScans(file, cancellation: cancellation).scans > Int(maxScans) { throw Failure(reason: scanLimitReason) }
    }

    /// The scans of `file`, counted up to one past `maxScans`, and the bytes read to count them. A
    /// read that fails ends the count: libjpeg's own read of the same bytes says why.
    static func countScans(_ file: OpenFile, cancellation: DecodeCancellation) throws(Failure) -> (scans: Int, bytesRead: Int) {
        var counter = JPEGScanCounter(stoppingAt: Int(maxScans) + 1)
        var block = [UInt8](repeating: 0, count: scanCountBlock)
        var offset = 0
        while !counter.isDone {
            try cancellation.check()
            let got = block.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            block.withUnsafeBufferPointer { counter.feed(UnsafeBufferPointer(rebasing: $0[..<got])) }
            offset += got
        }
        return (counter.scans, offset)
    }
}
