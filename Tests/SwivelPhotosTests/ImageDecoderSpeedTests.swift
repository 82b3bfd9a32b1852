import CSDL2
import CSDL2Image
import Testing
import SwivelCore
@testable import SwivelPhotos

/// A 12 MP camera-sized JPEG into a 400 × 600 card texture: the crop is right, and the times of
/// SDL2_image's full-size decode with the crop and resample (the old path, for comparison) and of
/// the whole `ImageDecoder.decode` (libjpeg-turbo shrinking on load) are printed (not asserted:
/// shared machines are noisy; the README has the measured numbers, from a release build).
@Suite(.serialized) struct ImageDecoderSpeedTests {
    @Test func twelveMegapixelPhotoToACard() throws {
        let files = TestImageFiles()
        // Left half dark, right half light, with ±16 of hashed noise per pixel and channel so that
        // the JPEG is as busy as a photo (about 5 MB): the crop keeps x 1000…3000, so the card's
        // left half is dark (40 on average) and its right half light (200).
        let photo = files.write("photo.jpg", .jpeg(quality: 90), width: 4000, height: 3000) { x, y in
            let base = x < 2000 ? 24 : 184
            var hash = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
            hash = (hash ^ (hash >> 13)) &* 0x5bd1e995
            return RGBA8(UInt8(base + Int(hash & 31)), UInt8(base + Int(hash >> 8 & 31)), UInt8(base + Int(hash >> 16 & 31)))
        }
        let clock = ContinuousClock()
        var decodeOnly = Duration.seconds(1000), resampleOnly = Duration.seconds(1000), total = Duration.seconds(1000)
        var image: DecodedImage?
        for _ in 0..<3 {
            var start = clock.now
            let surface = try #require(IMG_Load(photo.description))
            decodeOnly = min(decodeOnly, clock.now - start)
            defer { SDL_FreeSurface(surface) }
            #expect(surface.pointee.format.pointee.format == SDL_PIXELFORMAT_RGB24.rawValue)
            let source = Resampler.Source(pixels: surface.pointee.pixels.assumingMemoryBound(to: UInt8.self),
                                          pitch: Int(surface.pointee.pitch), width: 4000, height: 3000, hasAlpha: false)
            start = clock.now
            _ = Resampler.resample(source, crop: PixelRect(x: 1000, y: 0, width: 2000, height: 3000), width: 400, height: 600)
            resampleOnly = min(resampleOnly, clock.now - start)
            start = clock.now
            image = try ImageDecoder.decode(photo, width: 400, height: 600)
            total = min(total, clock.now - start)
        }
        let card = try #require(image)
        print("12 MP JPEG (\(files.contents(photo).count / 1000) kB) → 400×600, best of 3: SDL2_image decode "
              + "\(decodeOnly), crop + resample \(resampleOnly), whole ImageDecoder.decode (shrink-on-load) \(total)")
        // The crop's middle is the dark/light boundary; averages of 40…55 and 200…215.
        #expect(abs(card.rgba(50, 300)[1] - 40) <= 3 && abs(card.rgba(350, 300)[1] - 200) <= 3)
    }
}
