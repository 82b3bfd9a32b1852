import Testing
import SwivelCore
@testable import SwivelPhotoCore

/// The resampler's arithmetic on hand-sized images: area means when shrinking, bilinear when
/// growing, alpha multiplied in before averaging, crops that read only their own pixels.
@Suite struct ResamplerTests {
    /// `bytes` as a `width`×`height` source (3 or 4 bytes a pixel), resampled.
    func resample(_ bytes: [UInt8], width: Int, height: Int, alpha: Bool = false, crop: PixelRect? = nil,
                  to outWidth: Int, _ outHeight: Int) -> [UInt8] {
        let channels = alpha ? 4 : 3
        return bytes.withUnsafeBufferPointer { buffer in
            Resampler.resample(Resampler.Source(pixels: buffer.baseAddress!, pitch: width * channels, width: width,
                                                height: height, hasAlpha: alpha),
                               crop: crop ?? PixelRect(x: 0, y: 0, width: Double(width), height: Double(height)),
                               width: outWidth, height: outHeight)
        }
    }

    @Test func halvingAnAxisAveragesPairsWithEqualWeights() {
        let taps = Resampler.Taps(start: 0, length: 4, sourceCount: 4, outputCount: 2)
        #expect(taps.first == [0, 2])
        #expect(taps.count == [2, 2])
        #expect(taps.weights[0] == 0.5 && taps.weights[1] == 0.5)
        #expect(taps.weights[taps.stride] == 0.5 && taps.weights[taps.stride + 1] == 0.5)
        #expect(taps.span == 0...3)
    }

    @Test func twoByTwoShrinksToTheirMean() {
        let pixels: [UInt8] = [0, 100, 200, 40, 100, 0,
                               80, 100, 0, 120, 100, 40]
        #expect(resample(pixels, width: 2, height: 2, to: 1, 1) == [60, 100, 60, 255])
    }

    /// Growing 2 → 4 pixels: the outer pixels repeat the edge, the inner ones mix ¾ + ¼.
    @Test func growingIsBilinearBetweenCentres() {
        let pixels: [UInt8] = [0, 0, 0, 200, 200, 200]
        let row = resample(pixels, width: 2, height: 1, to: 4, 1)
        #expect(stride(from: 0, to: 16, by: 4).map { row[$0] } == [0, 50, 150, 200])
    }

    /// A transparent pixel's colour does not bleed: half opaque red, half transparent green gives
    /// premultiplied half red, no green.
    @Test func alphaIsMultipliedInBeforeAveraging() {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 0]
        #expect(resample(pixels, width: 2, height: 1, alpha: true, to: 1, 1) == [128, 0, 0, 128])
    }

    @Test func aCropReadsOnlyItsOwnPixels() {
        let pixels: [UInt8] = [10, 10, 10, 20, 20, 20, 30, 30, 30, 40, 40, 40]
        let out = resample(pixels, width: 4, height: 1, crop: PixelRect(x: 2, y: 0, width: 2, height: 1), to: 1, 1)
        #expect(out == [35, 35, 35, 255])
    }

    /// Premultiplied sources are averaged as they are: (50, 20, 10, 64) beside a transparent
    /// pixel halves to (25, 10, 5, 32), not to 64/255 of that again.
    @Test func premultipliedSourcesAreNotMultipliedAgain() {
        let pixels: [UInt8] = [50, 20, 10, 64, 0, 0, 0, 0]
        let out = pixels.withUnsafeBufferPointer { buffer in
            Resampler.resample(Resampler.Source(pixels: buffer.baseAddress!, pitch: 8, width: 2, height: 1,
                                                hasAlpha: true, premultiplied: true),
                               crop: PixelRect(x: 0, y: 0, width: 2, height: 1), width: 1, height: 1)
        }
        #expect(out == [25, 10, 5, 32])
    }

    /// `finish` sees the sums before rounding: straight (200, 80, 40) at alpha 64 is
    /// 200 · 64 / 255 = 50.196… premultiplied, which `quantise` rounds to the bytes `resample` gives.
    @Test func finishGetsTheUnroundedSums() {
        let pixels: [UInt8] = [200, 80, 40, 64]
        var sums: [Float] = []
        let out = pixels.withUnsafeBufferPointer { buffer in
            Resampler.resample(Resampler.Source(pixels: buffer.baseAddress!, pitch: 4, width: 1, height: 1, hasAlpha: true),
                               crop: PixelRect(x: 0, y: 0, width: 1, height: 1), width: 1, height: 1) { row, out in
                sums.append(contentsOf: row)
                Resampler.quantise(row, into: out)
            }
        }
        let expected: [Float] = [200 * 64 / 255, 80 * 64 / 255, 40 * 64 / 255, 64]
        #expect(zip(sums, expected).allSatisfy { abs($0 - $1) < 1e-4 }, "\(sums)")
        #expect(out == [50, 20, 10, 64])
        #expect(out == resample(pixels, width: 1, height: 1, alpha: true, to: 1, 1))
    }

    /// All of a photo at its own size is copied, not resampled (a thumbnail kept from a JPEG shrunk
    /// on load): the same bytes as the taps give, for RGB, straight and premultiplied RGBA, rows
    /// padded past their pixels, through both `resample`s.
    @Test func wholeAtItsOwnSizeIsTheTapsResult() {
        var seed: UInt32 = 12345
        func byte() -> UInt8 { seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 16) }
        let (width, height) = (7, 5)
        for (alpha, premultiplied) in [(false, false), (true, false), (true, true)] {
            let pitch = width * (alpha ? 4 : 3) + 3
            var pixels = (0..<(pitch * height)).map { _ in byte() }
            if premultiplied {   // colour at most alpha, as premultiplied pixels are
                for y in 0..<height { for x in 0..<width { for c in 0..<3 {
                    let p = y * pitch + x * 4
                    pixels[p + c] = min(pixels[p + c], pixels[p + 3])
                } } }
            }
            pixels.withUnsafeBufferPointer { buffer in
                let source = Resampler.Source(pixels: buffer.baseAddress!, pitch: pitch, width: width, height: height,
                                              hasAlpha: alpha, premultiplied: premultiplied)
                let whole = PixelRect(x: 0, y: 0, width: Double(width), height: Double(height))
                #expect(Resampler.isWhole(source, crop: whole, width: width, height: height))
                var tapSums: [Float] = [], copySums: [Float] = []
                let taps = Resampler.resampleWithTaps(source, crop: whole, width: width, height: height) { row, out in
                    tapSums.append(contentsOf: row)
                    Resampler.quantise(row, into: out)
                }
                let copied = Resampler.resample(source, crop: whole, width: width, height: height) { row, out in
                    copySums.append(contentsOf: row)
                    Resampler.quantise(row, into: out)
                }
                #expect(Resampler.resample(source, crop: whole, width: width, height: height) == taps,
                        "alpha \(alpha), premultiplied \(premultiplied)")
                #expect(copied == taps && copySums == tapSums, "alpha \(alpha), premultiplied \(premultiplied)")
            }
        }
        // Straight (200, 80, 40) at alpha 64: 200 · 64 / 255 = 50.2 premultiplied, and so on.
        #expect(resample([200, 80, 40, 64, 9, 9, 9, 255], width: 2, height: 1, alpha: true, to: 2, 1)
                == [50, 20, 10, 64, 9, 9, 9, 255])
    }
}
