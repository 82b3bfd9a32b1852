import CBox
import Glibc
import SwivelSystem

/// One end of a worker's socket (`AF_UNIX`, `SOCK_SEQPACKET`): whole messages, each with up to
/// four descriptors, in order. The worker's end is its descriptor 3.
public struct WorkerChannel: Sendable {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// The largest message either side sends: requests and replies are a line of text.
    public static let maxMessageBytes = 4096

    /// A received message: its text and the descriptors that came with it (the receiver's to close).
    public struct Message: Sendable {
        public let bytes: [UInt8]
        public let descriptors: [Int32]

        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// What waiting for a message came to.
    public enum Received: Sendable {
        case message(Message)
        /// The other end closed (the worker died, or the app went away).
        case closed
        case timedOut
        /// `stop` answered true while waiting.
        case stopped
        /// The socket failed with this errno.
        case failed(Int32)
    }

    /// A connected pair, both ends close-on-exec: (the app's, the worker's).
    public static func pair() -> (WorkerChannel, WorkerChannel)? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        return (WorkerChannel(descriptor: ends[0]), WorkerChannel(descriptor: ends[1]))
    }

    /// Sends `text` with `descriptors` as one message; false when the other end is gone.
    @discardableResult
    public func send(_ text: String, descriptors: [Int32] = []) -> Bool {
        var bytes = Array(text.utf8)
        precondition(bytes.count <= Self.maxMessageBytes && descriptors.count <= 4)
        return bytes.withUnsafeMutableBytes { buffer in
            descriptors.withUnsafeBufferPointer { fds in
                swivel_box_send(descriptor, buffer.baseAddress, buffer.count, fds.baseAddress, Int32(fds.count)) == 0
            }
        }
    }

    /// Waits for one message: at most `timeout` seconds (nil: as long as it takes), looking at
    /// `stop` every `every` seconds meanwhile. One buffer for the whole wait: a decode thread
    /// waits here through many slices.
    public func receive(timeout: Double? = nil, every: Double = 0.005, stop: () -> Bool = { false }) -> Received {
        let start = MonotonicClock.now
        var buffer = [UInt8](repeating: 0, count: Self.maxMessageBytes)
        while true {
            if stop() { return .stopped }
            let waited = (MonotonicClock.now - start).milliseconds / 1000
            let slice = timeout.map { min(every, max(0, $0 - waited)) } ?? every
            if let received = receiveOnce(milliseconds: Int32((slice * 1000).rounded(.up)), into: &buffer) { return received }
            if let timeout, (MonotonicClock.now - start).milliseconds / 1000 >= timeout { return .timedOut }
        }
    }

    /// Waits for one message with no time limit and no look elsewhere (the worker's side).
    public func receiveBlocking() -> Received {
        var buffer = [UInt8](repeating: 0, count: Self.maxMessageBytes)
        return receiveOnce(milliseconds: -1, into: &buffer) ?? .timedOut
    }

    /// One wait of at most `milliseconds` (-1: no limit); nil when it ran out.
    private func receiveOnce(milliseconds: Int32, into bytes: inout [UInt8]) -> Received? {
        var fds: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
        var count: Int32 = 0
        let length = bytes.withUnsafeMutableBytes { buffer in
            withUnsafeMutableBytes(of: &fds) { fds in
                swivel_box_receive(descriptor, buffer.baseAddress, buffer.count, milliseconds,
                                   fds.baseAddress!.assumingMemoryBound(to: Int32.self), &count)
            }
        }
        if length == -Int(ETIMEDOUT) { return nil }
        if length == 0 && count == 0 { return .closed }
        if length < 0 { return -length == Int(ECONNRESET) ? .closed : .failed(Int32(-length)) }
        let received = [fds.0, fds.1, fds.2, fds.3].prefix(Int(count))
        return .message(Message(bytes: Array(bytes[..<length]), descriptors: Array(received)))
    }

    /// Returns once the other end has closed, whatever else is reading: poll(2) for the hang-up
    /// alone, which leaves the messages where they are.
    public func waitUntilClosed() {
        // POLLRDHUP (0x2000, Linux's <poll.h> under _GNU_SOURCE, which the Glibc module leaves out):
        // the peer shut down; POLLHUP and POLLERR are reported without being asked for.
        var entry = pollfd(fd: descriptor, events: 0x2000, revents: 0)
        while poll(&entry, 1, -1) < 0 && errno == EINTR {}
    }

    public func close() { Glibc.close(descriptor) }
}
