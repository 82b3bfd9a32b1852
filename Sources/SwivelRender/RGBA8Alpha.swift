/// Whether RGBA8 pixels are opaque, for the passes that need not draw what an opaque card or photo
/// hides (`CardTextures.opaqueLayers`, `FullViewTexture.isOpaque`).
enum RGBA8Alpha {
    /// Whether every pixel of `rows` × `columns` of RGBA8 `bytes` (`width` pixels a row) has alpha
    /// 255: two pixels at a time, their alpha bytes (the top byte of each half, little-endian)
    /// ANDed together. 0.06 ms for 1000×750 pixels in the cache; 0.26 ms a pixel at a time (not
    /// vectorized), which put 0.3 ms on the open bench's sharp_upload_ms p50.
    static func isOpaque(_ bytes: UnsafeRawBufferPointer, width: Int, rows: Range<Int>, columns: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        for row in rows {
            let start = base + (row * width + columns.lowerBound) * 4
            let count = columns.count
            var all = UInt64.max, index = 0
            while index + 2 <= count {
                all &= start.loadUnaligned(fromByteOffset: index * 4, as: UInt64.self)
                index += 2
            }
            if index < count { all &= UInt64(start.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)) | 0xFFFF_FFFF_0000_0000 }
            if all & alphas != alphas { return false }
        }
        return true
    }

    /// Whether every pixel of `width` × `height` RGBA8 `pixels` has alpha 255.
    static func isOpaque(_ pixels: [UInt8], width: Int, height: Int) -> Bool {
        pixels.withUnsafeBytes { isOpaque($0, width: width, rows: 0..<height, columns: 0..<width) }
    }
}
