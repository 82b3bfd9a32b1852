/// An 8-bit sRGB colour with straight (not premultiplied) alpha, as written in a design spec.
public struct RGBA8: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Components in 0…1 with alpha multiplied in, the form the renderer blends with
    /// (`ONE, ONE_MINUS_SRC_ALPHA`).
    public var premultiplied: (r: Float, g: Float, b: Float, a: Float) {
        let alpha = Float(a) / 255
        return (Float(r) / 255 * alpha, Float(g) / 255 * alpha, Float(b) / 255 * alpha, alpha)
    }

    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }

    public static let white = RGBA8(255, 255, 255)
    public static let black = RGBA8(0, 0, 0)
}

/// The colours the seed's `Color` names resolve to: the iOS system colours (light appearance).
public enum SystemColor {
    public static let blue = RGBA8(0, 122, 255)
    public static let green = RGBA8(52, 199, 89)
    public static let orange = RGBA8(255, 149, 0)
    public static let red = RGBA8(255, 59, 48)
    public static let gray = RGBA8(142, 142, 147)
    public static let pink = RGBA8(255, 45, 85)
    public static let yellow = RGBA8(255, 204, 0)

    /// `ColorList(colors: [.blue, .green, .orange, .red, .gray, .pink, .yellow])`.
    public static let seedDeck: [RGBA8] = [blue, green, orange, red, gray, pink, yellow]

    /// The built-in deck's colour for card `index`: the seed's seven, repeated.
    public static func seedDeckColor(_ index: Int) -> RGBA8 {
        seedDeck[((index % seedDeck.count) + seedDeck.count) % seedDeck.count]
    }
}
