import CTurboJPEG
import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// The open benchmark's reference, not a decoder Swivel uses (Swivel decodes JPEG through
/// libjpeg's API in `JPEGDecoder`): one bare `tjDecompress2` call, libjpeg-turbo's own time to
/// decode a file at the scale that covers the full view's window-size decode. The file is read
/// into memory first (not timed); the call decodes to RGB with TurboJPEG's default flags (the
/// accurate integer IDCT and fancy upsampling, as Swivel's libjpeg settings), on the calling thread.
enum TurboJPEGFloor {
    struct Measurement {
        /// The median of the runs, milliseconds.
        let milliseconds: Double
        /// The scaling factor used, "num/denom", and the decoded size.
        let scale: String
        let width: Int, height: Int
    }

    /// The median of `runs` decodes of the JPEG at `path` at the smallest of
    /// `tjGetScalingFactors`' factors (at most 1) whose output covers the photo fitted within
    /// `window` pixels (`DecodeTarget.fit`, as the full view asks for it; the stored sides, without
    /// EXIF orientation); nil when the file is not a JPEG TurboJPEG reads.
    static func measure(_ path: FilePath, window: (width: Int, height: Int), runs: Int = 3) -> Measurement? {
        guard let bytes = read(path), let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colourspace)
        }
        guard header == 0, width > 0, height > 0 else { return nil }
        let target = DecodeTarget.fit(width: window.width, height: window.height)
            .outputSize(upright: (Int(width), Int(height)))
        let factor = coveringFactor(width: width, height: height, target: target)
        let scaledWidth = scaled(width, factor), scaledHeight = scaled(height, factor)
        var pixels = [UInt8](repeating: 0, count: Int(scaledWidth) * Int(scaledHeight) * 3)
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = MonotonicClock.now
            let status = bytes.withUnsafeBufferPointer { input in
                pixels.withUnsafeMutableBufferPointer { output in
                    tjDecompress2(handle, input.baseAddress, UInt(bytes.count), output.baseAddress,
                                  scaledWidth, 0, scaledHeight, Int32(TJPF_RGB.rawValue), 0)
                }
            }
            guard status == 0 else { return nil }
            times.append((MonotonicClock.now - start).milliseconds)
        }
        return Measurement(milliseconds: Percentiles(times).value(50) ?? 0, scale: "\(factor.num)/\(factor.denom)",
                           width: Int(scaledWidth), height: Int(scaledHeight))
    }

    /// The smallest factor (at most 1) TurboJPEG offers whose scaled sides are at least `target`'s.
    private static func coveringFactor(width: Int32, height: Int32, target: (width: Int, height: Int)) -> tjscalingfactor {
        var count: Int32 = 0
        var best = tjscalingfactor(num: 1, denom: 1)
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num <= factor.denom {
            guard Int(scaled(width, factor)) >= target.width, Int(scaled(height, factor)) >= target.height else { continue }
            if factor.num * best.denom < best.num * factor.denom { best = factor }
        }
        return best
    }

    /// TurboJPEG's TJSCALED: a side scaled by a factor, rounded up.
    private static func scaled(_ side: Int32, _ factor: tjscalingfactor) -> Int32 {
        (side * factor.num + factor.denom - 1) / factor.denom
    }

    /// The whole file, or nil.
    private static func read(_ path: FilePath) -> [UInt8]? {
        let descriptor = open(path.cString, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
