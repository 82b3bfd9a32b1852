import CBox
import Glibc

/// Pixels passed between processes in a sealed memfd: the worker fills one through a shared
/// mapping and seals it (no shrinking, growing, or more seals); the app checks the seals and the
/// size before it maps it read-only, so a worker cannot make it fault by shrinking the file. It
/// may punch holes in it for the rows it no longer needs (`SealedMapping.giveBack`).
public enum SealedPixels {
    /// Why a memfd was refused.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case notSealed
        case wrongSize(expected: Int, actual: Int)
        case failed(String)

        public var description: String {
            switch self {
            case .notSealed: "the decoder's pixels were not sealed"
            case .wrongSize(let expected, let actual): "the decoder gave \(actual) bytes of pixels for \(expected)"
            case .failed(let text): "cannot map the decoder's pixels: \(text)"
            }
        }
    }

    /// The worker's side: a memfd of `count` bytes, `fill` writing them through a shared mapping,
    /// then sealed. Returns the descriptor (the caller sends and closes it), or nil on failure.
    public static func make(count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) -> Int32? {
        let fd = swivel_box_memfd("swivel-pixels")
        guard fd >= 0 else { return nil }
        guard ftruncate(fd, off_t(count)) == 0 else { Glibc.close(fd); return nil }
        if count > 0 {
            guard let address = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), address != MAP_FAILED else {
                Glibc.close(fd)
                return nil
            }
            fill(UnsafeMutableRawBufferPointer(start: address, count: count))
            munmap(address, count)
        }
        guard swivel_box_seal(fd) == 0 else { Glibc.close(fd); return nil }
        return fd
    }

    /// The app's side: maps the sealed memfd `fd` of exactly `count` bytes read-only. Takes the
    /// descriptor: closed on a refusal, else with the mapping.
    public static func map(_ fd: Int32, count: Int) -> Result<SealedMapping, Refusal> {
        func refuse(_ refusal: Refusal) -> Result<SealedMapping, Refusal> {
            Glibc.close(fd)
            return .failure(refusal)
        }
        guard swivel_box_is_sealed(fd) == 1 else { return refuse(.notSealed) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return refuse(.failed(String(cString: strerror(errno)))) }
        guard Int(status.st_size) == count else { return refuse(.wrongSize(expected: count, actual: Int(status.st_size))) }
        if count == 0 { return .success(SealedMapping(address: nil, count: 0, fd: fd)) }
        guard let address = mmap(nil, count, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED else {
            return refuse(.failed(String(cString: strerror(errno))))
        }
        return .success(SealedMapping(address: UnsafeRawPointer(address), count: count, fd: fd))
    }
}

/// A read-only mapping of a sealed memfd, unmapped (and its descriptor closed) when the last
/// reference goes.
public final class SealedMapping: @unchecked Sendable {
    public let address: UnsafeRawPointer?
    public let count: Int
    private let fd: Int32

    init(address: UnsafeRawPointer?, count: Int, fd: Int32) {
        (self.address, self.count, self.fd) = (address, count, fd)
    }

    /// The bytes, for the length of `body`.
    public func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: address, count: count))
    }

    /// Frees the memory of the whole pages within `range` (bytes not read again).
    public func giveBack(_ range: Range<Int>) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = min(count, range.upperBound) / page * page
        guard end > start else { return }
        _ = swivel_box_punch_hole(fd, start, end - start)
    }

    deinit {
        if let address { munmap(UnsafeMutableRawPointer(mutating: address), count) }
        Glibc.close(fd)
    }
}
