import SwivelPhotoCore
import SwivelPhotos
import SwivelPlatform

extension PhotoDeck {
    /// The app's deck of `sources`: warnings to stderr, each finished decode wakes the event loop;
    /// photos through the shared thumbnail cache when `thumbnails` is on; RAW+JPEG files that
    /// appear later pair as `pairing` says; `faults`, a test's.
    convenience init(sources: [PhotoSource], budgetMiB: Int, thumbnails: Bool = false, pairing: RAWPairing = .together,
                     faults: InjectedFaults = .none) {
        self.init(sources: sources, budgetMiB: budgetMiB, thumbnails: thumbnails ? ThumbnailCache.forApp() : nil, faults: faults,
                  pairing: pairing, warn: Console.error, onFinished: { EventPump.wake() })
    }
}
