import Foundation
import SwivelCore
import SwivelPhotoCore
@testable import SwivelPhotos
import SwivelTestSupport
import Testing

/// The full view's histogram (with I) and the clipped shares it gives: from pixels whose counts
/// are known in closed form, from a photo Swivel did not make against ImageMagick's own
/// histogram, and worked out on the full view's decode thread.
struct HistogramTests {
    /// Five pixels: white (a highlight), black (a shadow), pure green, a half-transparent red
    /// stored premultiplied (127, 0, 0, 128: straight 253) and a transparent one (not counted).
    @Test func closedFormCounts() {
        let pixels: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 255, 0, 255, 0, 255, 127, 0, 0, 128, 9, 9, 9, 0]
        let histogram = pixels.withUnsafeBytes { Histogram(rgba: $0, width: 5, height: 1) }
        #expect(histogram.pixels == 4)
        #expect(histogram.highlights == 2, "white, and green's 255")
        #expect(histogram.shadows == 1)
        #expect(histogram.red[255] == 1 && histogram.red[0] == 2 && histogram.red[253] == 1)
        #expect(histogram.green[255] == 2 && histogram.green[0] == 2)
        // Rec. 709: green 0.7152 × 255 = 182.4; red 0.2126 × 253 = 53.8; white 255; black 0.
        #expect(histogram.luminance[182] == 1 && histogram.luminance[54] == 1 && histogram.luminance[255] == 1
                && histogram.luminance[0] == 1)
        #expect(histogram.clippingText == "clipped: 50.0 % highlights, 25.0 % shadows")
        // Rows `rowBytes` apart: the padding between them is not read.
        let padded: [UInt8] = [0, 0, 0, 255, 77, 77, 77, 77, 255, 255, 255, 255, 77, 77, 77, 77]
        let two = padded.withUnsafeBytes { Histogram(rgba: $0, width: 1, height: 2, rowBytes: 8) }
        #expect(two.pixels == 2 && two.highlights == 1 && two.shadows == 1)
    }

    /// libjxl's test flower (a 2268×1512 PNG from a Debian package), decoded in this process:
    /// each channel's 256 counts are ImageMagick's (`histogram:info:`, summed per channel), and the
    /// clipped counts are those of its pixels read as raw RGB.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: flower), "needs libjxl-testdata"))
    func aPhotoAgainstImageMagick() throws {
        let file = FilePath(Self.flower)
        let decoded = try ImageDecoder.decode(file, target: .fit(width: 4000, height: 4000))
        #expect(decoded.width == 2268 && decoded.height == 1512)
        let histogram = decoded.buffer.withUnsafeBytes { Histogram(rgba: $0, width: decoded.width, height: decoded.height) }
        var red = [Int](repeating: 0, count: 256), green = red, blue = red
        // Lines as "   1234: (  12, 34, 56) #0C2238 srgb(12,34,56)".
        let listing = try ExternalTools.output("convert", [Self.flower, "-depth", "8", "-format", "%c", "histogram:info:-"])
        var colours = 0
        for line in listing.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")"),
                  let count = Int(line[..<colon].trimmingCharacters(in: .whitespaces)) else { continue }
            let values = line[line.index(after: open)..<close].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count >= 3 else { continue }
            red[values[0]] += count
            green[values[1]] += count
            blue[values[2]] += count
            colours += 1
        }
        #expect(colours > 10_000, "ImageMagick listed \(colours) colours")
        #expect(histogram.pixels == 2268 * 1512)
        #expect(histogram.red == red)
        #expect(histogram.green == green)
        #expect(histogram.blue == blue)
        let raw = try ExternalTools.outputBytes("convert", [Self.flower, "-depth", "8", "rgb:-"])
        var highlights = 0, shadows = 0
        for index in stride(from: 0, to: raw.count, by: 3) {
            if raw[index] == 255 || raw[index + 1] == 255 || raw[index + 2] == 255 { highlights += 1 }
            if raw[index] == 0 && raw[index + 1] == 0 && raw[index + 2] == 0 { shadows += 1 }
        }
        #expect(histogram.highlights == highlights && histogram.shadows == shadows)
        print("flower: \(colours) colours, \(histogram.clippingText)")
    }

    static let flower = "/usr/share/libjxl-testdata/jxl/flower/flower.png"

    /// The full view's decode thread gives the window-size decode's histogram with it (the frame
    /// step only takes it), and none for the full resolution.
    @Test func theDecodeThreadWorksItOut() {
        // 4×2: two white, two black, four mid grey.
        let white: [UInt8] = [255, 255, 255, 255], black: [UInt8] = [0, 0, 0, 255], grey: [UInt8] = [128, 128, 128, 255]
        let pixels = white + white + black + black + grey + grey + grey + grey
        let finished = DispatchSemaphore(value: 0)
        let photos = FullViewPhotos(onFinished: { finished.signal() }, path: { FilePath("/photos/\($0).png") }) { _, _, _, _ throws(ImageLoadError) in
            DecodedImage(width: 4, height: 2, pixels: pixels)
        }
        defer { photos.stop() }
        photos.open(0, window: (640, 360), neighbours: [], budgetBytes: 64 << 20)
        #expect(finished.wait(timeout: .now() + 60) == .success)
        let taken = photos.takeFinished()
        let histogram = try? #require(taken.first?.histogram)
        #expect(histogram?.pixels == 8 && histogram?.highlights == 2 && histogram?.shadows == 2)
        #expect(histogram?.red[128] == 4)
        photos.wantFullResolution()
        #expect(finished.wait(timeout: .now() + 60) == .success)
        #expect(photos.takeFinished().first.map { $0.image.resolution == .full && $0.histogram == nil } == true)
    }
}
