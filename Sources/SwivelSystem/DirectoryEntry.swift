import Glibc

/// The name of a directory entry from readdir(3), read up to its NUL where it lies. Copying
/// `d_name` (a 256-byte array to Swift) would read past the end of an entry whose record is
/// shorter, which the last entries of glibc's buffer are (AddressSanitizer: heap-buffer-overflow).
public func directoryEntryName(_ entry: UnsafePointer<dirent>) -> [UInt8] {
    let name = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    return Array(UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))))
}
