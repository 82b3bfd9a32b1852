import SwivelCore
import SwivelPhotoCore

/// The information panel's histogram (I, in the full view): red, green and blue filled, half
/// opaque, each its own coverage image drawn in its colour over the panel (where two overlap their
/// colours mix, as in geeqie's and digiKam's), luminance as a white line over them. One scale for
/// all four: the tallest bin among levels 1–254 fills the height (the end bins, where clipped
/// pixels pile up, may run off the top: the line under the curves gives their shares).
enum HistogramCurves {
    /// Size in points.
    static let size = Size(256, 72)

    static let colours: [RGBA8] = [RGBA8(255, 59, 48, 150), RGBA8(52, 199, 89, 150), RGBA8(0, 122, 255, 150),
                                   RGBA8(255, 255, 255, 255)]

    /// The four channels' images (red, green, blue filled; luminance a line), each `width` ×
    /// `height` bytes of coverage, top row first.
    static func images(_ histogram: Histogram, width: Int, height: Int) -> [[UInt8]] {
        let channels = [histogram.red, histogram.green, histogram.blue, histogram.luminance]
        let tallest = max(1, channels.map { $0[1...254].max() ?? 0 }.max() ?? 1)
        return channels.enumerated().map { index, bins in
            coverage(bins, tallest: tallest, width: width, height: height, line: index == 3)
        }
    }

    /// One channel: column x shows the largest bin of the levels it spans, `tallest` filling
    /// `height` rows; filled from the bottom, or (`line`) only its top two rows.
    static func coverage(_ bins: [Int], tallest: Int, width: Int, height: Int, line: Bool) -> [UInt8] {
        var image = [UInt8](repeating: 0, count: max(0, width * height))
        guard width > 0, height > 0, bins.count == 256 else { return image }
        for column in 0..<width {
            let levels = (column * 256 / width)...max(column * 256 / width, (column + 1) * 256 / width - 1)
            let count = levels.map { bins[$0] }.max() ?? 0
            guard count > 0 else { continue }
            // At least one row for a level that has any pixel at all.
            let rows = max(1, min(height, Int((Double(count) / Double(tallest) * Double(height)).rounded())))
            let top = height - rows
            for row in (line ? top..<min(height, top + 2) : top..<height) { image[row * width + column] = 255 }
        }
        return image
    }
}
