import SwivelPhotos
import SwivelPlatform

extension PhotoDeck {
    /// The app's deck of `sources`: warnings to stderr, each finished decode wakes the event loop.
    convenience init(sources: [PhotoSource], budgetMiB: Int) {
        self.init(sources: sources, budgetMiB: budgetMiB, warn: Console.error, onFinished: { EventPump.wake() })
    }
}
