import Testing
import SwivelCore
@testable import SwivelPhotoCore

/// Tone mapping checked against the operator written out here a second time, from the standards'
/// own formulas and constants (not from ToneMapping's code): SMPTE ST 2084's EOTF, ITU-R BT.2100's
/// HLG, Report ITU-R BT.2390's EETF with BT.2408's 203 cd/m² as the target's peak, and sRGB's
/// curve (IEC 61966-2-1). Synthetic 16-bit signals of known luminance go through the same tables
/// the decoders use, and land within a level of the closed form.
@Suite struct ToneMappingTests {
    // MARK: The closed form

    /// ST 2084, equations 4.1 and 5.2: m1 = 2610/4096 × 1/4, m2 = 2523/4096 × 128,
    /// c1 = 3424/4096 = c3 − c2 + 1, c2 = 2413/4096 × 32, c3 = 2392/4096 × 32.
    static let m1 = 0.1593017578125, m2 = 78.84375
    static let c1 = 0.8359375, c2 = 18.8515625, c3 = 18.6875

    /// EOTF: N' (0…1) → cd/m².
    static func eotf(_ n: Double) -> Double {
        let np = pow(n, 1 / m2)
        return 10000 * pow(max(np - c1, 0) / (c2 - c3 * np), 1 / m1)
    }

    /// Inverse EOTF: cd/m² → N'.
    static func inverseEOTF(_ luminance: Double) -> Double {
        let y = pow(luminance / 10000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    /// BT.2100 Table 5, HLG: a, b = 1 − 4a, c = 0.5 − a·ln(4a); inverse OETF to scene light 0…1.
    static func hlgInverseOETF(_ e: Double) -> Double {
        let a = 0.17883277, b = 0.28466892, c = 0.55991073
        return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
    }

    /// BT.2390 section 5.4.1 with LB = Lmin = 0 (so b = minLum = 0), LW = `peak`, Lmax = 203:
    /// E1 = PQ(L)/PQ(LW), KS = 1.5·maxLum − 0.5, the Hermite spline P above KS, back through the EOTF.
    static func eetf(_ luminance: Double, peak: Double) -> Double {
        let lw = inverseEOTF(peak)
        let e1 = inverseEOTF(min(luminance, peak)) / lw
        let maxLum = inverseEOTF(203) / lw
        let ks = 1.5 * maxLum - 0.5
        var e2 = e1
        if e1 >= ks {
            let t = (e1 - ks) / (1 - ks)
            e2 = (2 * pow(t, 3) - 3 * pow(t, 2) + 1) * ks + (pow(t, 3) - 2 * pow(t, 2) + t) * (1 - ks)
                + (-2 * pow(t, 3) + 3 * pow(t, 2)) * maxLum
        }
        return eotf(e2 * lw)
    }

    /// IEC 61966-2-1's encoding of linear 0…1, to 8 bits.
    static func sRGB8(_ linear: Double) -> Int {
        let v = min(max(linear, 0), 1)
        let encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        return Int((encoded * 255).rounded())
    }

    /// A grey of `luminance` cd/m² as the closed form shows it.
    static func expectedGrey(_ luminance: Double, peak: Double) -> Int {
        sRGB8(eetf(luminance, peak: peak) / 203)
    }

    /// The closed form itself agrees with published values: PQ 0.724769816665726 is 779.98836 cd/m²
    /// (colour-science's `eotf_BT2100_PQ` example), and BT.2408's reference white 203 cd/m² is
    /// 58 % PQ and 75 % HLG (on the 1000 cd/m² display: 1000 · E^1.2).
    @Test func theClosedFormMatchesPublishedValues() {
        #expect(abs(Self.eotf(0.724769816665726) - 779.9883608) < 1e-4)
        #expect(abs(Self.inverseEOTF(203) - 0.58) < 0.005)
        #expect(abs(1000 * pow(Self.hlgInverseOETF(0.75), 1.2) - 203) < 1.5)
        // And the EETF does what BT.2390 says: unchanged below the knee, the peak to 203.
        #expect(abs(Self.eetf(10, peak: 1000) - 10) < 1e-9)
        #expect(abs(Self.eetf(1000, peak: 1000) - 203) < 1e-6)
    }

    // MARK: The tables against it

    static let luminances: [Double] = [0, 0.1, 1, 10, 100, 203, 1000, 4000, 10000]

    /// One row of 16-bit greys, each the PQ code of a luminance (rounded to 16 bits).
    static func pqGreys(_ luminances: [Double], channels: Int = 3) -> [UInt16] {
        luminances.flatMap { luminance in
            let code = UInt16((inverseEOTF(luminance) * 65535).rounded())
            return Array(repeating: code, count: 3) + (channels == 4 ? [65535] : [])
        }
    }

    func map(_ mapping: ToneMapping, _ samples: [UInt16], channels: Int = 3, maximum: Int = 65535) -> [UInt8] {
        let width = samples.count / channels
        return samples.withUnsafeBufferPointer {
            mapping.sRGBPixels($0.baseAddress!, width: width, height: 1, rowLength: samples.count,
                               channels: channels, maximum: maximum)
        }
    }

    /// The known luminances from black to PQ's 10,000 cd/m², for the default source peak (1000)
    /// and for files that state 4000 and 10,000: within one level of the closed form (the
    /// tables' steps and Float arithmetic), every channel alike.
    @Test(arguments: [nil, 4000.0, 10000.0])
    func pqGreysLandOnTheClosedForm(_ statedPeak: Double?) {
        let mapping = ToneMapping(transfer: .pq, primaries: .bt2020, sourcePeak: statedPeak)
        let peak = statedPeak ?? 1000
        #expect(mapping.sourcePeak == peak)
        let shown = map(mapping, Self.pqGreys(Self.luminances))
        for (i, luminance) in Self.luminances.enumerated() {
            let want = Self.expectedGrey(luminance, peak: peak)
            let got = shown[(i * 3)..<(i * 3 + 3)].map(Int.init)
            #expect(got.allSatisfy { abs($0 - want) <= 1 }, "\(luminance) cd/m², peak \(peak): \(got), closed form \(want)")
        }
    }

    /// What the operator does, in numbers (peak 1000): light up to the knee (about 90 cd/m²) is
    /// shown as is, relative to 203; reference white is rolled off to about 90 % of its light;
    /// the peak and anything brighter are white.
    @Test func pqGreysKeepTheirOrderAndTheirShape() {
        let shown = map(ToneMapping(transfer: .pq, primaries: .bt2020), Self.pqGreys(Self.luminances))
        let greys = stride(from: 0, to: shown.count, by: 3).map { Int(shown[$0]) }
        #expect(greys == greys.sorted(), "\(greys)")
        #expect(greys[0] == 0 && greys[6...].allSatisfy { $0 == 255 }, "\(greys)")
        #expect(greys[3] == Self.sRGB8(10.0 / 203), "10 cd/m² is below the knee: \(greys[3])")
        #expect((220...240).contains(greys[5]), "reference white: \(greys[5])")
    }

    /// Lower bit depths (a 10-bit file's 0…1023, an 8-bit one's 0…255) are scaled by their maximum.
    @Test func otherMaximaAreScaled() {
        let mapping = ToneMapping(transfer: .pq, primaries: .bt2020)
        for luminance in [1.0, 100, 203] {
            let code10 = (Self.inverseEOTF(luminance) * 1023).rounded()
            let want = Self.expectedGrey(Self.eotf(code10 / 1023), peak: 1000)
            let got = map(mapping, [UInt16(code10), UInt16(code10), UInt16(code10)], maximum: 1023)
            #expect(got.allSatisfy { abs(Int($0) - want) <= 1 }, "\(luminance): \(got) vs \(want)")
            let code8 = (Self.inverseEOTF(luminance) * 255).rounded()
            let want8 = Self.expectedGrey(Self.eotf(code8 / 255), peak: 1000)
            let bytes: [UInt8] = [UInt8(code8), UInt8(code8), UInt8(code8)]
            let got8 = bytes.withUnsafeBufferPointer {
                mapping.sRGBPixels($0.baseAddress!, width: 1, height: 1, rowLength: 3, channels: 3)
            }
            #expect(got8.allSatisfy { abs(Int($0) - want8) <= 1 }, "\(luminance): \(got8) vs \(want8)")
        }
    }

    /// HLG greys: scene light E through BT.2100's OOTF on the 1000 cd/m² display (1000 · E^1.2,
    /// a grey's Ys being E), then the same EETF from 1000 cd/m².
    @Test func hlgGreysLandOnTheClosedForm() {
        let signals = [0, 0.1, 0.25, 0.5, 0.6, 0.75, 0.9, 1]
        let samples = signals.flatMap { Array(repeating: UInt16(($0 * 65535).rounded()), count: 3) }
        let shown = map(ToneMapping(transfer: .hlg, primaries: .bt2020), samples)
        for (i, signal) in signals.enumerated() {
            let display = 1000 * pow(Self.hlgInverseOETF(signal), 1.2)
            let want = Self.expectedGrey(display, peak: 1000)
            let got = shown[(i * 3)..<(i * 3 + 3)].map(Int.init)
            #expect(got.allSatisfy { abs($0 - want) <= 1 }, "HLG \(signal): \(got), closed form \(want)")
        }
    }

    /// A colour: sRGB's red at 100 cd/m², written in BT.2020 with BT.2087's matrix, comes back as
    /// pure red. maxRGB: its largest component (0.6274 · 100 cd/m²) sets the factor, so the red is
    /// 100 · EETF(62.74)/62.74 cd/m².
    @Test func bt2020IsConvertedToSRGBPrimariesAfterTheCurve() {
        let bt2087 = [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]]
        let linear = bt2087.map { $0[0] * 100 }   // cd/m² of R, G, B in BT.2020
        let samples = linear.map { UInt16((Self.inverseEOTF($0) * 65535).rounded()) }
        let shown = map(ToneMapping(transfer: .pq, primaries: .bt2020), samples).map(Int.init)
        let brightest = linear.max()!
        let red = Self.sRGB8(100 * Self.eetf(brightest, peak: 1000) / brightest / 203)
        #expect(abs(shown[0] - red) <= 1 && shown[1] <= 1 && shown[2] <= 1, "\(shown), want [\(red), 0, 0]")
        // The same light tagged BT.709 would not be converted: green and blue would show.
        let unconverted = map(ToneMapping(transfer: .pq, primaries: .bt709), samples).map(Int.init)
        #expect(unconverted[1] > 40, "\(unconverted)")
    }

    /// Alpha is scaled to 8 bits and not tone-mapped.
    @Test func alphaIsKept() {
        var samples = Self.pqGreys([100, 100], channels: 4)
        samples[3] = 32768
        samples[7] = 0
        let shown = map(ToneMapping(transfer: .pq, primaries: .bt2020), samples, channels: 4)
        #expect(shown[3] == 128 && shown[7] == 0)
        #expect(shown[0] == shown[4])
    }

    /// H.273 code points: transfer 16 and 18 only; primaries from Table 2, unspecified as BT.2020.
    @Test func cicpCodePoints() {
        #expect(ToneMapping(cicpPrimaries: 9, transferCharacteristics: 13) == nil)
        #expect(ToneMapping(cicpPrimaries: 1, transferCharacteristics: 1) == nil)
        #expect(ToneMapping(cicpPrimaries: 9, transferCharacteristics: 16)?.transfer == .pq)
        #expect(ToneMapping(cicpPrimaries: 9, transferCharacteristics: 18)?.transfer == .hlg)
        #expect(ToneMapping(cicpPrimaries: 2, transferCharacteristics: 16)?.primaries == .bt2020)
        #expect(ToneMapping(cicpPrimaries: 12, transferCharacteristics: 16)?.primaries == .displayP3)
        #expect(ToneMapping(cicpPrimaries: 1, transferCharacteristics: 18)?.primaries == .bt709)
        // A stated peak: PQ only, and only a plausible one.
        #expect(ToneMapping(transfer: .hlg, primaries: .bt2020, sourcePeak: 4000).sourcePeak == 1000)
        #expect(ToneMapping(transfer: .pq, primaries: .bt2020, sourcePeak: 0).sourcePeak == 1000)
        #expect(ToneMapping(transfer: .pq, primaries: .bt2020, sourcePeak: .nan).sourcePeak == 1000)
        #expect(ToneMapping(transfer: .pq, primaries: .bt2020, sourcePeak: 50_000).sourcePeak == 10000)
    }

    /// BT.2020 to sRGB is BT.2087's matrix inverted; DCI-P3's white is adapted to D65.
    @Test func primaryConversionMatrices() throws {
        let toSRGB = try #require(ToneMapping(transfer: .pq, primaries: .bt2020).toSRGB)
        // BT.2087 Annex: sRGB = M⁻¹ · BT.2020, where M maps BT.709 to BT.2020; M · M⁻¹ is the identity.
        let bt2087 = ColourMatrix(rows: [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]])
        let product = toSRGB.times(bt2087)
        for i in 0..<3 { for j in 0..<3 { #expect(abs(product.rows[i][j] - (i == j ? 1 : 0)) < 2e-3, "\(product)") } }
        // White stays white, whatever the source white: (1, 1, 1) → (1, 1, 1).
        let dci = try #require(ToneMapping.Primaries(cicp: 11))
        let white = try #require(ToneMapping(transfer: .pq, primaries: dci).toSRGB).apply([1, 1, 1])
        #expect(white.allSatisfy { abs($0 - 1) < 1e-3 }, "\(white)")
        #expect(ToneMapping(transfer: .pq, primaries: .bt709).toSRGB == nil)
    }
}
