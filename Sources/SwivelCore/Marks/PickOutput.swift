/// What `--pick` and `-o` write to standard output: each path's bytes exactly as they were given
/// (from the command line, standard input or a folder's listing), never the escaped form messages
/// show, each followed by a newline, or with `--print0` by a NUL (as `find -print0` writes them,
/// for names that hold newlines).
public enum PickOutput {
    public static func bytes(_ paths: [[UInt8]], nulTerminated: Bool) -> [UInt8] {
        let terminator: UInt8 = nulTerminated ? 0 : UInt8(ascii: "\n")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(paths.reduce(0) { $0 + $1.count + 1 })
        for path in paths {
            bytes += path
            bytes.append(terminator)
        }
        return bytes
    }
}
