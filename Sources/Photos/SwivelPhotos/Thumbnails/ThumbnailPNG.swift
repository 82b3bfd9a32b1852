import CZlib

/// A thumbnail as PNG bytes (PNG 3rd edition): 8-bit RGB, or RGBA when any pixel is translucent,
/// an sRGB chunk (the pixels are sRGB: `CardPixels` converted them), the text chunks as tEXt
/// before the image data, Sub-filtered rows deflated by zlib with Huffman coding only (zlib is
/// already linked for iCCP: SDL2_image's PNG writer cannot add text chunks, and libpng's writer
/// would need its own C setjmp wrapper and new lazy-loaded entry points).
///
/// Sub with Huffman only, because it is the cheapest filter and strategy and no larger: on the
/// 500 x 375 thumbnails of 29 noisy 12 MP photos (a C loop at -O2, CPU per thumbnail), Paeth with
/// zlib level 1 took 2.4 + 5.4 ms for 291 KB, Sub with Huffman only 0.4 + 3.2 ms for 252 KB (Sub
/// with Z_RLE 4.1 ms, 253 KB; level 6: 40 ms, 263 KB); on 12 wallpaper photos Paeth level 1 took
/// 1.6 + 4.6 ms for 223 KB, Sub Huffman only 0.4 + 2.7 ms for 219 KB.
enum ThumbnailPNG {
    /// `pixels`: RGBA8, alpha premultiplied (as `DecodedImage`), top row first. `texts`: keyword
    /// and text, as tEXt when ASCII (the spec's keys: URIs are escaped to ASCII), else as
    /// uncompressed iTXt (UTF-8). Nil if zlib fails.
    static func encode(width: Int, height: Int, premultiplied pixels: [UInt8], texts: [(String, String)]) -> [UInt8]? {
        let opaque = pixels.withUnsafeBufferPointer { pixels in stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 } }
        guard let idat = deflate(pixels.withUnsafeBufferPointer { filtered($0, width: width, height: height, opaque: opaque) })
        else { return nil }
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

    /// The image data before deflate: each row's filter byte (1: Sub) and its bytes less the
    /// bytes of the pixel to their left (PNG 3rd edition, 9.2), in straight colour: RGB when
    /// `opaque`, else RGBA (a premultiplied colour divided by its alpha, rounded; 0 where alpha is 0).
    private static func filtered(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, opaque: Bool) -> [UInt8] {
        let channels = opaque ? 3 : 4, rowBytes = width * channels
        return [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * height) { raw, filled in
            let input = pixels.baseAddress!, output = raw.baseAddress!
            for y in 0..<height {
                let row = input + y * width * 4, out = output + y * (rowBytes + 1)
                out[0] = 1
                var left: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                for x in 0..<width {
                    let p = row + x * 4, o = out + 1 + x * channels
                    var pixel = (p[0], p[1], p[2], p[3])
                    if !opaque && pixel.3 != 255 {
                        let alpha = Int(pixel.3)
                        func straight(_ value: UInt8) -> UInt8 {
                            alpha == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + alpha / 2) / alpha))
                        }
                        pixel = (straight(pixel.0), straight(pixel.1), straight(pixel.2), pixel.3)
                    }
                    o[0] = pixel.0 &- left.0
                    o[1] = pixel.1 &- left.1
                    o[2] = pixel.2 &- left.2
                    if !opaque { o[3] = pixel.3 &- left.3 }
                    left = pixel
                }
            }
            filled = (rowBytes + 1) * height
        }
    }

    /// `input` as a zlib stream, Huffman coding only (see the type's note).
    private static func deflate(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, 1, Z_DEFLATED, 15, 8, Z_HUFFMAN_ONLY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let status = input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
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
