import SwivelCore
import SwivelPhotoCore

/// The last steps every decoder shares: from the pixels as stored to the card's texture.
enum CardPixels {
    /// `source` (as stored) turned upright by `orientation`, aspect-fill cropped and resampled to
    /// `width` × `height`, then converted from `iccProfile` to sRGB. Throws when there is a
    /// profile and no lcms2 to convert it (the `format` file is then skipped, naming the package).
    ///
    /// The crop is chosen on the upright image and mapped back onto the stored pixels, which are
    /// resampled to the card's size in stored orientation and only then turned: the same pixels
    /// as turning the whole photo first (the resampler's taps are symmetric), at the cost of
    /// turning a card instead of a photo. The colour conversion, too, runs on the card's pixels,
    /// not the photo's: per-pixel, it costs the same for a 50 MP photo as for a small one.
    static func make(_ source: Resampler.Source, orientation: Orientation, iccProfile: [UInt8]?,
                     format: String, width: Int, height: Int) throws(Failure) -> DecodedImage {
        if iccProfile != nil { try DecoderLibrary.lcms2.require(for: format) }
        let stored = (width: Double(source.width), height: Double(source.height))
        let upright = orientation.swapsSides ? Size(stored.height, stored.width) : Size(stored.width, stored.height)
        let crop = AspectFill.crop(source: upright, target: Size(Double(width), Double(height)))
        let storedCrop = orientation.storedRect(crop, width: stored.width, height: stored.height)
        let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
        var pixels = Resampler.resample(source, crop: storedCrop, width: outWidth, height: outHeight)
        pixels = orientation.upright(pixels, width: outWidth, height: outHeight)
        if let iccProfile { ColorProfile.convertToSRGB(&pixels, iccProfile: iccProfile) }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// The card's size in the stored image's orientation (sides swapped for 5-8).
    static func storedTarget(width: Int, height: Int, orientation: Orientation) -> (width: Int, height: Int) {
        orientation.swapsSides ? (height, width) : (width, height)
    }
}
