import Glibc

/// One Linux inotify instance (inotify(7)): watches on paths, and the events the kernel queues for
/// them, read from a non-blocking, close-on-exec descriptor.
public final class Inotify: @unchecked Sendable {
    /// One event as inotify(7) describes `struct inotify_event`: the watch it came from, what
    /// happened (`IN_*` bits), the cookie that pairs a rename's two halves, and the entry's name
    /// within a watched directory (empty for the directory itself).
    public struct Event: Sendable {
        public let watch: Int32
        public let mask: UInt32
        public let cookie: UInt32
        public let name: [UInt8]

        public init(watch: Int32, mask: UInt32, cookie: UInt32, name: [UInt8]) {
            (self.watch, self.mask, self.cookie, self.name) = (watch, mask, cookie, name)
        }

        public func has(_ bits: Int32) -> Bool { mask & UInt32(bitPattern: bits) != 0 }
    }

    private let descriptor: Int32
    /// A pipe whose read end `interrupt` makes readable, to end a `read` waiting for ever.
    private let interruption: (read: Int32, write: Int32)

    /// A new instance; nil (and `errno` set) when the process or user has too many
    /// (`fs.inotify.max_user_instances`) or the kernel has none.
    public init?() {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            return nil
        }
        for end in ends {   // pipe2 is a GNU extension Glibc's module does not show
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        (self.descriptor, self.interruption) = (descriptor, (ends[0], ends[1]))
    }

    deinit {
        close(descriptor)
        close(interruption.read)
        close(interruption.write)
    }

    /// Ends the `read` waiting now (or the next one) without events.
    public func interrupt() {
        var byte: UInt8 = 1
        _ = write(interruption.write, &byte, 1)
    }

    /// Watches `path` for the `IN_*` events in `mask`; the watch's number, or the errno of the
    /// failure (`ENOSPC`: the user's `fs.inotify.max_user_watches` is reached). Watching a path
    /// whose inode is watched already gives that watch's number again.
    public func addWatch(_ path: [CChar], mask: UInt32) -> Result<Int32, SystemErrno> {
        let watch = inotify_add_watch(descriptor, path, mask)
        return watch >= 0 ? .success(watch) : .failure(SystemErrno(errno))
    }

    public func removeWatch(_ watch: Int32) { inotify_rm_watch(descriptor, watch) }

    /// Waits up to `timeoutMilliseconds` (−1: for ever) for events, then reads every event queued
    /// (none when the wait ran out or was interrupted).
    public func read(timeoutMilliseconds: Int32) -> [Event] {
        var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: interruption.read, events: Int16(POLLIN), revents: 0)]
        guard poll(&pollers, 2, timeoutMilliseconds) > 0 else { return [] }
        if pollers[1].revents != 0 {
            var byte: UInt8 = 0
            _ = Glibc.read(interruption.read, &byte, 1)
            return []
        }
        var events: [Event] = []
        // inotify(7): a buffer of sizeof(struct inotify_event) + NAME_MAX + 1 holds at least one.
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }   // EAGAIN: the queue is empty
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let raw = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + header)])
                    let watch = raw.loadUnaligned(fromByteOffset: 0, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
                    let cookie = raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + header)..<min(count, offset + header + length)]
                    let name = Array(nameBytes.prefix { $0 != 0 })   // NUL-padded
                    events.append(Event(watch: watch, mask: mask, cookie: cookie, name: name))
                    offset += header + length
                }
            }
        }
        return events
    }
}

/// An errno value, described as strerror(3) says it.
public struct SystemErrno: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int32
    public init(_ code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}
