import SwivelCore
import SwivelPhotos
import SwivelPlatform

/// What an option's value is: how its text is checked (with the message naming what it wants),
/// the allowed values as `--help` writes them, and how a value is written back (for defaults).
/// The range lives here once: the check and the help text both read it.
struct ValueType<Value: Hashable & Sendable>: Sendable {
    /// Checks the raw bytes; `label` is the option as the user wrote it (`--spacing` on the
    /// command line, `spacing` in a config file).
    let check: @Sendable (_ bytes: [UInt8], _ label: String) throws(Options.UsageError) -> Value
    /// The allowed values as the help says them ("0 to 10000", "x11, wayland or offscreen"), if
    /// the help says them: what `{range}` becomes in a help line.
    let range: String?
    /// A value as the help writes it ("230", "200x300"): what `{default}` becomes.
    let show: @Sendable (Value) -> String
}

extension ValueType where Value == Int {
    /// A whole number in `range`.
    static func whole(_ range: ClosedRange<Int>, what: String = "a whole number") -> Self {
        Self(check: { v, l throws(Options.UsageError) in try OptionValue.whole(v, l, range, what: what) },
             range: "\(range.lowerBound) to \(range.upperBound)", show: { String($0) })
    }
}

extension ValueType where Value == Double {
    /// A decimal number in `range` (with `fractions`, also `A/B`).
    static func number(_ range: ClosedRange<Double>, what: String, fractions: Bool = false) -> Self {
        Self(check: { v, l throws(Options.UsageError) in
                 try OptionValue.number(v, l, range, what: what, fractions: fractions)
             },
             range: "\(OptionValue.format(range.lowerBound)) to \(OptionValue.format(range.upperBound))",
             show: OptionValue.format)
    }

    /// A number above 0 and at most `limit` (`rotation3DEffect`'s perspective).
    static func positive(atMost limit: Double) -> Self {
        Self(check: { v, l throws(Options.UsageError) in try OptionValue.positive(v, l, atMost: limit) },
             range: "above 0 and at most \(OptionValue.format(limit))", show: OptionValue.format)
    }

    /// A name standing for a number (`--deceleration normal`), the names in the order given.
    static func named(_ values: KeyValuePairs<String, Double>) -> Self {
        let pairs = values.map { ($0.key, $0.value) }
        let names = pairs.map(\.0)
        return Self(check: { v, l throws(Options.UsageError) in
                        let text = String(decoding: v, as: UTF8.self)
                        guard let value = pairs.first(where: { $0.0 == text })?.1 else {
                            throw Options.UsageError(description: "\(l) wants \(OptionValue.alternatives(names)) "
                                + "(got \(OptionValue.quoted(text)))")
                        }
                        return value
                    },
                    range: OptionValue.alternatives(names),
                    show: { value in pairs.first { $0.1 == value }?.0 ?? OptionValue.format(value) })
    }
}

extension ValueType where Value == Size {
    /// `WIDTHxHEIGHT` in points, each a whole number from 1 to `limit`.
    static func dimensions(limit: Int) -> Self {
        Self(check: { v, l throws(Options.UsageError) in
                 let (w, h) = try OptionValue.dimensions(v, l, limit: limit)
                 return Size(Double(w), Double(h))
             },
             range: "1 to \(limit)", show: { "\(Int($0.width))x\(Int($0.height))" })
    }
}

extension ValueType where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of an enumeration's names.
    static var oneOf: Self {
        let names = Value.allCases.map(\.rawValue)
        return Self(check: { v, l throws(Options.UsageError) in
                        let text = String(decoding: v, as: UTF8.self)
                        guard let value = Value(rawValue: text) else {
                            throw Options.UsageError(description: "\(l) wants one of: "
                                + names.joined(separator: ", ") + " (got \(OptionValue.quoted(text)))")
                        }
                        return value
                    },
                    range: OptionValue.alternatives(names), show: \.rawValue)
    }
}

extension ValueType where Value == ColourLabel {
    /// One of the five colour labels, by the name Lightroom writes, in any case.
    static var colourLabel: Self {
        let names = ColourLabel.allCases.map { $0.name.lowercased() }
        return Self(check: { v, l throws(Options.UsageError) in
                        let text = String(decoding: v, as: UTF8.self)
                        guard let value = ColourLabel(named: text) else {
                            throw Options.UsageError(description: "\(l) wants one of: " + names.joined(separator: ", ")
                                + " (got \(OptionValue.quoted(text)))")
                        }
                        return value
                    },
                    range: OptionValue.alternatives(names), show: { $0.name.lowercased() })
    }
}

extension ValueType where Value == RGBA8 {
    /// `#rgb`, `#rrggbb` or a CSS colour name.
    static var colour: Self {
        Self(check: { v, l throws(Options.UsageError) in try OptionValue.colour(v, l) }, range: nil,
             show: { colour in
                 CSSColor.names.filter { $0.value == colour }.map(\.key).sorted().first ?? colour.description
             })
    }
}

extension ValueType where Value == FilePath {
    /// Any non-empty path, kept as bytes.
    static var path: Self {
        Self(check: { v, l throws(Options.UsageError) in try OptionValue.path(v, l) }, range: nil, show: \.text)
    }
}

extension ValueType where Value == String {
    /// Any non-empty path, as text.
    static var pathText: Self {
        Self(check: { v, l throws(Options.UsageError) in try OptionValue.path(v, l).text }, range: nil, show: { $0 })
    }

    /// A file name ending in ".png".
    static var png: Self {
        Self(check: { v, l throws(Options.UsageError) in try OptionValue.png(v, l) }, range: nil, show: { $0 })
    }
}
