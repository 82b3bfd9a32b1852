import Glibc

/// Whole reads and writes through file descriptors, past interrupted calls and short counts.
public enum FileDescriptor {
    /// Why a whole read stopped short.
    public enum ReadFailure: Error, Equatable {
        /// A read failed with this `errno`.
        case failed(errno: Int32)
        /// More than the allowed number of bytes came.
        case tooLarge
    }

    /// Everything `descriptor` gives until its end; fails as soon as more than `limit` bytes
    /// have come, or when a read fails.
    public static func readAll(_ descriptor: Int32, limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(errno: errno))
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
            if bytes.count > limit { return .failure(.tooLarge) }
        }
    }

    /// The bytes of the file at `path`; nil if it cannot be opened or read (a directory cannot).
    public static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try? readAll(descriptor).get()
    }

    /// Writes every byte of `bytes`; false if the descriptor took only some.
    @discardableResult
    public static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }
}
