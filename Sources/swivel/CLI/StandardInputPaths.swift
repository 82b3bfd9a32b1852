import Glibc
import SwivelCore
import SwivelSystem

/// The paths of `swivel -`: standard input read to its end, one path a line (`find … | swivel -`)
/// or, with `-0`, each ended by a NUL (`find … -print0 | swivel -0 -`, `fd -0`). Empty entries
/// are dropped; names are kept as raw bytes. A line that ends in CR keeps it (file names may).
enum StandardInputPaths {
    static func read(nulSeparated: Bool) -> [FilePath] {
        split((try? FileDescriptor.readAll(STDIN_FILENO).get()) ?? [], nulSeparated: nulSeparated)
    }

    static func split(_ bytes: [UInt8], nulSeparated: Bool) -> [FilePath] {
        let separator: UInt8 = nulSeparated ? 0 : UInt8(ascii: "\n")
        return bytes.split(separator: separator, omittingEmptySubsequences: true).map { FilePath(bytes: Array($0)) }
    }
}
