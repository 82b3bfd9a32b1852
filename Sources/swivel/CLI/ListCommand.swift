import Glibc
import SwivelCore
import SwivelPhotos

/// `swivel --list PATH...`: the paths of the deck's photos that pass the rating filter
/// (`--min-rating`, `--label`, `--rejected`), in the deck's order (`--sort`, `--reverse`), printed
/// as `-o` prints them (one a line, or NUL-ended with `--print0`), without a window:
/// `swivel --min-rating 4 --list ~/shoot | xargs -r cp -t ~/best`. The ratings are read as the
/// window reads them (the sidecar's, else the photo's own XMP, in the decoder workers).
enum ListCommand {
    static func run(_ options: Options) -> Never {
        Console.outputIsForPaths = true
        guard let files = App.deckFiles(options, found: { DecoderWorkers.start(for: $0) }) else {
            fail(.usage, "--list needs photos (PATHs or '-')")
        }
        let paths = files.sources.map(\.path)
        let filter = options.ratingFilter
        let passing = filter.isOff ? paths : zip(paths, PhotoDecoding.ratings(paths)).filter { filter.passes($1) }.map(\.0)
        PathPrinting.write(passing, nulTerminated: options.print0)
        exit(ExitStatus.success.rawValue)
    }
}
