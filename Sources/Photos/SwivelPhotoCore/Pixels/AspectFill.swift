import SwivelCore

/// A rectangle in an image's pixel grid, with (0, 0) the top-left corner of the top-left pixel.
/// Edges may fall between pixel boundaries.
public struct PixelRect: Equatable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// How a photo fills a card: scaled to cover it and cropped at the centre, like SwiftUI's
/// `.aspectRatio(contentMode: .fill)` followed by `.clipped()`.
public enum AspectFill {
    /// The part of a `source`-sized image (pixels) that fills a box of `target`'s aspect ratio,
    /// centred: the whole height of an image wider than the box, the whole width of a taller one.
    /// A `target` with no area gets the whole image.
    public static func crop(source: Size, target: Size) -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        guard target.width > 0, target.height > 0, source.width > 0, source.height > 0 else { return whole }
        // Compare aspects by cross-multiplying, so that equal ratios give the whole image exactly.
        let sourceWide = source.width * target.height
        let targetWide = target.width * source.height
        if sourceWide > targetWide {
            let width = source.height * target.width / target.height
            return PixelRect(x: (source.width - width) / 2, y: 0, width: width, height: source.height)
        } else if sourceWide < targetWide {
            let height = source.width * target.height / target.width
            return PixelRect(x: 0, y: (source.height - height) / 2, width: source.width, height: height)
        }
        return whole
    }

    /// The texture size in pixels for a card of `cardSize` points at `pixelScale` pixels per
    /// point, rounded up (at least 1 × 1). A product within 1e-9 of a whole number counts as that
    /// number, so that 200 pt at 1.1 px/pt is 220 px, not 221.
    public static func textureSize(cardSize: Size, pixelScale: Double) -> (width: Int, height: Int) {
        func pixels(_ points: Double) -> Int {
            let exact = points * pixelScale
            guard exact.isFinite, exact > 0 else { return 1 }
            return max(1, Int((exact - 1e-9).rounded(.up)))
        }
        return (pixels(cardSize.width), pixels(cardSize.height))
    }

    /// The texture size for cards of `full` pixels when `layers` of them (the cards on screen)
    /// must fit in `budgetBytes`: `full` itself when they fit, else the largest size of the same
    /// aspect (both sides scaled by one factor k / longer side, rounded down, at least 1) whose
    /// `layers` layers do fit, or 1 pixel on the longer side when none does. A viewer would rather
    /// show every photo on screen a little softer than leave some grey: 9 cards at 800x1200
    /// (5.1 MB each with mipmaps) in 16 MiB become 482x724, 0.60 of the full size a side.
    /// `bytesPerLayer` must not shrink as the size grows.
    public static func textureSize(_ full: (width: Int, height: Int), layers: Int, budgetBytes: Int,
                                   bytesPerLayer: (Int, Int) -> Int) -> (width: Int, height: Int) {
        let longer = max(full.width, full.height)
        func size(_ k: Int) -> (width: Int, height: Int) {
            guard k < longer else { return full }
            return (max(1, full.width * k / longer), max(1, full.height * k / longer))
        }
        func fits(_ k: Int) -> Bool {
            let s = size(k)
            let (total, overflow) = bytesPerLayer(s.width, s.height).multipliedReportingOverflow(by: max(0, layers))
            return !overflow && total <= budgetBytes
        }
        guard longer > 1, layers > 0, !fits(longer) else { return full }
        // The largest k in 1..<longer that fits (fits is monotone in k), by bisection.
        var low = 1, high = longer   // fits(high) is false; low is the answer when fits(low), or 1
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return size(low)
    }
}
