import Glibc

/// The process's mounts, from `/proc/self/mountinfo` (proc(5)): which mount a path is on.
enum MountTable {
    /// The mount point of the mount holding canonical absolute `path`: the longest mount point
    /// that is `path` or one of its parent folders (a later mount over the same point wins, as the
    /// kernel's table lists mounts in the order they were made).
    static func mountPoint(of path: [UInt8]) -> [UInt8]? {
        guard let table = FileDescriptor.readFile("/proc/self/mountinfo") else { return nil }
        var best: [UInt8]?
        for line in table.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard fields.count > 4 else { continue }
            let point = unescape(Array(fields[4]))
            if contains(point, path), point.count >= (best?.count ?? 0) { best = point }
        }
        return best
    }

    /// Whether folder `point` is `path` or one of its parents.
    static func contains(_ point: [UInt8], _ path: [UInt8]) -> Bool {
        if point == [UInt8(ascii: "/")] { return path.first == UInt8(ascii: "/") }
        guard path.starts(with: point) else { return false }
        return path.count == point.count || path[point.count] == UInt8(ascii: "/")
    }

    /// A mountinfo field with its octal escapes (`\040` for a space, `\011`, `\012`, `\134`) undone.
    static func unescape(_ field: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < field.count {
            if field[index] == UInt8(ascii: "\\"), let value = octal(field[(index + 1)...].prefix(3)) {
                out.append(value)
                index += 4
            } else {
                out.append(field[index])
                index += 1
            }
        }
        return out
    }

    private static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
        guard digits.count == 3 else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { return nil }
            value = value * 8 + Int(digit - UInt8(ascii: "0"))
        }
        return value <= 255 ? UInt8(value) : nil
    }
}
