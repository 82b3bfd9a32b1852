import CSDL2
import CSDL2Image
import SwivelCore
import SwivelPhotoCore

/// SVG through SDL2_image's rasteriser (nanosvg), drawn at the card's pixel size rather than
/// scaled up from a small default. An SVG has no pixel size to check beforehand; its aspect is
/// taken from the root element's width and height (or viewBox), else from a 16 px wide trial
/// rendering; the full rendering is sized to cover the card (aspect fill) and that size is held
/// to `ImageLimits`. An SVG declaring a shape more than `maxAspect` times taller than wide (or
/// wider than tall) is refused before any rendering.
enum SVGDecoder {
    static let trialWidth: Int32 = 16
    static let maxAspect = 1000.0

    static func decode(_ bytes: [UInt8], width: Int, height: Int) throws(Failure) -> DecodedImage {
        try DecoderLibrary.sdlImage.require(for: "SVG")
        _ = SDLImageDecoder.codecs
        if let declared = declaredSize(bytes), max(declared.width / declared.height, declared.height / declared.width) > maxAspect {
            throw Failure(reason: "SVG is \(format(declared.width))×\(format(declared.height)), over the 1:\(Int(maxAspect)) "
                          + "limit on its shape")
        }
        // Height per width: declared, or measured on a small trial rendering.
        let aspect: Double
        if let declared = declaredSize(bytes) {
            aspect = declared.height / declared.width
        } else {
            let trial = try render(bytes, width: trialWidth, height: 0)
            aspect = Double(trial.pointee.h) / Double(trial.pointee.w)
            SDL_FreeSurface(trial)
        }
        // Cover the card: fix the side that binds and let SDL2_image size the other from the
        // SVG's own aspect (giving both would stretch it).
        let widthBound = aspect >= Double(height) / Double(width)
        let pixelsWide = widthBound ? width : Int((Double(height) / aspect).rounded(.up))
        let pixelsHigh = widthBound ? Int((Double(width) * aspect).rounded(.up)) : height
        if let problem = ImageLimits.problem(width: pixelsWide, height: pixelsHigh) {
            throw Failure(reason: "SVG drawn to cover the card: \(problem)")
        }
        let surface = try render(bytes, width: widthBound ? Int32(width) : 0, height: widthBound ? 0 : Int32(height))
        defer { SDL_FreeSurface(surface) }
        guard surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ABGR8888.rawValue else {
            throw Failure(reason: "cannot decode: unexpected SVG pixel format")
        }
        return try CardPixels.make(
            Resampler.Source(pixels: UnsafePointer(surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)),
                             pitch: Int(surface.pointee.pitch), width: Int(surface.pointee.w),
                             height: Int(surface.pointee.h), hasAlpha: true),
            orientation: .up, iccProfile: nil, format: "SVG", width: width, height: height)
    }

    /// One rendering; a side of 0 follows the SVG's aspect.
    private static func render(_ bytes: [UInt8], width: Int32, height: Int32) throws(Failure) -> UnsafeMutablePointer<SDL_Surface> {
        let surface: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { data in
            guard let stream = SDL_RWFromConstMem(data.baseAddress, Int32(data.count)) else { return nil }
            defer { SDL_FreeRW(stream) }
            return IMG_LoadSizedSVG_RW(stream, width, height)
        }
        guard let surface, surface.pointee.w > 0, surface.pointee.h > 0 else {
            if let surface { SDL_FreeSurface(surface) }
            throw Failure(reason: "cannot decode: not a drawable SVG (\(ImageDecoder.sdlError()))")
        }
        return surface
    }

    /// The root `<svg>` element's width and height attributes (leading numbers, any unit), else
    /// its viewBox's; nil when neither is there (nanosvg then measures the drawing). Searched by
    /// Unicode scalar, so that "\nwidth=" is found after a CR too (CR LF is one Character).
    static func declaredSize(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        let text = String(decoding: bytes.prefix(8192), as: UTF8.self)
        guard let start = text.unicodeScalars.firstRange(ofSequence: "<svg".unicodeScalars),
              let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[start.upperBound..<end]
        func attribute(_ name: String) -> Substring? {
            for quote in ["\"", "'"] {
                if let found = tag.unicodeScalars.firstRange(ofSequence: " \(name)=\(quote)".unicodeScalars)
                    ?? tag.unicodeScalars.firstRange(ofSequence: "\n\(name)=\(quote)".unicodeScalars),
                   let close = tag[found.upperBound...].firstIndex(of: Character(quote)) {
                    return tag[found.upperBound..<close]
                }
            }
            return nil
        }
        func leadingNumber(_ value: Substring) -> Double? {
            let digits = value.prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+" }
            return Double(digits)
        }
        if let w = attribute("width").flatMap(leadingNumber), let h = attribute("height").flatMap(leadingNumber),
           w > 0, h > 0, attribute("width")?.hasSuffix("%") == false, attribute("height")?.hasSuffix("%") == false {
            return (w, h)
        }
        if let box = attribute("viewBox") {
            let numbers = box.split { $0 == " " || $0 == "," }.compactMap { Double($0) }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 { return (numbers[2], numbers[3]) }
        }
        return nil
    }

    private static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
