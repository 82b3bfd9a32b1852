import Glibc

/// Giving memory back to the system before it is freed.
public enum MemoryPages {
    /// Drops the whole pages inside `bytes` from the process's resident memory
    /// (`madvise(MADV_DONTNEED)`): their contents read as zeros afterwards. For a buffer about to
    /// be freed whose first part is done with, such as a photo's rows already on the GPU, so that
    /// the photo is not held twice while it goes up. The partial pages at either end are left
    /// (they may hold the allocator's own data).
    public static func release(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return }
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + bytes.count) / page * page
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, MADV_DONTNEED)
    }
}
