/// Separable resampling of a crop of 8-bit RGB(A) pixels to an exact size. Each axis gets a table
/// of taps: area-averaging (each output pixel is the mean of the source area it covers) when the
/// axis shrinks, bilinear when it grows. Alpha is multiplied in before any averaging, so a
/// transparent pixel's colour never bleeds into its neighbours (sources whose alpha is already
/// multiplied in are averaged as they are).
public enum Resampler {
    public struct Source {
        /// R, G, B[, A] bytes, `pitch` bytes a row.
        public let pixels: UnsafePointer<UInt8>
        public let pitch: Int
        public let width: Int
        public let height: Int
        /// Four bytes a pixel with alpha last (RGBA), else three (RGB, opaque).
        public let hasAlpha: Bool
        /// With alpha: whether R, G and B have it multiplied in already (associated alpha, as in
        /// TIFF's ExtraSamples = 1 or libwebp's MODE_rgbA) rather than straight.
        public let premultiplied: Bool

        public init(pixels: UnsafePointer<UInt8>, pitch: Int, width: Int, height: Int, hasAlpha: Bool,
                    premultiplied: Bool = false) {
            (self.pixels, self.pitch, self.width, self.height, self.hasAlpha) = (pixels, pitch, width, height, hasAlpha)
            self.premultiplied = hasAlpha && premultiplied
        }
    }

    /// For each output pixel along one axis: the first source pixel, how many follow, and their
    /// weights (`stride` slots per output pixel, summing to 1).
    struct Taps {
        var first: [Int]
        var count: [Int]
        var weights: [Float]
        var stride: Int

        /// Taps that cover `start ..< start + length` of a `sourceCount`-pixel axis with `outputCount` pixels.
        init(start: Double, length: Double, sourceCount: Int, outputCount: Int) {
            let scale = length / Double(outputCount)
            let lowest = max(0, min(sourceCount - 1, Int(start.rounded(.down))))
            let highest = max(lowest, min(sourceCount - 1, Int((start + length).rounded(.up)) - 1))
            stride = scale > 1 ? Int(scale.rounded(.up)) + 2 : 2
            first = Array(repeating: 0, count: outputCount)
            count = Array(repeating: 0, count: outputCount)
            weights = Array(repeating: 0, count: outputCount * stride)
            var raw: [(index: Int, weight: Double)] = []
            for output in 0..<outputCount {
                raw.removeAll(keepingCapacity: true)
                if scale > 1 {
                    // Area: how much of source pixel j lies in [a, b).
                    let a = start + Double(output) * scale, b = a + scale
                    var j = Int(a.rounded(.down))
                    while Double(j) < b {
                        let overlap = min(b, Double(j + 1)) - max(a, Double(j))
                        if overlap > 0 { raw.append((j, overlap)) }
                        j += 1
                    }
                } else {
                    // Bilinear between the two source centres either side of this one's centre.
                    let centre = start + (Double(output) + 0.5) * scale - 0.5
                    let j = Int(centre.rounded(.down))
                    let t = centre - Double(j)
                    raw.append((j, 1 - t))
                    raw.append((j + 1, t))
                }
                let clamped = raw.map { (index: min(highest, max(lowest, $0.index)), weight: $0.weight) }
                let firstIndex = clamped.map(\.index).min() ?? lowest
                let lastIndex = clamped.map(\.index).max() ?? lowest
                let total = clamped.reduce(0) { $0 + $1.weight }
                first[output] = firstIndex
                count[output] = lastIndex - firstIndex + 1
                for tap in clamped {
                    weights[output * stride + tap.index - firstIndex] += Float(tap.weight / total)
                }
            }
        }

        /// The lowest and highest source pixels any tap reads.
        var span: ClosedRange<Int> {
            let low = first.min() ?? 0
            let high = zip(first, count).map { $0 + $1 - 1 }.max() ?? 0
            return low...max(low, high)
        }
    }

    /// At least the bytes `resample` allocates for `crop` of a `sourceHeight`-row image at
    /// `width` × `height`: the rows resampled across (4 floats a pixel, one row for each source row
    /// the vertical taps read, which is every row of the crop and one either side when it shrinks),
    /// the output, the row of sums, and the taps (a bound: 2 slots beyond the scale per output pixel).
    /// This is what a tall photo costs: 16000 rows to a 600-pixel-wide card are 147 MiB of rows.
    public static func workingBytes(sourceHeight: Int, crop: PixelRect, width: Int, height: Int) -> Int {
        let rows = min(sourceHeight, Int(crop.height.rounded(.up)) + 2)
        let middle = rows * width * 4 * MemoryLayout<Float>.stride
        let output = width * height * 4, sums = width * 4 * MemoryLayout<Float>.stride
        func taps(_ length: Double, _ outputCount: Int) -> Int {
            let stride = Int((length / Double(max(1, outputCount))).rounded(.up)) + 2
            return outputCount * (2 * MemoryLayout<Int>.stride + stride * MemoryLayout<Float>.stride)
        }
        return middle + output + sums + taps(crop.width, width) + taps(crop.height, height)
    }

    /// `crop` of `source` resampled to `width` × `height`: premultiplied RGBA8, top row first.
    public static func resample(_ source: Source, crop: PixelRect, width: Int, height: Int) -> [UInt8] {
        if isWhole(source, crop: crop, width: width, height: height) { return copy(source) }
        return resample(source, crop: crop, width: width, height: height) { row, out in quantise(row, into: out) }
    }

    /// Whether `crop` is all of `source` at its own size: each output pixel's taps are then its own
    /// source pixel at weight 1 and its neighbour at 0, so the result is the source, premultiplied.
    static func isWhole(_ source: Source, crop: PixelRect, width: Int, height: Int) -> Bool {
        width == source.width && height == source.height
            && crop == PixelRect(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
    }

    /// `source` as premultiplied RGBA8 without resampling: the bytes the taps of `isWhole` give
    /// (the same float steps for straight alpha, so the same rounding), at the cost of a copy. A
    /// thumbnail kept from a JPEG shrunk on load is this size (12 MP at 2x: 1000 x 750, 6 ms of
    /// taps per photo, 1 ms as a copy).
    static func copy(_ source: Source) -> [UInt8] {
        let width = source.width, height = source.height
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, filled in
            for y in 0..<height {
                let row = source.pixels + y * source.pitch, out = output.baseAddress! + y * width * 4
                if source.hasAlpha && source.premultiplied {
                    out.update(from: row, count: width * 4)
                } else if source.hasAlpha {
                    for x in 0..<width {
                        let p = row + x * 4, o = out + x * 4
                        let alpha = Float(p[3])
                        for c in 0..<3 { o[c] = UInt8(min(255, max(0, alpha * Float(p[c]) * (1 / 255) + 0.5))) }
                        o[3] = p[3]
                    }
                } else {
                    for x in 0..<width {
                        let p = row + x * 3, o = out + x * 4
                        o[0] = p[0]; o[1] = p[1]; o[2] = p[2]; o[3] = 255
                    }
                }
            }
            filled = width * height * 4
        }
    }

    /// `copy`'s rows as the premultiplied floats `resample`'s passes would give, for `finish`.
    private static func copy(_ source: Source, finish: (UnsafeBufferPointer<Float>, UnsafeMutableBufferPointer<UInt8>) -> Void)
        -> [UInt8] {
        let width = source.width, height = source.height, rowLength = width * 4
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, filled in
            var sums = [Float](repeating: 0, count: rowLength)
            sums.withUnsafeMutableBufferPointer { sums in
                for y in 0..<height {
                    let row = source.pixels + y * source.pitch
                    for x in 0..<width {
                        let o = x * 4
                        if source.hasAlpha && source.premultiplied {
                            for c in 0..<4 { sums[o + c] = Float(row[x * 4 + c]) }
                        } else if source.hasAlpha {
                            let alpha = Float(row[x * 4 + 3])
                            for c in 0..<3 { sums[o + c] = alpha * Float(row[x * 4 + c]) * (1 / 255) }
                            sums[o + 3] = alpha
                        } else {
                            for c in 0..<3 { sums[o + c] = Float(row[x * 3 + c]) }
                            sums[o + 3] = 255
                        }
                    }
                    finish(UnsafeBufferPointer(sums),
                           UnsafeMutableBufferPointer(start: output.baseAddress! + y * rowLength, count: rowLength))
                }
            }
            filled = width * height * 4
        }
    }

    /// Rounds one row of premultiplied RGBA floats (0…255) to bytes.
    public static func quantise(_ row: UnsafeBufferPointer<Float>, into out: UnsafeMutableBufferPointer<UInt8>) {
        for i in 0..<row.count {
            out[i] = UInt8(min(255, max(0, row[i] + 0.5)))
        }
    }

    /// `resample`, with each output row handed to `finish` before it is rounded: premultiplied
    /// RGBA floats, 0…255, `width * 4` of them, for `finish` to write as the row's `width * 4`
    /// bytes (`quantise` does what `resample` does). For steps that need more than 8 bits, such as
    /// colour conversion at low alpha.
    public static func resample(_ source: Source, crop: PixelRect, width: Int, height: Int,
                                finish: (UnsafeBufferPointer<Float>, UnsafeMutableBufferPointer<UInt8>) -> Void)
        -> [UInt8] {
        if isWhole(source, crop: crop, width: width, height: height) { return copy(source, finish: finish) }
        return resampleWithTaps(source, crop: crop, width: width, height: height, finish: finish)
    }

    /// `resample` through the taps whatever the sizes (`isWhole` crops included: the tests'
    /// reference for `copy`).
    static func resampleWithTaps(_ source: Source, crop: PixelRect, width: Int, height: Int,
                                 finish: (UnsafeBufferPointer<Float>, UnsafeMutableBufferPointer<UInt8>) -> Void)
        -> [UInt8] {
        let across = Taps(start: crop.x, length: crop.width, sourceCount: source.width, outputCount: width)
        let down = Taps(start: crop.y, length: crop.height, sourceCount: source.height, outputCount: height)
        let rows = down.span
        // Pass 1: each source row the vertical taps read, resampled across, premultiplied, in
        // 0…255 floats.
        var middle = [Float](repeating: 0, count: rows.count * width * 4)
        middle.withUnsafeMutableBufferPointer { middle in
            across.first.withUnsafeBufferPointer { first in
            across.count.withUnsafeBufferPointer { count in
            across.weights.withUnsafeBufferPointer { weights in
                for (row, y) in rows.enumerated() {
                    resampleRow(source.pixels + y * source.pitch, hasAlpha: source.hasAlpha,
                                premultiplied: source.premultiplied,
                                into: middle.baseAddress! + row * width * 4, width: width,
                                first: first.baseAddress!, count: count.baseAddress!,
                                weights: weights.baseAddress!, stride: across.stride)
                }
            }
            }
            }
        }
        // Pass 2: down the columns, a whole row at a time.
        let rowLength = width * 4
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, filled in
            var sum = [Float](repeating: 0, count: rowLength)
            sum.withUnsafeMutableBufferPointer { sum in
                middle.withUnsafeBufferPointer { middle in
                    let sum = sum.baseAddress!, middle = middle.baseAddress!
                    for y in 0..<height {
                        for i in 0..<rowLength { sum[i] = 0 }
                        for tap in 0..<down.count[y] {
                            let weight = down.weights[y * down.stride + tap]
                            let row = middle + (down.first[y] + tap - rows.lowerBound) * rowLength
                            for i in 0..<rowLength { sum[i] += weight * row[i] }
                        }
                        finish(UnsafeBufferPointer(start: UnsafePointer(sum), count: rowLength),
                               UnsafeMutableBufferPointer(start: output.baseAddress! + y * rowLength, count: rowLength))
                    }
                }
            }
            filled = width * height * 4
        }
    }

    /// One row across: for each output pixel, the weighted sum of its taps' premultiplied pixels.
    @inline(__always)
    private static func resampleRow(_ row: UnsafePointer<UInt8>, hasAlpha: Bool, premultiplied: Bool,
                                    into out: UnsafeMutablePointer<Float>, width: Int,
                                    first: UnsafePointer<Int>, count: UnsafePointer<Int>,
                                    weights: UnsafePointer<Float>, stride: Int) {
        if premultiplied {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                var pixel = row + first[x] * 4
                let w = weights + x * stride
                for tap in 0..<count[x] {
                    r += w[tap] * Float(pixel[0])
                    g += w[tap] * Float(pixel[1])
                    b += w[tap] * Float(pixel[2])
                    a += w[tap] * Float(pixel[3])
                    pixel += 4
                }
                let o = out + x * 4
                o[0] = r; o[1] = g; o[2] = b; o[3] = a
            }
        } else if hasAlpha {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                var pixel = row + first[x] * 4
                let w = weights + x * stride
                for tap in 0..<count[x] {
                    let weighted = w[tap] * Float(pixel[3])
                    r += weighted * Float(pixel[0])
                    g += weighted * Float(pixel[1])
                    b += weighted * Float(pixel[2])
                    a += weighted
                    pixel += 4
                }
                let o = out + x * 4
                o[0] = r * (1 / 255); o[1] = g * (1 / 255); o[2] = b * (1 / 255); o[3] = a
            }
        } else {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0
                var pixel = row + first[x] * 3
                let w = weights + x * stride
                for tap in 0..<count[x] {
                    r += w[tap] * Float(pixel[0])
                    g += w[tap] * Float(pixel[1])
                    b += w[tap] * Float(pixel[2])
                    pixel += 3
                }
                let o = out + x * 4
                o[0] = r; o[1] = g; o[2] = b; o[3] = 255
            }
        }
    }
}
