import SwivelPhotos
import SwivelPlatform

extension PhotoDeck {
    /// The app's deck of `sources`: warnings to stderr, each finished decode wakes the event loop;
    /// photos through the shared thumbnail cache when `thumbnails` is on; `faults`, a test's.
    convenience init(sources: [PhotoSource], budgetMiB: Int, thumbnails: Bool = false, faults: InjectedFaults = .none) {
        self.init(sources: sources, budgetMiB: budgetMiB, thumbnails: thumbnails ? ThumbnailCache.forApp() : nil, faults: faults,
                  warn: Console.error, onFinished: { EventPump.wake() })
    }
}
