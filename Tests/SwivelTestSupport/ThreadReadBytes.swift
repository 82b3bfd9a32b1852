import Foundation

/// Bytes the calling thread has read so far (/proc/thread-self/io, "rchar": read(2) and its kin,
/// from the disk or the page cache, not through a mapping); -1 where the kernel does not say.
/// What a reader read is a count the machine's load cannot change, unlike how long it took.
public func threadReadBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("rchar: ") { return Int(line.dropFirst(7)) ?? -1 }
    return -1
}
