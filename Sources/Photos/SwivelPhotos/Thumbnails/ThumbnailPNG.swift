import CZlib

/// A thumbnail as PNG bytes (PNG 3rd edition): 8-bit RGB, or RGBA when any pixel is translucent,
/// an sRGB chunk (the pixels are sRGB: `CardPixels` converted them), the text chunks as tEXt
/// before the image data, Paeth-filtered rows deflated by zlib (already linked for iCCP: SDL2_image's
/// PNG writer cannot add text chunks, and libpng's writer would need its own C setjmp wrapper and
/// new lazy-loaded entry points).
enum ThumbnailPNG {
    /// `pixels`: RGBA8, alpha premultiplied (as `DecodedImage`), top row first. `texts`: keyword
    /// and text, as tEXt when ASCII (the spec's keys: URIs are escaped to ASCII), else as
    /// uncompressed iTXt (UTF-8). Nil if zlib fails.
    static func encode(width: Int, height: Int, premultiplied pixels: [UInt8], texts: [(String, String)]) -> [UInt8]? {
        let opaque = stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        // Straight colour, one filter byte (4: Paeth) before each row.
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var previous = [UInt8](repeating: 0, count: rowBytes), row = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4, alpha = Int(pixels[p + 3])
                for c in 0..<3 {
                    let value = Int(pixels[p + c])
                    row[x * channels + c] = alpha == 255 || alpha == 0 ? UInt8(alpha == 0 ? 0 : value)
                        : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
                }
                if channels == 4 { row[x * 4 + 3] = UInt8(alpha) }
            }
            let out = y * (rowBytes + 1)
            raw[out] = 4
            for i in 0..<rowBytes {
                let left = i >= channels ? Int(row[i - channels]) : 0
                let up = Int(previous[i]), upLeft = i >= channels ? Int(previous[i - channels]) : 0
                raw[out + 1 + i] = row[i] &- UInt8(paeth(left, up, upLeft))
            }
            swap(&previous, &row)
        }
        guard let idat = deflate(raw) else { return nil }

        var png = PNGTextChunks.signature
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]   // depth, colour type, deflate, filter method 0, no interlace
        append(&png, "IHDR", header)
        append(&png, "sRGB", [0])   // perceptual
        for (key, text) in texts {
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                append(&png, "tEXt", Array(key.utf8) + [0] + Array(text.utf8))
            } else {   // UTF-8 text: iTXt, uncompressed, no language tag or translated keyword
                append(&png, "iTXt", Array(key.utf8) + [0, 0, 0, 0, 0] + Array(text.utf8))
            }
        }
        append(&png, "IDAT", idat)
        append(&png, "IEND", [])
        return png
    }

    /// The Paeth predictor (PNG 3rd edition, 9.4).
    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    private static func deflate(_ input: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        // Level 1, zlib's fastest: at its default 6 a cold --bench of 12 MP JPEGs at 2x spent
        // 140 ms of CPU a thumbnail (1000 x 750), 43 % over the open without the cache.
        guard compress2(&output, &size, input, uLong(input.count), 1) == Z_OK else { return nil }
        return Array(output.prefix(Int(size)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
    }

    /// Length, type, data and the CRC-32 of type and data (PNG 3rd edition, 5.3).
    private static func append(_ png: inout [UInt8], _ type: String, _ data: [UInt8]) {
        let typed = Array(type.utf8) + data
        png += bigEndian(UInt32(data.count)) + typed
        png += bigEndian(UInt32(typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }))
    }
}
