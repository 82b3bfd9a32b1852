import Glibc
import SwivelCore

/// Faults a test makes happen in a deck, as a value the app's test configuration gives
/// (`TestConfiguration`, debug builds only, from `SWIVEL_TEST_GPU_FULL` and
/// `SWIVEL_TEST_SLOW_DECODE`); `.none` everywhere else. No GL driver can be made to run out of
/// memory on demand, and no photo made slow to decode.
public struct InjectedFaults: Sendable {
    /// The upload of the photo whose caption is this fails as a driver out of memory does.
    public var uploadFails: String?
    /// The decode of the photo whose caption is this takes 60 s more, as a photo that is slow to
    /// decode does, so that what waits for it (`--screenshot`) can be seen to stay responsive. It
    /// looks at its cancellation every 10 ms, as the decoders do between their units of work.
    public var slowDecode: String?

    public static let none = InjectedFaults()

    public init(uploadFails: String? = nil, slowDecode: String? = nil) {
        (self.uploadFails, self.slowDecode) = (uploadFails, slowDecode)
    }

    /// Throws as the GL upload does when out of memory, if `source` is the one whose upload fails.
    func upload(_ source: PhotoSource) throws {
        if source.name == uploadFails { throw InjectedOutOfMemory() }
    }

    /// Takes 60 s (or until cancelled) if `source` is the one slow to decode.
    func decode(_ source: PhotoSource, cancellation: DecodeCancellation) throws(ImageLoadError) {
        guard source.name == slowDecode else { return }
        for _ in 0..<6000 {
            if cancellation.isCancelled { throw ImageLoadError(path: source.path, reason: "cancelled", cancelled: true) }
            usleep(10_000)
        }
    }
}

/// The error `InjectedFaults.uploadFails` injects, worded as the GL upload's own out-of-memory error.
private struct InjectedOutOfMemory: Error, CustomStringConvertible {
    var description: String { "out of GPU memory" }
}
