import SwivelCore
import SwivelPhotoCore

/// The last steps every decoder shares: from the pixels as stored to the card's texture.
enum CardPixels {
    /// `source` (as stored) turned upright by `orientation`, made into `target`'s pixels (a card:
    /// aspect-fill cropped and resampled to its size; the full view: the whole image resampled to
    /// its fitted size), then converted from `iccProfile` (RGB or grey) to sRGB.
    ///
    /// `source` may be straight or premultiplied RGBA, or RGB (`Resampler.Source`), 8 bits a
    /// channel, in the colour space of `iccProfile` (nil: sRGB, or a profile that cannot be read).
    /// Throws when there is a profile and no lcms2 to convert it (the `format` file is then
    /// skipped, naming the package). `imageSize`: the stored image's own size when `source` was
    /// decoded smaller (JPEG's DCT scaling), so that a fitted size is the one of the photo itself.
    ///
    /// The crop is chosen on the upright image and mapped back onto the stored pixels, which are
    /// resampled to the card's size in stored orientation and only then turned: the same pixels
    /// as turning the whole photo first (the resampler's taps are symmetric), at the cost of
    /// turning a card instead of a photo. The colour conversion, too, runs on the card's pixels,
    /// not the photo's: per-pixel, it costs the same for a 50 MP photo as for a small one. It is
    /// given the resampler's sums before they are rounded to bytes as well, so that translucent
    /// pixels are converted from their straight colour at full precision (`ColorProfile.Conversion`).
    static func make(_ source: Resampler.Source, orientation: Orientation, iccProfile: [UInt8]?,
                     format: String, target: DecodeTarget,
                     imageSize: (width: Int, height: Int)? = nil) throws(Failure) -> DecodedImage {
        if iccProfile != nil { try DecoderLibrary.lcms2.require(for: format) }
        let stored = (width: Double(source.width), height: Double(source.height))
        let upright = orientation.swapsSides ? Size(stored.height, stored.width) : Size(stored.width, stored.height)
        let image = imageSize ?? (source.width, source.height)
        let uprightImage = orientation.swapsSides ? (width: image.height, height: image.width) : image
        let (width, height) = target.outputSize(upright: uprightImage)
        let crop = switch target {
        case .fill: AspectFill.crop(source: upright, target: Size(Double(width), Double(height)))
        case .fit: PixelRect(x: 0, y: 0, width: upright.width, height: upright.height)
        }
        let storedCrop = orientation.storedRect(crop, width: stored.width, height: stored.height)
        let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
        // What the steps below allocate, asked for first: the resampler's rows grow with the
        // photo's height; the sums and the upright copy are the card's.
        let cardBytes = outWidth * outHeight * 4
        // The full view at full resolution: copied, not resampled (no rows of floats), unless
        // translucent pixels are to be converted from their sums.
        let whole = storedCrop == PixelRect(x: 0, y: 0, width: stored.width, height: stored.height)
            && outWidth == source.width && outHeight == source.height
        if case .fit = target, whole, !(iccProfile != nil && source.hasAlpha) {
            return try PhotoMemory.reserving(cardBytes + (orientation != .up ? cardBytes : 0)) {
                var pixels = PixelCopy.rgba(source)
                if let conversion = iccProfile.flatMap(ColorProfile.Conversion.init(iccProfile:)) {
                    _ = pixels.withUnsafeMutableBufferPointer { conversion.apply(sums: nil, to: $0) }
                }
                return DecodedImage(width: width, height: height,
                                    pixels: orientation.upright(pixels, width: outWidth, height: outHeight),
                                    original: uprightImage)
            }
        }
        let working = Resampler.workingBytes(sourceHeight: source.height, crop: storedCrop, width: outWidth, height: outHeight)
            + (iccProfile != nil && source.hasAlpha ? cardBytes * MemoryLayout<Float>.stride : 0)
            + (orientation != .up ? cardBytes : 0)
        var card = try PhotoMemory.reserving(working) {
            make(source, orientation: orientation, iccProfile: iccProfile, crop: storedCrop, outWidth: outWidth,
                 outHeight: outHeight, width: width, height: height)
        }
        if case .fit = target { card.original = uprightImage }
        ThumbnailCapture.current?.keep(source, orientation: orientation, iccProfile: iccProfile, format: format)
        return card
    }

    /// Opaque RGBA `pixels` of a whole photo at its full size, upright, converted from
    /// `iccProfile` to sRGB in place: the full view's image (`DecodeTarget.fit`).
    static func converted(_ pixels: inout [UInt8], width: Int, height: Int, iccProfile: [UInt8]?,
                          format: String) throws(Failure) -> DecodedImage {
        if iccProfile != nil { try DecoderLibrary.lcms2.require(for: format) }
        if let conversion = iccProfile.flatMap(ColorProfile.Conversion.init(iccProfile:)) {
            _ = pixels.withUnsafeMutableBufferPointer { conversion.apply(sums: nil, to: $0) }
        }
        return DecodedImage(width: width, height: height, pixels: pixels, original: (width, height))
    }

    /// The whole of `source`, upright, resampled to `width` × `height` (its own aspect: nothing is
    /// cropped) and converted to sRGB by the same steps as a card: a thumbnail made from a card's
    /// decode.
    static func whole(_ source: Resampler.Source, orientation: Orientation, iccProfile: [UInt8]?,
                      format: String, width: Int, height: Int) throws(Failure) -> DecodedImage {
        if iccProfile != nil { try DecoderLibrary.lcms2.require(for: format) }
        let all = PixelRect(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
        let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
        let cardBytes = outWidth * outHeight * 4
        let working = Resampler.workingBytes(sourceHeight: source.height, crop: all, width: outWidth, height: outHeight)
            + (iccProfile != nil && source.hasAlpha ? cardBytes * MemoryLayout<Float>.stride : 0)
            + (orientation != .up ? cardBytes : 0) + cardBytes
        return try PhotoMemory.reserving(working) {
            make(source, orientation: orientation, iccProfile: iccProfile, crop: all, outWidth: outWidth,
                 outHeight: outHeight, width: width, height: height)
        }
    }

    private static func make(_ source: Resampler.Source, orientation: Orientation, iccProfile: [UInt8]?,
                             crop storedCrop: PixelRect, outWidth: Int, outHeight: Int,
                             width: Int, height: Int) -> DecodedImage {
        var pixels: [UInt8]
        if let conversion = iccProfile.flatMap(ColorProfile.Conversion.init(iccProfile:)) {
            if source.hasAlpha {
                var sums: [Float] = []
                sums.reserveCapacity(outWidth * outHeight * 4)
                pixels = Resampler.resample(source, crop: storedCrop, width: outWidth, height: outHeight) { row, out in
                    Resampler.quantise(row, into: out)
                    sums.append(contentsOf: row)
                }
                _ = sums.withUnsafeBufferPointer { sums in
                    pixels.withUnsafeMutableBufferPointer { conversion.apply(sums: sums, to: $0) }
                }
            } else {
                // Opaque: every pixel goes through the 8-bit transform; no sums needed.
                pixels = Resampler.resample(source, crop: storedCrop, width: outWidth, height: outHeight)
                _ = pixels.withUnsafeMutableBufferPointer { conversion.apply(sums: nil, to: $0) }
            }
        } else {
            pixels = Resampler.resample(source, crop: storedCrop, width: outWidth, height: outHeight)
        }
        pixels = orientation.upright(pixels, width: outWidth, height: outHeight)
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// The pixels `target` needs of a `storedWidth` × `storedHeight` image, in the stored image's
    /// orientation (sides swapped for 5-8): the card's size, or the fitted size. A decoder that
    /// can decode smaller (JPEG's DCT scaling) decodes at least this much.
    static func storedTarget(_ target: DecodeTarget, storedWidth: Int, storedHeight: Int,
                             orientation: Orientation) -> (width: Int, height: Int) {
        let upright = orientation.swapsSides ? (storedHeight, storedWidth) : (storedWidth, storedHeight)
        let size = target.outputSize(upright: upright)
        return orientation.swapsSides ? (size.height, size.width) : (size.width, size.height)
    }
}
