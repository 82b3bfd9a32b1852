/// The whole of a source at its own size as premultiplied RGBA8: what `Resampler.resample` gives
/// for a 1:1 resample, without its rows of floats (16 bytes a pixel of the photo: 366 MiB for a
/// 24 MP photo at full size, measured +526 MiB peak RSS with them).
public enum PixelCopy {
    /// `source`'s pixels, top row first, alpha multiplied in (rounded to nearest) unless it is
    /// already, opaque alpha added to RGB.
    public static func rgba(_ source: Resampler.Source) -> [UInt8] {
        let count = source.width * source.height
        return [UInt8](unsafeUninitializedCapacity: count * 4) { out, filled in
            for y in 0..<source.height {
                let row = source.pixels + y * source.pitch
                var o = y * source.width * 4
                for x in 0..<source.width {
                    if source.hasAlpha {
                        let p = row + x * 4, a = Int(p[3])
                        if source.premultiplied || a == 255 {
                            out[o] = p[0]; out[o + 1] = p[1]; out[o + 2] = p[2]
                        } else {
                            out[o] = UInt8((Int(p[0]) * a + 127) / 255)
                            out[o + 1] = UInt8((Int(p[1]) * a + 127) / 255)
                            out[o + 2] = UInt8((Int(p[2]) * a + 127) / 255)
                        }
                        out[o + 3] = UInt8(a)
                    } else {
                        let p = row + x * 3
                        out[o] = p[0]; out[o + 1] = p[1]; out[o + 2] = p[2]; out[o + 3] = 255
                    }
                    o += 4
                }
            }
            filled = count * 4
        }
    }

    /// Turns `count` RGB pixels stored at byte `count` of `buffer` (its last three quarters) into
    /// opaque RGBA filling it, in place: pixel i is written at 4i from 4i ≥ … its source at
    /// count + 3i, which the writes have not reached (4i + 3 < count + 3i + 3 while i < count). A
    /// photo decoded at full size so needs one RGBA buffer, not an RGB one and its RGBA copy.
    public static func expandRGBInPlace(_ buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) {
        precondition(buffer.count >= count * 4, "room for RGBA")
        guard let base = buffer.baseAddress else { return }
        for i in 0..<count {
            let source = base + count + 3 * i, out = base + 4 * i
            let (r, g, b) = (source[0], source[1], source[2])
            out[0] = r; out[1] = g; out[2] = b; out[3] = 255
        }
    }
}
