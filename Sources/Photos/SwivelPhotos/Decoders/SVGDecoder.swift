import CSDL2
import CSDL2Image
import SwivelCore
import SwivelPhotoCore

/// SVG through SDL2_image's rasteriser (nanosvg), drawn at the card's pixel size rather than
/// scaled up from a small default. An SVG has no pixel size to check beforehand; its aspect is
/// taken from the root element's width and height (or viewBox), else from a 16 px wide trial
/// rendering; the full rendering is sized to cover the card (aspect fill) and that size is held
/// to `ImageLimits`. An SVG declaring a shape more than `maxAspect` times taller than wide (or
/// wider than tall) is refused before any rendering, and so is one too complex to rasterise in
/// about a second (`complexityProblem`).
enum SVGDecoder {
    static let trialWidth: Int32 = 16
    static let maxAspect = 1000.0

    /// nanosvg's rasteriser cannot be stopped once started, and its time grows faster than the
    /// number of edges crossing each row (it keeps them in one sorted list). Its time on this
    /// machine (2 cores, Debian 12's SDL2_image 2.6.3, drawn 400 × 400; the worst case, every
    /// segment spanning the drawing at random):
    ///   stroked lines:         1,000 → 0.18 s, 2,000 → 0.57 s, 4,000 → 1.6 s
    ///   stroked cubic curves:  1,000 (3,000 points) → 0.13 s, 2,000 (6,000) → 1.1 s,
    ///                          4,000 (12,000) → 8.2 s, 16,000 (48,000) → 170 s
    ///   dashed ("1 1") lines:    500 → 0.98 s, 1,000 → 2.0 s, 2,000 → 3.6 s, 8,000 → 101 s
    /// Short segments cost far less (200,000 points of 8-unit steps: 0.24 s), but a count
    /// cannot tell them apart, so the limits are the worst case's: at most `maxPoints` path
    /// points (coordinate pairs: a line segment 1, a cubic curve 3) in the file, and at most
    /// `maxDashedPoints` when any stroke is dashed. Icons, logos, flags and most illustrations
    /// stay well under them; a detailed map or a traced drawing can be refused.
    static let maxPoints = 4000
    static let maxDashedPoints = 400

    /// The largest SVG file read: 16 MiB. The file is read whole (nanosvg parses from memory, and
    /// SDL2_image copies the text once more), so its size is memory. The largest of the 741 SVGs
    /// under Debian's /usr/share here is 44 KB; within `maxPoints` a drawing needs far less than
    /// a megabyte, so a file over this is mostly not drawing (comments, embedded data, padding).
    static let maxFileBytes = 16 << 20

    /// Reads `file` whole for `decode`, refusing one over `maxFileBytes` before reading it.
    static func contents(of file: OpenFile) throws(Failure) -> [UInt8] {
        guard file.size <= maxFileBytes else {
            throw Failure(reason: "SVG file of \(file.size) bytes is over the \(maxFileBytes >> 20) MiB limit")
        }
        return try file.readAll()
    }

    static func decode(_ bytes: [UInt8], target: DecodeTarget) throws(Failure) -> DecodedImage {
        try DecoderLibrary.sdlImage.require(for: "SVG")
        _ = SDLImageCodecs.ready
        if SVGDocumentEnd.isCutShort(bytes) { throw Failure(reason: "cannot decode: truncated SVG data") }
        if let problem = complexityProblem(bytes) { throw Failure(reason: problem) }
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
        // Cover the card (or, for the full view, fit within the bound: a drawing has no size of
        // its own to stop at): fix the side that binds and let SDL2_image size the other from the
        // SVG's own aspect (giving both would stretch it).
        let (width, height, covers) = switch target {
        case .fill(let width, let height): (width, height, true)
        case .fit(let width, let height): (width, height, false)
        }
        let widthBound = covers ? aspect >= Double(height) / Double(width) : aspect <= Double(height) / Double(width)
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
            orientation: .up, iccProfile: nil, format: "SVG", target: target)
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

    /// Why nanosvg would take too long on `bytes`, or nil. Points are counted from the numbers in
    /// `d` and `points` attributes (two a point; an arc's seven count three and a half), plus
    /// what nanosvg makes of the basic shapes: a circle or ellipse is 4 cubic curves (13 points),
    /// a rect up to 4 arcs and 4 lines (17), a line 2. A `stroke-dasharray` other than `none`,
    /// as an attribute or in a style, anywhere, makes the file dashed.
    static func complexityProblem(_ bytes: [UInt8]) -> String? {
        let measure = complexity(bytes)
        if measure.dashed, measure.points > maxDashedPoints {
            return "cannot decode: SVG too complex (\(measure.points) path points with dashed strokes, at most \(maxDashedPoints))"
        }
        if measure.points > maxPoints {
            return "cannot decode: SVG too complex (\(measure.points) path points, at most \(maxPoints))"
        }
        return nil
    }

    static func complexity(_ bytes: [UInt8]) -> (points: Int, dashed: Bool) {
        func matches(_ word: String, at i: Int) -> Bool {
            let utf8 = word.utf8
            guard i >= 0, i + utf8.count <= bytes.count else { return false }
            return zip(bytes[i..<(i + utf8.count)], utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
        var numbers = 0, shapes = 0, dashed = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "<") {
                for (name, points) in [("circle", 13), ("ellipse", 13), ("rect", 17), ("line", 2)]
                where matches(name, at: i + 1) {
                    let next = i + 1 + name.utf8.count
                    if next < bytes.count, isSpace(bytes[next]) || bytes[next] == UInt8(ascii: "/") { shapes += points }
                }
            } else if isSpace(byte), matches("d=", at: i + 1) || matches("points=", at: i + 1) {
                // The attribute's value, between its quotes: count where each number starts.
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "'") { j += 1 }
                guard j < bytes.count else { break }
                let quote = bytes[j]
                j += 1
                var inNumber = false, seenDot = false
                while j < bytes.count, bytes[j] != quote {
                    let b = bytes[j]
                    if isDigit(b) {
                        if !inNumber { numbers += 1; inNumber = true; seenDot = false }
                    } else if b == UInt8(ascii: ".") {
                        // "0.5.5" is two numbers.
                        if !inNumber || seenDot { numbers += 1; inNumber = true }
                        seenDot = true
                    } else if (b == UInt8(ascii: "e") || b == UInt8(ascii: "E")) && inNumber {
                        // An exponent: its sign and digits belong to the number.
                        j += 1
                        if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
                        while j < bytes.count, isDigit(bytes[j]) { j += 1 }
                        inNumber = false
                        continue
                    } else {
                        inNumber = false
                    }
                    j += 1
                }
                i = j
            } else if byte == UInt8(ascii: "s") || byte == UInt8(ascii: "S"), matches("stroke-dasharray", at: i) {
                var j = i + "stroke-dasharray".utf8.count
                while j < bytes.count, isSpace(bytes[j]) || bytes[j] == UInt8(ascii: "=") || bytes[j] == UInt8(ascii: ":")
                    || bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") { j += 1 }
                if !matches("none", at: j) { dashed = true }
                i = j
                continue
            }
            i += 1
        }
        return (numbers / 2 + shapes, dashed)
    }

    /// The root `<svg>` element's width and height attributes (leading numbers, any unit), else
    /// its viewBox's; nil when neither is there (nanosvg then measures the drawing). Searched by
    /// Unicode scalar, so that "\nwidth=" is found after a CR too (CR LF is one Character).
    static func declaredSize(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        // The whole file (held to the file size limit before it is read): a long comment or
        // DOCTYPE may put the root element anywhere.
        let text = String(decoding: bytes, as: UTF8.self)
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
