import SwivelCore
import SwivelPhotos
import SwivelPlatform

/// Checks one option value. Each failure says the option, what it wants and what it got.
enum OptionValue {
    typealias UsageError = Options.UsageError

    /// A whole number in `range`; anything else (a sign or digits only, no spaces) is refused.
    static func whole(_ bytes: [UInt8], _ label: String, _ range: ClosedRange<Int>,
                      what: String = "a whole number") throws(UsageError) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(description: "\(label) wants \(what) from \(range.lowerBound) to \(range.upperBound) "
                + "(got \(quoted(text)))")
        }
        return n
    }

    /// A finite decimal number in `range` (digits, one optional sign, point and exponent; no
    /// "nan", "inf" or hex), or with `fractions` also `A/B` with B ≠ 0.
    static func number(_ bytes: [UInt8], _ label: String, _ range: ClosedRange<Double>, what: String,
                       fractions: Bool = false) throws(UsageError) -> Double {
        let text = String(decoding: bytes, as: UTF8.self)
        var value: Double?
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 1 {
            value = decimal(text)
        } else if fractions, let top = decimal(parts[0]), let bottom = decimal(parts[1]), bottom != 0 {
            value = top / bottom
        }
        guard let value, value.isFinite, range.contains(value) else {
            throw UsageError(description: "\(label) wants \(what) from \(format(range.lowerBound)) to "
                + "\(format(range.upperBound)) (got \(quoted(text)))")
        }
        return value
    }

    /// `Double(text)` restricted to plain decimal notation.
    private static func decimal(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else {
            return nil
        }
        return Double(text)
    }

    /// A number above 0 and at most `limit` (`rotation3DEffect`'s perspective).
    static func positive(_ bytes: [UInt8], _ label: String, atMost limit: Double) throws(UsageError) -> Double {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let p = decimal(text), p.isFinite, p > 0, p <= limit else {
            throw UsageError(description: "\(label) wants a number greater than 0 and at most \(format(limit)) "
                + "(got \(quoted(text)))")
        }
        return p
    }

    /// `WIDTHxHEIGHT`, each a whole number from 1 to `limit`.
    static func dimensions(_ bytes: [UInt8], _ label: String, limit: Int) throws(UsageError) -> (Int, Int) {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...limit).contains(w), (1...limit).contains(h) else {
            throw UsageError(description: "\(label) wants WIDTHxHEIGHT in points, each 1 to \(limit) (got \(quoted(text)))")
        }
        return (w, h)
    }

    /// yes/no, true/false, on/off or 1/0, in any case.
    static func bool(_ bytes: [UInt8], _ label: String) throws(UsageError) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        switch text.lowercased() {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default:
            throw UsageError(description: "\(label) wants yes or no (or true/false, on/off, 1/0) (got \(quoted(text)))")
        }
    }

    static func colour(_ bytes: [UInt8], _ label: String) throws(UsageError) -> RGBA8 {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let colour = CSSColor.parse(text) else {
            throw UsageError(description: "\(label) wants #rgb, #rrggbb or a CSS colour name like 'white' "
                + "(got \(quoted(text)))")
        }
        return colour
    }

    /// A non-empty file name ending in ".png".
    static func png(_ bytes: [UInt8], _ label: String) throws(UsageError) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.lowercased().hasSuffix(".png"), text.count > 4 else {
            throw UsageError(description: "\(label) wants a file name ending in .png (got \(quoted(text)))")
        }
        return text
    }

    /// Any non-empty path, kept as bytes.
    static func path(_ bytes: [UInt8], _ label: String) throws(UsageError) -> FilePath {
        guard !bytes.isEmpty else { throw UsageError(description: "\(label) wants a file name (got '')") }
        return FilePath(bytes: bytes)
    }

    /// `text` in single quotes, with control characters escaped and long text cut, so a message
    /// stays one line.
    static func quoted(_ text: String) -> String { Quoting.quoted(text) }

    static func quoted(_ bytes: [UInt8]) -> String { quoted(String(decoding: bytes, as: UTF8.self)) }

    /// "a, b or c".
    static func alternatives(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// 10000 rather than 10000.0; 0.2 as is.
    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
