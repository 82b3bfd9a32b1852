/// The order people expect for file names: "img2" before "img10", "IMG1" next to "img1".
///
/// A name is read as a sequence of pieces: runs of ASCII digits and single other bytes. Pieces
/// compare one after another, and a name that runs out first sorts first:
/// - two digit runs compare by numeric value, of any length (leading zeros are stripped, then the
///   longer run is larger, then digits decide); on equal value the run with fewer leading zeros
///   comes first ("a1" before "a01");
/// - other bytes compare ASCII-case-insensitively by value (UTF-8 and invalid bytes by raw value);
///   a digit run against another byte compares as its first digit would.
/// Names equal in all pieces (they differ only in ASCII case) fall back to raw bytes, so the order
/// is total: exactly one of `a < b`, `b < a`, `a == b` holds.
public enum NaturalOrder {
    /// True if `a` sorts before `b`.
    public static func areInIncreasingOrder(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        switch compareNaturally(a, b) {
        case .less: return true
        case .greater: return false
        case .equal: return a.lexicographicallyPrecedes(b)
        }
    }

    enum Comparison { case less, equal, greater }

    /// The piece-by-piece comparison, without the raw-bytes tie break.
    static func compareNaturally(_ a: [UInt8], _ b: [UInt8]) -> Comparison {
        var i = a.startIndex, j = b.startIndex
        while i < a.endIndex && j < b.endIndex {
            if isDigit(a[i]) && isDigit(b[j]) {
                let runA = digitRun(a, from: i), runB = digitRun(b, from: j)
                let order = compareNumbers(a, runA, b, runB)
                if order != .equal { return order }
                i = runA.upperBound
                j = runB.upperBound
            } else {
                let x = foldCase(a[i]), y = foldCase(b[j])
                if x != y { return x < y ? .less : .greater }
                i += 1
                j += 1
            }
        }
        if i < a.endIndex { return .greater }
        if j < b.endIndex { return .less }
        return .equal
    }

    /// Compares two digit runs by value, then by leading-zero count (fewer first).
    private static func compareNumbers(_ a: [UInt8], _ runA: Range<Int>,
                                       _ b: [UInt8], _ runB: Range<Int>) -> Comparison {
        let zerosA = leadingZeros(a, runA), zerosB = leadingZeros(b, runB)
        let digitsA = runA.count - zerosA, digitsB = runB.count - zerosB
        if digitsA != digitsB { return digitsA < digitsB ? .less : .greater }
        for k in 0..<digitsA {
            let x = a[runA.lowerBound + zerosA + k], y = b[runB.lowerBound + zerosB + k]
            if x != y { return x < y ? .less : .greater }
        }
        if zerosA != zerosB { return zerosA < zerosB ? .less : .greater }
        return .equal
    }

    private static func digitRun(_ bytes: [UInt8], from start: Int) -> Range<Int> {
        var end = start
        while end < bytes.endIndex && isDigit(bytes[end]) { end += 1 }
        return start..<end
    }

    private static func leadingZeros(_ bytes: [UInt8], _ run: Range<Int>) -> Int {
        var count = 0
        while count < run.count && bytes[run.lowerBound + count] == UInt8(ascii: "0") { count += 1 }
        return count
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// ASCII upper case to lower case; every other byte as it is.
    private static func foldCase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
