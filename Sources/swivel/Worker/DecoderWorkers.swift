import Glibc
import SwivelCore
import SwivelPhotos
import SwivelSystem

/// The run's decoder workers: one per decode thread, started once the deck's files are listed
/// (their names say which decoder libraries to load) and before the window opens, so that they
/// are ready by the time the first photo is wanted.
enum DecoderWorkers {
    /// Starts the pool (`workers`, by default one per decode thread of a deck, fewer under a low
    /// limit on open files) for files named `paths` and sends every decode of this process to
    /// it; `inProcess` (`--bench --in-process`, to measure what the box costs) leaves them here.
    static func start(for paths: [FilePath], workers: Int? = nil, inProcess: Bool = false) {
        guard !inProcess, PhotoDecoding.current == nil else { return }
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let size = DecoderPool.size(threads: workers ?? DeckThreads.all(cores: cores), descriptors: DescriptorLimit.current)
        PhotoDecoding.use(DecoderPool(size: size, pathExtensions: paths.map(\.pathExtension), warn: { Console.error($0) }))
    }
}
