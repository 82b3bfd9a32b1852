import SwivelCore

/// High-dynamic-range pixels brought down to sRGB for an SDR screen: PQ (SMPTE ST 2084) and HLG
/// (ARIB STD-B67), both as ITU-R BT.2100 defines them, with any primaries (BT.2020 most often).
///
/// The operator, in order:
/// 1. The signal to display light. PQ is absolute: ST 2084's EOTF gives cd/m². HLG is relative
///    scene light: BT.2100's inverse OETF, then its OOTF for the nominal 1000 cd/m² display
///    (Lw = 1000, Lb = 0, so α = 1000, β = 0, γ = 1.2), on the luminance Ys of the source's primaries.
/// 2. The tone curve: ITU-R BT.2390's EETF (Report BT.2390, section 5.4.1), which maps the
///    source's range 0…`sourcePeak` onto the target display's 0…203 cd/m² in the PQ domain: unchanged
///    below the knee KS = 1.5·maxLum − 0.5, a Hermite spline from there to the top. The target's peak
///    is HDR reference white, 203 cd/m² (ITU-R BT.2408, section 2.2), which is what SDR white shows:
///    diffuse white lands a little below it, highlights are rolled off into the top levels instead of
///    clipped. Both blacks are 0, so the EETF's black lift (its b term) is 0.
///    The curve is applied to the largest of R, G and B (BT.2390's maxRGB variant) and the three are
///    scaled by the same factor: hue and saturation stay as they were.
/// 3. Display light / 203 cd/m² is relative sRGB light; the primaries are converted to sRGB's
///    (BT.709, D65; Bradford adaptation when the source's white is another), out-of-gamut values
///    clipped, and encoded with sRGB's curve (IEC 61966-2-1) to 8 bits.
///
/// `sourcePeak` is what the file says its brightest pixel is (HEIF's content light level `clli`,
/// JPEG XL's intensity target), else `defaultSourcePeak`; PQ light above it is clipped to it. HLG
/// always uses its nominal 1000 cd/m².
///
/// The per-pixel work is tables and multiplications (the signal's values, the tone curve sampled
/// along √light, sRGB's curve), so a 12-megapixel photo costs tens of milliseconds, not seconds of
/// `pow`. Everything is a value: one `ToneMapping` may be used from any number of threads.
public struct ToneMapping: Sendable {
    /// The HDR transfer functions, as ITU-T H.273 numbers them (transfer_characteristics).
    public enum Transfer: Int, Sendable, CaseIterable {
        /// SMPTE ST 2084 (BT.2100 PQ): the signal is display light, 0…10,000 cd/m².
        case pq = 16
        /// ARIB STD-B67 (BT.2100 HLG): the signal is relative scene light.
        case hlg = 18

        /// The transfer function of H.273 code point `cicp`, if it is PQ or HLG.
        public init?(cicp: Int) { self.init(rawValue: cicp) }
    }

    /// A CIE 1931 xy chromaticity.
    public struct Chromaticity: Sendable, Equatable {
        public var x: Double, y: Double
        public init(_ x: Double, _ y: Double) { (self.x, self.y) = (x, y) }
    }

    /// An RGB colour space's primaries and white point.
    public struct Primaries: Sendable, Equatable {
        public var red, green, blue, white: Chromaticity

        public init(red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity) {
            (self.red, self.green, self.blue, self.white) = (red, green, blue, white)
        }

        /// CIE standard illuminant D65's white.
        public static let d65 = Chromaticity(0.3127, 0.3290)
        static let illuminantC = Chromaticity(0.310, 0.316)
        /// ITU-R BT.709 (sRGB's).
        public static let bt709 = Primaries(red: .init(0.640, 0.330), green: .init(0.300, 0.600),
                                            blue: .init(0.150, 0.060), white: d65)
        /// ITU-R BT.2020 (BT.2100's).
        public static let bt2020 = Primaries(red: .init(0.708, 0.292), green: .init(0.170, 0.797),
                                             blue: .init(0.131, 0.046), white: d65)
        /// SMPTE EG 432-1 (Display P3: P3's primaries, D65).
        public static let displayP3 = Primaries(red: .init(0.680, 0.320), green: .init(0.265, 0.690),
                                                blue: .init(0.150, 0.060), white: d65)

        /// The primaries of ITU-T H.273 code point `cicp` (colour_primaries, Table 2), or nil for
        /// unspecified (2), reserved ones and XYZ (10, whose red has y = 0).
        public init?(cicp: Int) {
            switch cicp {
            case 1: self = .bt709
            case 4: self.init(red: .init(0.67, 0.33), green: .init(0.21, 0.71), blue: .init(0.14, 0.08),
                              white: Self.illuminantC)   // BT.470 System M
            case 5: self.init(red: .init(0.64, 0.33), green: .init(0.29, 0.60), blue: .init(0.15, 0.06),
                              white: Self.d65)   // BT.470 System B, G; BT.601 625
            case 6, 7: self.init(red: .init(0.630, 0.340), green: .init(0.310, 0.595), blue: .init(0.155, 0.070),
                                 white: Self.d65)   // BT.601 525, SMPTE 170M, SMPTE 240M
            case 8: self.init(red: .init(0.681, 0.319), green: .init(0.243, 0.692), blue: .init(0.145, 0.049),
                              white: Self.illuminantC)   // generic film
            case 9: self = .bt2020
            case 11: self.init(red: .init(0.680, 0.320), green: .init(0.265, 0.690), blue: .init(0.150, 0.060),
                               white: .init(0.314, 0.351))   // SMPTE RP 431-2 (DCI-P3)
            case 12: self = .displayP3
            case 22: self.init(red: .init(0.630, 0.340), green: .init(0.295, 0.605), blue: .init(0.155, 0.077),
                               white: Self.d65)   // EBU Tech. 3213-E
            default: return nil
            }
        }

        /// The matrix from linear RGB in these primaries to CIE XYZ (Y = 1 for white), rows X, Y, Z;
        /// nil when the primaries make no colour space (a y of 0, primaries on a line).
        var toXYZ: ColourMatrix? {
            func xyz(_ c: Chromaticity) -> [Double]? {
                guard c.y > 0, c.x.isFinite, c.y.isFinite else { return nil }
                return [c.x / c.y, 1, (1 - c.x - c.y) / c.y]
            }
            guard let r = xyz(red), let g = xyz(green), let b = xyz(blue), let w = xyz(white) else { return nil }
            let columns = ColourMatrix(rows: [[r[0], g[0], b[0]], [r[1], g[1], b[1]], [r[2], g[2], b[2]]])
            guard let inverse = columns.inverse else { return nil }
            let scale = inverse.apply(w)
            return ColourMatrix(rows: (0..<3).map { row in (0..<3).map { columns.rows[row][$0] * scale[$0] } })
        }
    }

    /// HDR reference white (ITU-R BT.2408): the luminance SDR white stands for, and the target's peak.
    public static let referenceWhite = 203.0
    /// The source peak when the file states none: the usual peak of PQ mastering displays and HLG's
    /// nominal display (BT.2100, note 5e; BT.2408).
    public static let defaultSourcePeak = 1000.0

    public let transfer: Transfer
    public let primaries: Primaries
    /// The brightest light the source holds, cd/m² (1…10,000).
    public let sourcePeak: Double

    /// `sourcePeak` is the file's statement of its brightest light in cd/m², if it makes one (PQ
    /// only; ignored for HLG). Primaries that make no colour space are taken as BT.2020.
    public init(transfer: Transfer, primaries: Primaries, sourcePeak: Double? = nil) {
        self.transfer = transfer
        self.primaries = primaries.toXYZ == nil ? .bt2020 : primaries
        if transfer == .pq, let sourcePeak, sourcePeak.isFinite, sourcePeak >= 1 {
            self.sourcePeak = min(sourcePeak, 10_000)
        } else {
            self.sourcePeak = Self.defaultSourcePeak
        }
    }

    /// For signals described by H.273 code points (AVIF's and HEIF's nclx, PNG's cICP): nil unless
    /// `transferCharacteristics` is PQ (16) or HLG (18). Unspecified or unknown primaries are
    /// taken as BT.2020, the primaries BT.2100 defines PQ and HLG with.
    public init?(cicpPrimaries: Int, transferCharacteristics: Int, sourcePeak: Double? = nil) {
        guard let transfer = Transfer(cicp: transferCharacteristics) else { return nil }
        self.init(transfer: transfer, primaries: Primaries(cicp: cicpPrimaries) ?? .bt2020, sourcePeak: sourcePeak)
    }

    // MARK: The operator, one value at a time (double precision; the tables are made from these)

    /// ST 2084's constants.
    static let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
    static let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32

    /// ST 2084's EOTF: PQ signal 0…1 to cd/m².
    static func pqLuminance(_ signal: Double) -> Double {
        let p = pow(min(max(signal, 0), 1), 1 / m2)
        return 10_000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// ST 2084's inverse EOTF: cd/m² to PQ signal 0…1.
    public static func pqSignal(_ luminance: Double) -> Double {
        let y = pow(min(max(luminance / 10_000, 0), 1), m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    /// BT.2100's HLG constants.
    static let hlgA = 0.17883277, hlgB = 1 - 4 * hlgA, hlgC = 0.5 - hlgA * log(4 * hlgA)

    /// BT.2100's HLG inverse OETF: signal 0…1 to relative scene light 0…1.
    static func hlgSceneLight(_ signal: Double) -> Double {
        let e = min(max(signal, 0), 1)
        return e <= 0.5 ? e * e / 3 : (exp((e - hlgC) / hlgA) + hlgB) / 12
    }

    /// HLG's OOTF system gamma for its nominal 1000 cd/m² display (BT.2100: 1.2 + 0.42 log10(Lw / 1000)).
    static let hlgGamma = 1.2

    /// BT.2390's EETF on luminance: `luminance` (cd/m², 0…`sourcePeak`, clipped to it) to the
    /// target display's 0…203 cd/m².
    func eetf(_ luminance: Double) -> Double {
        let sourceTop = Self.pqSignal(sourcePeak)
        let e1 = Self.pqSignal(min(luminance, sourcePeak)) / sourceTop
        let maxLum = Self.pqSignal(Self.referenceWhite) / sourceTop
        let ks = 1.5 * maxLum - 0.5
        guard ks < 1 else { return min(luminance, Self.referenceWhite) }   // the source fits: unchanged
        var e2 = e1
        if e1 >= ks {
            let t = (e1 - ks) / (1 - ks), t2 = t * t, t3 = t2 * t
            e2 = (2 * t3 - 3 * t2 + 1) * ks + (t3 - 2 * t2 + t) * (1 - ks) + (-2 * t3 + 3 * t2) * maxLum
        }
        return Self.pqLuminance(e2 * sourceTop)
    }

    /// The display light (cd/m²) the HDR signal `rgb` (0…1 each) stands for, in the source's primaries.
    func displayLight(_ rgb: [Double]) -> [Double] {
        switch transfer {
        case .pq:
            return rgb.map(Self.pqLuminance)
        case .hlg:
            let scene = rgb.map(Self.hlgSceneLight)
            let luminance = zip(luminanceWeights, scene).reduce(0) { $0 + $1.0 * $1.1 }
            let gain = luminance > 0 ? Self.defaultSourcePeak * pow(luminance, Self.hlgGamma - 1) : 0
            return scene.map { $0 * gain }
        }
    }

    /// The weights of R, G and B in luminance (the Y row of the source's RGB to XYZ matrix).
    var luminanceWeights: [Double] { primaries.toXYZ?.rows[1] ?? [0.2627, 0.6780, 0.0593] }

    /// The matrix from linear RGB in the source's primaries to linear sRGB; nil when they are sRGB's.
    var toSRGB: ColourMatrix? {
        guard primaries != .bt709, let source = primaries.toXYZ,
              let sRGB = Primaries.bt709.toXYZ?.inverse else { return nil }
        return sRGB.times(ColourMatrix.bradford(from: primaries.white, to: Primaries.bt709.white)).times(source)
    }

    // MARK: Whole images

    /// `samples` (each 0…`maximum`, `channels` of them a pixel: 3 for RGB, 4 for RGBA with
    /// straight alpha; rows `rowLength` samples apart) tone-mapped to 8-bit sRGB with as many
    /// channels, alpha scaled to 0…255.
    public func sRGBPixels(_ samples: UnsafePointer<UInt16>, width: Int, height: Int, rowLength: Int,
                           channels: Int, maximum: Int) -> [UInt8] {
        convert(samples, width: width, height: height, rowLength: rowLength, channels: channels, maximum: maximum)
    }

    /// The same for 8-bit samples (an 8-bit PQ or HLG file: rare, and banded, but it exists).
    public func sRGBPixels(_ samples: UnsafePointer<UInt8>, width: Int, height: Int, rowLength: Int,
                           channels: Int, maximum: Int = 255) -> [UInt8] {
        convert(samples, width: width, height: height, rowLength: rowLength, channels: channels, maximum: maximum)
    }

    /// How finely the tone curve is sampled along √(light / peak); linear interpolation between.
    static let curveSteps = 4096

    private func convert<Sample: FixedWidthInteger & UnsignedInteger>(
        _ samples: UnsafePointer<Sample>, width: Int, height: Int, rowLength: Int, channels: Int, maximum: Int
    ) -> [UInt8] {
        precondition(channels == 3 || channels == 4, "RGB or RGBA")
        precondition(maximum > 0 && maximum <= Int(Sample.max) && rowLength >= width * channels)
        // The signal's values: PQ's display light, HLG's scene light, relative to `top`.
        let top = transfer == .pq ? sourcePeak : Self.defaultSourcePeak
        let signal: [Float] = (0...maximum).map { code in
            let value = Double(code) / Double(maximum)
            return Float(transfer == .pq ? Self.pqLuminance(value) / top : Self.hlgSceneLight(value))
        }
        // The tone curve along u = √(light / top), u = 0…1: the light shown, relative to SDR white.
        let curve: [Float] = (0...Self.curveSteps).map { step in
            let u = Double(step) / Double(Self.curveSteps)
            return Float(eetf(u * u * top) / Self.referenceWhite)
        }
        let weights = luminanceWeights.map(Float.init)
        let matrix = toSRGB.map { $0.rows.flatMap { $0.map(Float.init) } }
        let alphaScale = 255 / Float(maximum)
        let steps = Float(Self.curveSteps)
        let encode = Self.sRGBEncoding, hlgGain = transfer == .hlg ? Self.hlgGain : []
        let count = width * height * channels
        return [UInt8](unsafeUninitializedCapacity: count) { output, filled in
            signal.withUnsafeBufferPointer { signal in
            curve.withUnsafeBufferPointer { curve in
            encode.withUnsafeBufferPointer { encode in
            hlgGain.withUnsafeBufferPointer { hlgGain in
                var out = 0
                for y in 0..<height {
                    var pixel = samples + y * rowLength
                    for _ in 0..<width {
                        var r = signal[Int(pixel[0])], g = signal[Int(pixel[1])], b = signal[Int(pixel[2])]
                        if transfer == .hlg {
                            // The OOTF: Ys^(γ−1), from a table of Ys in steps of 1/65535.
                            let ys = min(max(weights[0] * r + weights[1] * g + weights[2] * b, 0), 1)
                            let gain = hlgGain[Int(ys * 65535 + 0.5)]
                            r *= gain; g *= gain; b *= gain
                        }
                        let brightest = max(r, g, b)
                        if brightest > 0 {
                            let position = min(brightest, 1).squareRoot() * steps
                            let step = min(Int(position), Self.curveSteps - 1)
                            let fraction = position - Float(step)
                            let shown = curve[step] + (curve[step + 1] - curve[step]) * fraction
                            let scale = shown / brightest
                            r *= scale; g *= scale; b *= scale
                        } else {
                            r = 0; g = 0; b = 0
                        }
                        if let m = matrix {
                            (r, g, b) = (m[0] * r + m[1] * g + m[2] * b,
                                         m[3] * r + m[4] * g + m[5] * b,
                                         m[6] * r + m[7] * g + m[8] * b)
                        }
                        output[out] = encode[Int(min(max(r, 0), 1) * 65535 + 0.5)]
                        output[out + 1] = encode[Int(min(max(g, 0), 1) * 65535 + 0.5)]
                        output[out + 2] = encode[Int(min(max(b, 0), 1) * 65535 + 0.5)]
                        if channels == 4 {
                            output[out + 3] = UInt8(min(Float(pixel[3]) * alphaScale + 0.5, 255))
                        }
                        out += channels
                        pixel += channels
                    }
                }
            }
            }
            }
            }
            filled = count
        }
    }

    /// sRGB's encoding (IEC 61966-2-1) of linear light 0…1 in steps of 1/65535, to 8 bits.
    static let sRGBEncoding: [UInt8] = (0...65535).map { step in
        let linear = Double(step) / 65535
        let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }

    /// HLG's OOTF gain Ys^(γ−1) for Ys in steps of 1/65535.
    static let hlgGain: [Float] = (0...65535).map { Float(pow(Double($0) / 65535, hlgGamma - 1)) }
}

/// A 3 × 3 matrix, for colour space conversions.
struct ColourMatrix: Equatable {
    var rows: [[Double]]

    static let identity = ColourMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    func apply(_ v: [Double]) -> [Double] {
        rows.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] }
    }

    func times(_ other: ColourMatrix) -> ColourMatrix {
        ColourMatrix(rows: rows.map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + row[$1] * other.rows[$1][column] } } })
    }

    var inverse: ColourMatrix? {
        let m = rows
        let cofactors: [[Double]] = (0..<3).map { i in
            (0..<3).map { j in
                let r = [0, 1, 2].filter { $0 != i }, c = [0, 1, 2].filter { $0 != j }
                let minor = m[r[0]][c[0]] * m[r[1]][c[1]] - m[r[0]][c[1]] * m[r[1]][c[0]]
                return (i + j) % 2 == 0 ? minor : -minor
            }
        }
        let determinant = (0..<3).reduce(0) { $0 + m[0][$1] * cofactors[0][$1] }
        guard abs(determinant) > 1e-12 else { return nil }
        return ColourMatrix(rows: (0..<3).map { i in (0..<3).map { j in cofactors[j][i] / determinant } })
    }

    /// The Bradford chromatic adaptation (as in ICC.1 Annex E) of XYZ from white `source` to white
    /// `target`; the identity when they are the same.
    static func bradford(from source: ToneMapping.Chromaticity, to target: ToneMapping.Chromaticity) -> ColourMatrix {
        guard abs(source.x - target.x) > 1e-6 || abs(source.y - target.y) > 1e-6, source.y > 0, target.y > 0 else {
            return .identity
        }
        let cone = ColourMatrix(rows: [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
        guard let back = cone.inverse else { return .identity }
        func xyz(_ c: ToneMapping.Chromaticity) -> [Double] { [c.x / c.y, 1, (1 - c.x - c.y) / c.y] }
        let s = cone.apply(xyz(source)), t = cone.apply(xyz(target))
        let scale = ColourMatrix(rows: [[t[0] / s[0], 0, 0], [0, t[1] / s[1], 0], [0, 0, t[2] / s[2]]])
        return back.times(scale).times(cone)
    }
}
