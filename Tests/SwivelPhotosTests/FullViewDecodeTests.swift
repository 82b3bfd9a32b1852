import Foundation
import SwivelCore
import SwivelPhotoCore
@testable import SwivelPhotos
import SwivelTestSupport
import Synchronization
import Testing

/// Decodes for the full view (`DecodeTarget.fit`) against ImageMagick's own, and the full view's
/// decode thread with a stand-in decoder.
struct FullViewDecodeTests {
    /// ImageMagick's `-auto-orient -resize WxH` of `file` (or its plain decode), straight RGBA.
    static func magick(_ file: FilePath, resize: String?) throws -> [UInt8] {
        try ExternalTools.outputBytes("convert", [file.text, "-auto-orient"] + (resize.map { ["-resize", $0] } ?? [])
                                      + ["-depth", "8", "rgba:-"])
    }

    /// Mean and largest difference of two opaque RGBA buffers of one size (alpha ignored).
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, max: Int) {
        var total = 0, largest = 0, count = 0
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
            for c in 0..<3 {
                let d = abs(Int(a[i + c]) - Int(b[i + c]))
                total += d; largest = max(largest, d); count += 1
            }
        }
        return (Double(total) / Double(max(1, count)), largest)
    }

    /// A photo-like file: four colours blended across it (smooth, so that resamplers agree) and
    /// different in every corner (so that a crop, a turn or a mirror shows).
    static func write(_ path: FilePath, width: Int, height: Int, quality: [String] = ["-quality", "95"]) throws {
        try ExternalTools.convert(["-size", "\(width)x\(height)", "xc:", "-sparse-color", "bilinear",
                                   "0,0 red \(width - 1),0 blue 0,\(height - 1) lime \(width - 1),\(height - 1) yellow"]
                                  + quality + [path.text])
    }

    /// Fitted decodes within mean 1.5 and at most 8 levels of ImageMagick's (its Lanczos filter
    /// against Swivel's area average, and for the JPEG its full decode against libjpeg-turbo's
    /// 3/8 DCT scale): a 1600×1200 JPEG in 640×360 (480×360), a 300×200 PNG in 128×128 (128×85),
    /// and a 1600×1200 JPEG tagged Orientation 6 (upright 1200×1600: 270×360).
    @Test
    func fittedDecodesMatchImageMagick() throws {
        let folder = TemporaryDirectory()
        let jpeg = folder.path("a.jpg"), png = folder.path("b.png"), turned = folder.path("c.jpg")
        try Self.write(jpeg, width: 1600, height: 1200)
        try Self.write(png, width: 300, height: 200, quality: [])
        try Self.write(turned, width: 1600, height: 1200)
        try ExternalTools.exiftool(turned, ["-Orientation=6", "-n"])
        for (file, bound, size) in [(jpeg, (640, 360), (480, 360)), (png, (128, 128), (128, 85)), (turned, (640, 360), (270, 360))] {
            let image = try ImageDecoder.decode(file, target: .fit(width: bound.0, height: bound.1))
            #expect(image.width == size.0 && image.height == size.1, "\(file)")
            let expected = try Self.magick(file, resize: "\(bound.0)x\(bound.1)")
            #expect(expected.count == image.pixels.count)
            let d = Self.difference(image.pixels, expected)
            print("fit \(file.text) \(image.width)x\(image.height): mean \(d.mean), max \(d.max)")
            #expect(d.mean <= 1.5 && d.max <= 8, "\(file): mean \(d.mean), max \(d.max)")
        }
    }

    /// Near its fit, a JPEG is given at libjpeg-turbo's DCT scale that covers the fit, not resampled:
    /// a 1600×1200 JPEG in 640×360 (fit 480×360) at 3/8, 600×450 (1.25× each way), and the same
    /// tagged Orientation 6 (fit 270×360) at 1/4, upright 300×400 (1.11×); each within mean 1.5 and
    /// at most 8 levels of ImageMagick's resize to that size; its `original` the whole photo's
    /// upright size. Allowed only 1.2×, the first is resampled to its fit as before.
    @Test
    func aJPEGNearItsFitIsGivenAtItsDCTScale() throws {
        let folder = TemporaryDirectory()
        let jpeg = folder.path("a.jpg"), turned = folder.path("c.jpg")
        try Self.write(jpeg, width: 1600, height: 1200)
        try Self.write(turned, width: 1600, height: 1200)
        try ExternalTools.exiftool(turned, ["-Orientation=6", "-n"])
        for (file, size, original) in [(jpeg, (600, 450), (1600, 1200)), (turned, (300, 400), (1200, 1600))] {
            let image = try ImageDecoder.decode(file, target: .fit(width: 640, height: 360), unresampledUpTo: 1.5)
            #expect(image.width == size.0 && image.height == size.1, "\(file): \(image.width)×\(image.height)")
            #expect(image.original?.width == original.0 && image.original?.height == original.1)
            let expected = try Self.magick(file, resize: "\(size.0)x\(size.1)")
            #expect(expected.count == image.pixels.count)
            let d = Self.difference(image.pixels, expected)
            print("unresampled \(file.text) \(image.width)x\(image.height): mean \(d.mean), max \(d.max)")
            #expect(d.mean <= 1.5 && d.max <= 8, "\(file): mean \(d.mean), max \(d.max)")
        }
        let fitted = try ImageDecoder.decode(jpeg, target: .fit(width: 640, height: 360), unresampledUpTo: 1.2)
        #expect(fitted.width == 480 && fitted.height == 360)
    }

    /// At full resolution (a bound larger than the photo) the decode is ImageMagick's, ±1.
    @Test
    func fullResolutionIsImageMagicksDecode() throws {
        let folder = TemporaryDirectory()
        let jpeg = folder.path("a.jpg")
        try Self.write(jpeg, width: 640, height: 480)
        let image = try ImageDecoder.decode(jpeg, target: .fit(width: 100_000, height: 100_000))
        #expect(image.width == 640 && image.height == 480)
        let d = Self.difference(image.pixels, try Self.magick(jpeg, resize: nil))
        print("full 640x480: mean \(d.mean), max \(d.max)")
        #expect(d.max <= 1)
    }

    /// A stand-in decoder: records what it was asked for, blocks photo `slow` until cancelled and
    /// photo `gated` until `open` is set (or cancelled), and counts the calls to `onFinished`.
    final class Recorder: @unchecked Sendable {
        let asked = Mutex<[(Int, DecodeTarget)]>([])
        /// How much larger than the fit each decode was let come out (`unresampledUpTo`).
        let near = Mutex<[Double]>([])
        let cancelled = Mutex<[Int]>([])
        let slow: Int?, gated: Int?
        let gate = Mutex(false)
        let finishedCalls = Mutex(0)
        init(slow: Int? = nil, gated: Int? = nil) { (self.slow, self.gated) = (slow, gated) }

        func photos() -> FullViewPhotos {
            FullViewPhotos(onFinished: { self.finishedCalls.withLock { $0 += 1 } },
                           path: { FilePath("/photos/\($0).jpg") }) { (id, target, near, cancellation) throws(ImageLoadError) in
                self.asked.withLock { $0.append((id, target)) }
                self.near.withLock { $0.append(near) }
                if id == self.gated {
                    while !cancellation.isCancelled && !self.gate.withLock({ $0 }) { usleep(1000) }
                }
                if id == self.slow || (id == self.gated && cancellation.isCancelled) {
                    while !cancellation.isCancelled { usleep(1000) }
                    self.cancelled.withLock { $0.append(id) }
                    throw ImageLoadError(path: FilePath("x"), reason: "cancelled", cancelled: true)
                }
                // A 4000×3000 photo, fitted as asked.
                let size = target.outputSize(upright: (4000, 3000))
                return DecodedImage(width: size.width, height: size.height, pixels: [UInt8](repeating: 0, count: size.width * size.height * 4))
            }
        }
    }

    static func waitFor(_ condition: () -> Bool) {
        for _ in 0..<5000 where !condition() { usleep(1000) }
    }

    /// The open photo first, then its neighbours, all at window size, before anything is shown.
    @Test func theNeighboursAreDecodedAhead() {
        let recorder = Recorder()
        let photos = recorder.photos()
        defer { photos.stop() }
        photos.open(5, window: (1280, 720), neighbours: [6, 4], budgetBytes: 64 << 20)
        var finished: [FullViewPhotos.Finished] = []
        Self.waitFor { finished += photos.takeFinished(); return finished.count == 3 }
        #expect(finished.map(\.image.id) == [5, 6, 4])
        #expect(finished.allSatisfy { (try? $0.result.get())?.width == 960 })
        #expect(recorder.asked.withLock { $0.map(\.1) } == Array(repeating: .fit(width: 1280, height: 720), count: 3))
        // With room in the budget for the largest they may come out, JPEGs near the fit are not resampled.
        #expect(recorder.near.withLock { $0 } == [1.5, 1.5, 1.5])
        #expect(photos.heldBytes == 3 * 960 * 720 * 4)
        // Paging to 6 frees 4 (no longer a neighbour) and decodes 7.
        let freed = photos.open(6, window: (1280, 720), neighbours: [7, 5], budgetBytes: 64 << 20)
        #expect(freed == [FullViewPhotos.Image(id: 4, resolution: .window)])
        Self.waitFor { photos.takeFinished().contains { $0.image.id == 7 } }
        #expect(recorder.asked.withLock { $0.map(\.0) } == [5, 6, 4, 7])
        photos.close()
        #expect(photos.heldBytes == 0)
    }

    /// The neighbours wait until the open photo's decode has been taken: nothing else decodes while
    /// the frame step takes it in and draws it.
    @Test func theNeighboursWaitForTheOpenPhotoToBeTaken() {
        let recorder = Recorder()
        let photos = recorder.photos()
        defer { photos.stop() }
        photos.open(5, window: (1280, 720), neighbours: [6, 4], budgetBytes: 64 << 20)
        Self.waitFor { !recorder.asked.withLock { $0.isEmpty } }
        usleep(200_000)   // long enough for both neighbours, were they let start
        #expect(recorder.asked.withLock { $0.map(\.0) } == [5])
        #expect(photos.takeFinished().map(\.image.id) == [5])
        var finished: [FullViewPhotos.Finished] = []
        Self.waitFor { finished += photos.takeFinished(); return finished.count == 2 }
        #expect(recorder.asked.withLock { $0.map(\.0) } == [5, 6, 4])
    }

    /// Opening another photo stops the decode of the one left.
    @Test func aChangeOfOpenPhotoCancelsTheOldDecode() {
        let recorder = Recorder(slow: 1)
        let photos = recorder.photos()
        defer { photos.stop() }
        photos.open(1, window: (640, 360), neighbours: [], budgetBytes: 64 << 20)
        Self.waitFor { !recorder.asked.withLock { $0.isEmpty } }
        photos.open(2, window: (640, 360), neighbours: [], budgetBytes: 64 << 20)
        Self.waitFor { photos.takeFinished().contains { $0.image.id == 2 } }
        #expect(recorder.cancelled.withLock { $0 } == [1])
    }

    /// The budget: the open photo shrinks to fit, a neighbour that does not fit is not decoded, and
    /// a full resolution over it is refused with one line; the full resolution otherwise is 4000×3000.
    @Test func theBudgetShrinksOrRefuses() {
        let recorder = Recorder()
        let photos = recorder.photos()
        defer { photos.stop() }
        // 1280×720×4 = 3.5 MiB; a budget of 1 MiB shrinks the bound by √(1 MiB / 3.5 MiB).
        photos.open(1, window: (1280, 720), neighbours: [2], budgetBytes: 1 << 20)
        var finished: [FullViewPhotos.Finished] = []
        Self.waitFor { finished += photos.takeFinished(); return !finished.isEmpty }
        usleep(50_000)
        finished += photos.takeFinished()
        #expect(finished.map(\.image.id) == [1])
        #expect(photos.heldBytes <= 1 << 20)
        // Shrunk to the budget, it is resampled to the size that fits it.
        #expect(recorder.near.withLock { $0 } == [1])
        photos.wantFullResolution()
        Self.waitFor { finished += photos.takeFinished(); return finished.count == 2 }
        #expect(finished.last?.fullSizeWarning?.hasPrefix("swivel: /photos/1.jpg: cannot show at full size: 4000×3000 needs 45 MiB") == true)
        // With room, the full resolution comes.
        photos.open(3, window: (1280, 720), neighbours: [], budgetBytes: 64 << 20)
        photos.wantFullResolution()
        Self.waitFor { finished += photos.takeFinished(); return finished.contains { $0.image == .init(id: 3, resolution: .full) } }
        let full = finished.first { $0.image == .init(id: 3, resolution: .full) }
        #expect((try? full?.result.get())?.width == 4000)
    }

    /// The figures for the full view: decode times of 12 MP and 24 MP JPEGs fitted to 1280×720,
    /// 2560×1440 and at full size, and the peak RSS a 24 MP full decode adds (VmHWM reset through
    /// /proc/self/clear_refs). Printed; the only bound is a generous one (10 s a decode).
    @Test func fullViewDecodeFigures() throws {
        let folder = TemporaryDirectory()
        func status(_ key: String) -> Int {
            let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = text.split(separator: "\n").first { $0.hasPrefix(key) } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "0").map { $0 * 1024 } ?? 0
        }
        for (name, width, height) in [("12MP", 4000, 3000), ("24MP", 6000, 4000)] {
            let file = folder.path("\(name).jpg")
            try ExternalTools.convert(["-size", "\(width)x\(height)", "plasma:", "-quality", "90", file.text])
            for bound in [(1280, 720), (2560, 1440), (100_000, 100_000)] {
                let start = Date()
                let image = try ImageDecoder.decode(file, target: .fit(width: bound.0, height: bound.1))
                let ms = Date().timeIntervalSince(start) * 1000
                print("decode \(name) fit \(bound.0)x\(bound.1) -> \(image.width)x\(image.height): \(Int(ms)) ms")
                #expect(ms < 10_000)
            }
            if name == "24MP" {
                FileManager.default.createFile(atPath: "/proc/self/clear_refs", contents: Data("5".utf8))
                let before = status("VmRSS:")
                let image = try ImageDecoder.decode(file, target: .fit(width: 100_000, height: 100_000))
                let peak = status("VmHWM:")
                print("24MP full decode: peak RSS +\((peak - before) >> 20) MiB over \(before >> 20) MiB "
                      + "(RGBA \(image.pixels.count >> 20) MiB)")
            }
        }
    }
}
