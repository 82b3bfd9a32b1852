/// Finds where a card's anti-aliased edge crosses a row or column of a rendered frame, to a
/// fraction of a pixel: over a short run of pixels that starts outside the card and ends inside,
/// the coverages add up to the length of the run that is inside.
public struct EdgeProbe {
    public let image: Image
    /// The card's colour; the channel that differs most from the background is read.
    public let cardColor: [Int]

    public init(image: Image, cardColor: [Int]) {
        (self.image, self.cardColor) = (image, cardColor)
    }

    /// The x where the edge crosses row `y` (pixel row index), searched within ±`span` of `near`.
    public func verticalEdge(row y: Int, near: Double, insideIsRight: Bool, span: Int = 4) -> Double {
        edge(near: near, insideIsHigh: insideIsRight, span: span) { image.rgb($0, y) }
    }

    /// The y where the edge crosses column `x`, searched within ±`span` of `near`.
    public func horizontalEdge(column x: Int, near: Double, insideIsBelow: Bool, span: Int = 4) -> Double {
        edge(near: near, insideIsHigh: insideIsBelow, span: span) { image.rgb(x, $0) }
    }

    private func edge(near: Double, insideIsHigh: Bool, span: Int, pixel: (Int) -> [Int]) -> Double {
        let center = Int(near.rounded(.down))
        let low = center - span, high = center + span + 1          // pixels low..<high
        let outsidePixel = pixel(insideIsHigh ? low - 1 : high)
        // The channel where card and (shadowed) background differ most.
        let channel = (0..<3).max { abs(outsidePixel[$0] - cardColor[$0]) < abs(outsidePixel[$1] - cardColor[$1]) }!
        let background = Double(outsidePixel[channel]), card = Double(cardColor[channel])
        var covered = 0.0
        for i in low..<high {
            let value = Double(pixel(i)[channel])
            covered += min(1, max(0, (background - value) / (background - card)))
        }
        return insideIsHigh ? Double(high) - covered : Double(low) + covered
    }
}
