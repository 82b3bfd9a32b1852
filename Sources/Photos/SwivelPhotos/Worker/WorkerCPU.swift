import Glibc

/// The CPU time decoder workers spent on the calling thread's requests, which its own thread CPU
/// clock does not see: the pool adds each reply's `cpu=`, and whoever times a decode (the decode
/// threads, for `--bench`'s `decode_cpu_ms`) takes it.
public enum WorkerCPU {
    /// Adds `milliseconds` to the calling thread's account.
    static func add(_ milliseconds: Double) {
        let total = take() + milliseconds
        pthread_setspecific(key, UnsafeMutableRawPointer(bitPattern: UInt(total.bitPattern)))
    }

    /// The calling thread's account so far, which starts again at 0.
    public static func take() -> Double {
        let bits = UInt(bitPattern: pthread_getspecific(key))
        pthread_setspecific(key, nil)
        return Double(bitPattern: UInt64(bits))
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
