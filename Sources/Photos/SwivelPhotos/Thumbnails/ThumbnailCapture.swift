import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// A request, for one decode on one thread, to keep the photo at a thumbnail size as well as the
/// card: `CardPixels.make` finds it on its thread and, after the card, makes the whole upright
/// image fitted to the smallest spec size that covers the card (`ThumbnailSize.smallestCovering`)
/// from the same decoded pixels, through the same resampling, orientation and colour steps.
/// Nothing is decoded twice: a JPEG shrunk on load gives its shrunk pixels (never scaled up), a
/// full-size decode is resampled down once more.
///
/// Thread-bound so that the decoders, which all end in `CardPixels.make`, need not carry it.
final class ThumbnailCapture {
    /// The card's size in pixels (the decode's width and height).
    let card: (width: Int, height: Int)
    /// The file's format, as `ImageDecoder` found it.
    var format: ImageFormat?
    /// The stored image's size as its header gives it, before any shrink on load.
    var storedSize: (width: Int, height: Int)?
    /// What was kept: the thumbnail, its size, and the original's upright size.
    private(set) var captured: (size: ThumbnailSize, image: DecodedImage, original: (width: Int, height: Int))?
    /// The CPU time `keep` took on its thread, in milliseconds.
    private(set) var cpuMilliseconds = 0.0

    init(card: (width: Int, height: Int)) { self.card = card }

    /// The capture of the calling thread's decode, if one was asked for.
    static var current: ThumbnailCapture? {
        pthread_getspecific(threadKey).map { Unmanaged<ThumbnailCapture>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` (a decode) with this capture as its thread's.
    func during<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_setspecific(threadKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(threadKey, nil) }
        return try withExtendedLifetime(self) { () throws(E) -> T in try body() }
    }

    /// Takes what a decoder worker's capture kept, for the decode the worker made for this thread.
    func adopt(format: ImageFormat?, storedSize: (width: Int, height: Int)?,
               captured: (ThumbnailSize, DecodedImage, (width: Int, height: Int))?, cpuMilliseconds: Double) {
        (self.format, self.storedSize) = (format, storedSize)
        if let captured { self.captured = (captured.0, captured.1, captured.2) }
        self.cpuMilliseconds += cpuMilliseconds
    }

    /// Called by `CardPixels.make` once the card is made, with the same source (as stored) and
    /// steps. Keeps nothing when no spec size covers the card or memory is short.
    func keep(_ source: Resampler.Source, orientation: Orientation, iccProfile: [UInt8]?, format name: String) {
        guard captured == nil else { return }
        let startCPU = ThreadCPUClock.milliseconds
        defer { cpuMilliseconds += ThreadCPUClock.milliseconds - startCPU }
        let upright = orientation.swapsSides ? (width: source.height, height: source.width) : (width: source.width, height: source.height)
        guard let size = ThumbnailSize.smallestCovering(image: upright, card: card) else { return }
        let fitted = size.fit(width: upright.width, height: upright.height)
        guard let image = try? CardPixels.whole(source, orientation: orientation, iccProfile: iccProfile, format: name,
                                                width: fitted.width, height: fitted.height) else { return }
        let stored = storedSize ?? (source.width, source.height)
        let original = orientation.swapsSides ? (width: stored.height, height: stored.width) : (width: stored.width, height: stored.height)
        captured = (size, image, original)
    }
}

/// The thread-specific slot holding each decode thread's capture.
private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
