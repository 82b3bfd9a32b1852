import Glibc
import SwivelCore
import SwivelPhotos

/// `swivel --info PATH...`: for each file, the lines the information overlay (I) shows, as
/// "Label: value", a blank line between files. A file that cannot be opened is named on stderr
/// and the exit status is 1.
enum InfoCommand {
    static func run(_ paths: [FilePath]) -> Never {
        guard !paths.isEmpty else { fail(.usage, "--info needs one or more photo files (see 'swivel --help')") }
        DecoderWorkers.start(for: paths, workers: 1)   // one file after another
        var failed = false
        for (index, path) in paths.enumerated() {
            let info = PhotoDecoding.info(path)
            if index > 0 { Console.out("") }
            // Names and EXIF text are the file's: escaped, each line stays one line.
            for line in info.lines { Console.out(Quoting.oneLine("\(line.label): \(line.value)")) }
            if info.fileBytes == nil {
                Console.error(Quoting.oneLine("cannot read \(path)" + (info.unreadable.map { ": " + $0 } ?? "")))
                failed = true
            }
        }
        exit(failed ? ExitStatus.failure.rawValue : ExitStatus.success.rawValue)
    }
}
