/// An 8-bit coverage image being put together on the CPU — lines of rendered text, a graph — before
/// it goes to the GPU as one overlay.
public struct CoverageCanvas: Sendable {
    public let width: Int
    public let height: Int
    /// width × height bytes, top row first.
    public private(set) var coverage: [UInt8]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        coverage = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// Copies a `sourceWidth`-wide coverage image with its top-left at (x, y), keeping the larger
    /// coverage where they overlap; whatever falls outside the canvas is cut off.
    public mutating func draw(_ source: [UInt8], width sourceWidth: Int, at x: Int, _ y: Int) {
        guard sourceWidth > 0 else { return }
        let sourceHeight = source.count / sourceWidth
        for row in max(0, -y)..<max(max(0, -y), min(sourceHeight, height - y)) {
            for column in max(0, -x)..<max(max(0, -x), min(sourceWidth, width - x)) {
                let target = (y + row) * width + x + column
                coverage[target] = max(coverage[target], source[row * sourceWidth + column])
            }
        }
    }

    /// Fills the rectangle (clipped to the canvas) with `value`.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, value: UInt8 = 255) {
        for row in max(0, y)..<max(max(0, y), min(height, y + h)) {
            for column in max(0, x)..<max(max(0, x), min(width, x + w)) {
                coverage[row * width + column] = value
            }
        }
    }
}
