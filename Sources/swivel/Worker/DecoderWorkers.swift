import Glibc
import SwivelPhotos

/// The run's decoder workers: one per decode thread, started before the window opens so that
/// they are ready (20–40 ms) by the time the first photo is wanted.
enum DecoderWorkers {
    /// Starts the pool (`workers`, by default one per decode thread of a deck) and sends every
    /// decode of this process to it; `inProcess` (`--bench --in-process`, to measure what the box
    /// costs) leaves them here.
    static func start(workers: Int? = nil, inProcess: Bool = false) {
        guard !inProcess, PhotoDecoding.current == nil else { return }
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        PhotoDecoding.use(DecoderPool(size: workers ?? DeckThreads.all(cores: cores), warn: { Console.error($0) }))
    }
}
