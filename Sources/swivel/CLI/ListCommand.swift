import Glibc
import SwivelCore
import SwivelPhotos

/// `swivel --list PATH...`: the paths of the deck's photos that pass the rating filter
/// (`--min-rating`, `--label`, `--rejected`), in the deck's order (`--sort`, `--reverse`), printed
/// as `-o` prints them (one a line, or NUL-ended with `--print0`; a RAW+JPEG pair's two, the RAW
/// first), without a window:
/// `swivel --min-rating 4 --list ~/shoot | xargs -r cp -t ~/best`. The ratings are read as the
/// window reads them (the sidecar's, else the photo's own XMP, in the decoder workers).
enum ListCommand {
    static func run(_ options: Options) -> Never {
        Console.outputIsForPaths = true
        guard let files = App.deckFiles(options, found: { DecoderWorkers.start(for: $0) }) else {
            fail(.usage, "--list needs photos (PATHs or '-')")
        }
        // A RAW+JPEG pair is one photo, judged by the rating of the file it draws (as the window
        // judges it) and listed as --pick prints it: both paths, the RAW first.
        let cards = files.sources.map(\.files)
        let filter = options.ratingFilter
        let passing = filter.isOff ? cards : zip(cards, PhotoDecoding.ratings(cards.map(\.shown))).filter { filter.passes($1) }.map(\.0)
        PathPrinting.write(passing.flatMap(\.all), nulTerminated: options.print0)
        exit(ExitStatus.success.rawValue)
    }
}
