import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// The metadata a JPEG brings is bounded: its ICC profile (APP2 chunks, up to 255 × 65519 bytes by
/// the format) is kept up to `JPEGDecoder.maxICCBytes` (4 MiB) and dropped past it, and segments
/// Swivel does not use (XMP in APP1, however many) are skipped unread. A file cut inside its scan
/// is refused as truncated, baseline or progressive.
@Suite(.serialized) struct JPEGSegmentLimitTests {
    static let colour: [UInt8] = [200, 80, 60]
    static let chunkBytes = 65519   // 65535 - 2 (length) - 12 (signature) - 2 (sequence, count): ICC.1:2022 B.4

    /// APP2 segments carrying `profile` followed by zeros up to `total` bytes, in chunks of at
    /// most 65519 bytes numbered from 1.
    static func iccSegments(_ profile: [UInt8], total: Int) -> [UInt8] {
        let padded = profile + [UInt8](repeating: 0, count: total - profile.count)
        let starts = Array(stride(from: 0, to: padded.count, by: chunkBytes))
        precondition(starts.count <= 255)
        return starts.enumerated().flatMap { index, start in
            SyntheticJPEG.segment(0xE2, PhotoMetadata.iccSignature + [UInt8(index + 1), UInt8(starts.count)]
                                  + padded[start..<min(start + chunkBytes, padded.count)])
        }
    }

    /// `count` APP1 XMP segments of the largest size (65533 bytes of payload), spaces after the
    /// XMP namespace (XMP part 3, 1.1.3).
    static func xmpSegments(_ count: Int) -> [UInt8] {
        let payload = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
        let segment = SyntheticJPEG.segment(0xE1, payload + [UInt8](repeating: 0x20, count: 65533 - payload.count))
        return SyntheticJPEG.repeated(segment, times: count)
    }

    func centre(_ path: FilePath) throws -> [Int] {
        Array(try ImageDecoder.decode(path, width: 20, height: 30).rgba(10, 15).prefix(3))
    }

    @Test func iccProfilesAreKeptUpToTheLimitAndDroppedPastIt() throws {
        let folder = TemporaryDirectory()
        let plain = folder.path("plain.jpg")
        let hex = "#" + Self.colour.map { String(format: "%02x", $0) }.joined()
        try ExternalTools.convert(["-size", "60x90", "xc:\(hex)", "-quality", "100", plain.text])
        let bytes = folder.contents(plain)
        let profile = try ColorProfileTests.displayP3()
        func tagged(_ name: String, _ segments: [UInt8]) -> FilePath {
            folder.write(name, bytes: Array(bytes.prefix(2)) + segments + bytes.dropFirst(2))
        }
        // 64 chunks, 4,193,216 bytes: within 4 MiB (4,194,304).
        let within = 64 * Self.chunkBytes
        // 255 chunks of 65519 bytes, the most the format holds (16.7 MB), after 200 XMP segments
        // (13 MB) that are skipped.
        let most = 255 * Self.chunkBytes
        let small = tagged("p3.jpg", Self.iccSegments(profile, total: profile.count))
        let big = tagged("p3-4mib.jpg", Self.iccSegments(profile, total: within))
        let huge = tagged("p3-16mb.jpg", Self.xmpSegments(200) + Self.iccSegments(profile, total: most))

        #expect(PhotoMetadata.jpeg(folder.contents(big)).iccProfile?.count == within)
        #expect(PhotoMetadata.jpeg(folder.contents(huge)).iccProfile == nil)
        let untagged = try centre(plain), converted = try centre(small)
        #expect(zip(untagged, converted).contains { abs($0 - $1) > 10 }, "P3 reads apart from sRGB: \(untagged) \(converted)")
        #expect(try centre(big) == converted)
        #expect(try centre(huge) == untagged)
    }

    /// Cut in the middle of its entropy-coded data: libjpeg would show grey for the rest.
    @Test func jpegsCutInTheirScanAreTruncated() throws {
        let folder = TemporaryDirectory()
        func reason(_ bytes: [UInt8], _ name: String) -> String? {
            do throws(ImageLoadError) {
                _ = try ImageDecoder.decode(folder.write(name, bytes: bytes), width: 40, height: 60)
                return nil
            } catch {
                return error.reason
            }
        }
        let baseline = SyntheticJPEG.baseline(width: 2048, height: 2048)
        #expect(reason(baseline, "whole.jpg") == nil)
        #expect(reason(Array(baseline.prefix(baseline.count / 2)), "half.jpg") == "cannot decode: truncated JPEG data")
        // Progressive, cut in its AC scan (the DC scan is the first 1/19 of the data).
        let progressive = SyntheticJPEG.progressive(width: 512, height: 512)
        #expect(reason(progressive, "progressive.jpg") == nil)
        #expect(reason(Array(progressive.prefix(progressive.count * 3 / 4)), "progressive-cut.jpg")
                == "cannot decode: truncated JPEG data")
    }
}
