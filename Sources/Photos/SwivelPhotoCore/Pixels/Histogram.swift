/// How a photo's pixels spread over the 256 levels of each channel, as the full view shows them
/// (the window-size decode, colour-managed to the display's sRGB): red, green, blue and luminance
/// (Rec. 709's weights on the encoded values, 0.2126 R + 0.7152 G + 0.0722 B, as darktable's and
/// digiKam's luminance histograms), with the clipped pixels counted as the clipping overlay marks
/// them (FastRawViewer's and darktable's warnings): a highlight is at 255 in any channel, a shadow
/// at 0 in all three. Pixels are unpremultiplied first; fully transparent ones are not counted.
public struct Histogram: Equatable, Sendable {
    public private(set) var red = [Int](repeating: 0, count: 256)
    public private(set) var green = [Int](repeating: 0, count: 256)
    public private(set) var blue = [Int](repeating: 0, count: 256)
    public private(set) var luminance = [Int](repeating: 0, count: 256)
    /// Pixels counted (those not fully transparent).
    public private(set) var pixels = 0
    /// Pixels at 255 in at least one channel; at 0 in all three.
    public private(set) var highlights = 0, shadows = 0

    public init() {}

    /// The histogram of `rgba`: `width` × `height` pixels, R, G, B, A bytes each, alpha multiplied
    /// in, rows `rowBytes` apart (`width * 4` when not given). One pass, a few ns a pixel: run on
    /// the full view's decode thread, never the frame step.
    public init(rgba: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int? = nil) {
        let stride = rowBytes ?? width * 4
        precondition(width >= 0 && height >= 0 && stride >= width * 4 && rgba.count >= (height > 0 ? stride * (height - 1) + width * 4 : 0),
                     "the buffer holds fewer pixels than width × height")
        var red = [Int](repeating: 0, count: 256), green = red, blue = red, luminance = red
        var pixels = 0, highlights = 0, shadows = 0
        for row in 0..<height {
            let start = row * stride
            for column in 0..<width {
                let offset = start + column * 4
                var r = Int(rgba[offset]), g = Int(rgba[offset + 1]), b = Int(rgba[offset + 2])
                let a = Int(rgba[offset + 3])
                if a == 0 { continue }
                if a < 255 {
                    // Unpremultiplied, rounded to nearest (as the PNG and WebP decoders multiplied it in).
                    r = min(255, (r * 255 + a / 2) / a)
                    g = min(255, (g * 255 + a / 2) / a)
                    b = min(255, (b * 255 + a / 2) / a)
                }
                red[r] += 1
                green[g] += 1
                blue[b] += 1
                // Rec. 709 in integers: 2126, 7152, 722 ten-thousandths, rounded.
                luminance[(2126 * r + 7152 * g + 722 * b + 5000) / 10000] += 1
                pixels += 1
                if r == 255 || g == 255 || b == 255 { highlights += 1 }
                if r == 0 && g == 0 && b == 0 { shadows += 1 }
            }
        }
        (self.red, self.green, self.blue, self.luminance) = (red, green, blue, luminance)
        (self.pixels, self.highlights, self.shadows) = (pixels, highlights, shadows)
    }

    /// The share of the pixels clipped, 0…1: highlights, shadows.
    public var clippedShares: (highlights: Double, shadows: Double) {
        pixels == 0 ? (0, 0) : (Double(highlights) / Double(pixels), Double(shadows) / Double(pixels))
    }

    /// What the information panel says under the curves: "clipped: 1.2 % highlights, 0.3 % shadows".
    public var clippingText: String {
        let (high, low) = clippedShares
        func percent(_ share: Double) -> String {
            let tenths = (share * 1000).rounded()
            return "\(Int(tenths) / 10).\(Int(tenths) % 10) %"
        }
        return "clipped: \(percent(high)) highlights, \(percent(low)) shadows"
    }
}
