import Glibc
import SwivelCore
import SwivelSystem

/// The paths of `swivel -`: standard input read to its end, one path a line (`find … | swivel -`)
/// or, with `-0`, each ended by a NUL (`find … -print0 | swivel -0 -`, `fd -0`). Empty entries
/// are dropped; names are kept as raw bytes. A line that ends in CR keeps it (file names may).
enum StandardInputPaths {
    /// The most bytes of paths `-` reads: half a million paths of 128 bytes, more photos than a row
    /// of cards is for; past it `swivel -` stops with a usage error rather than read on
    /// (`swivel -0 - </dev/zero`, `yes | swivel -`).
    static let maxBytes = 64 << 20

    static func read(nulSeparated: Bool) -> [FilePath] {
        switch FileDescriptor.readAll(STDIN_FILENO, limit: maxBytes) {
        case .success(let bytes): return split(bytes, nulSeparated: nulSeparated)
        case .failure(.tooLarge): fail(.usage, "standard input holds more than \(maxBytes >> 20) MiB of paths, the most '-' reads")
        case .failure(.failed(let error)): fail(.usage, "cannot read standard input: \(String(cString: strerror(error)))")
        }
    }

    static func split(_ bytes: [UInt8], nulSeparated: Bool) -> [FilePath] {
        let separator: UInt8 = nulSeparated ? 0 : UInt8(ascii: "\n")
        return bytes.split(separator: separator, omittingEmptySubsequences: true).map { FilePath(bytes: Array($0)) }
    }
}
