import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore

/// PQ and HLG photos, written by Debian's own encoders (avifenc, heif-enc, cjxl) from 16-bit PNGs
/// whose stripes are signals of known luminance, and libjxl's own test file pq_gradient.jxl: each
/// stripe on the card lands within the stated tolerance of the tone mapping's closed form,
/// written here from the standards (SMPTE ST 2084, ITU-R BT.2100, BT.2390's EETF to BT.2408's
/// 203 cd/m², IEC 61966-2-1) and not taken from the code under test.
@Suite(.serialized) struct HDRTests {
    // MARK: The closed form (as in ToneMappingTests, which checks it against published values)

    enum ClosedForm {
        static let m1 = 0.1593017578125, m2 = 78.84375, c1 = 0.8359375, c2 = 18.8515625, c3 = 18.6875

        static func eotf(_ n: Double) -> Double {
            let np = pow(n, 1 / m2)
            return 10000 * pow(max(np - c1, 0) / (c2 - c3 * np), 1 / m1)
        }

        static func inverseEOTF(_ luminance: Double) -> Double {
            let y = pow(luminance / 10000, m1)
            return pow((c1 + c2 * y) / (1 + c3 * y), m2)
        }

        static func hlgInverseOETF(_ e: Double) -> Double {
            let a = 0.17883277, b = 0.28466892, c = 0.55991073
            return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
        }

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

        static func sRGB8(_ linear: Double) -> Int {
            let v = min(max(linear, 0), 1)
            return Int(((v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055) * 255).rounded())
        }

        /// A grey of `luminance` cd/m² (display light) on an sRGB screen.
        static func grey(_ luminance: Double, peak: Double) -> Int { sRGB8(eetf(luminance, peak: peak) / 203) }

        /// sRGB's red at `luminance` cd/m², written in BT.2020 (BT.2087's matrix: 0.6274, 0.0691, 0.0164),
        /// shown: maxRGB scales it by EETF(0.6274·L)/(0.6274·L), so it comes back pure red.
        static let redInBT2020 = [0.6274, 0.0691, 0.0164]
        static func red(_ luminance: Double, peak: Double) -> [Int] {
            let brightest = 0.6274 * luminance
            return [sRGB8(luminance * eetf(brightest, peak: peak) / brightest / 203), 0, 0]
        }
    }

    // MARK: Files

    static let luminances: [Double] = [0, 0.1, 1, 10, 100, 203, 1000, 4000, 10000]
    static let stripe = 16

    /// A 16-bit RGB PNG of 16 × 16 stripes, one per pixel value, with no colour chunks (ImageMagick
    /// would add gAMA and cHRM, which the encoders would take over the code points given them).
    static func writeStripes(_ path: FilePath, _ values: [[UInt16]]) throws {
        let width = values.count * stripe, height = stripe
        var row: [UInt8] = []
        for value in values {
            for _ in 0..<stripe { for sample in value { row += [UInt8(sample >> 8), UInt8(sample & 0xFF)] } }
        }
        let ppm = FilePath(path.text + ".ppm")
        try Data(Array("P6\n\(width) \(height)\n65535\n".utf8) + Array(repeating: row, count: height).flatMap { $0 })
            .write(to: URL(fileURLWithPath: ppm.text))
        try ExternalTools.convert([ppm.text, "-define", "png:exclude-chunks=gAMA,cHRM,sRGB,iCCP,bKGD,tIME,tEXt,zTXt,date",
                                   "PNG48:" + path.text])
    }

    /// PQ stripes: the greys of `luminances`, then sRGB's red at 100 cd/m² in BT.2020.
    static func writePQStripes(_ path: FilePath) throws {
        func code(_ luminance: Double) -> UInt16 { UInt16((ClosedForm.inverseEOTF(luminance) * 65535).rounded()) }
        try writeStripes(path, luminances.map { Array(repeating: code($0), count: 3) }
                            + [ClosedForm.redInBT2020.map { code($0 * 100) }])
    }

    /// The middle pixel of each stripe of a card the file's own size (so nothing is resampled).
    func stripes(_ file: FilePath, count: Int) throws -> [[Int]] {
        let card = try ImageDecoder.decode(file, width: count * Self.stripe, height: Self.stripe)
        return (0..<count).map { Array(card.rgba($0 * Self.stripe + Self.stripe / 2, Self.stripe / 2).prefix(3)) }
    }

    /// Each stripe of `file` (PQ stripes) against the closed form for `peak`, within `tolerance`.
    func checkPQStripes(_ file: FilePath, peak: Double, tolerance: Int) throws {
        let shown = try stripes(file, count: Self.luminances.count + 1)
        for (luminance, got) in zip(Self.luminances, shown) {
            let want = ClosedForm.grey(luminance, peak: peak)
            #expect(got.allSatisfy { abs($0 - want) <= tolerance },
                    "\(file.lastComponentText): \(luminance) cd/m² shown \(got), closed form \(want) (peak \(peak))")
        }
        let want = ClosedForm.red(100, peak: peak)
        #expect(zip(shown.last!, want).allSatisfy { abs($0 - $1) <= tolerance },
                "\(file.lastComponentText): BT.2020 red shown \(shown.last!), closed form \(want)")
    }

    /// avifenc with BT.2020 primaries, PQ and the BT.2020 matrix (9/16/9), 12 bits, 4:4:4,
    /// quantizer 0. libavif 0.11 reads no `clli`, so the peak is the default 1000 cd/m².
    /// Within 2 levels: YUV's rounding at 12 bits, and the tables.
    @Test func pqAVIFLandsOnTheClosedForm() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("pq.png"), avif = folder.path("pq.avif")
        try Self.writePQStripes(png)
        try ExternalTools.run("avifenc", ["-s", "10", "-d", "12", "-y", "444", "--min", "0", "--max", "0",
                                          "--cicp", "9/16/9", png.text, avif.text])
        try checkPQStripes(avif, peak: 1000, tolerance: 2)
    }

    /// heif-enc (lossless, so RGB is coded as is, at 10 bits: 0…1023, which the decoder scales by
    /// the image's own bit depth) with the `colr` nclx and, for the second file, a content light
    /// level (`clli`) of 4000 cd/m² put into its boxes (see `HEIFBoxes`): the second is mapped from
    /// 4000, the first from the default 1000. 10-bit PQ steps are about 1 % of light near
    /// reference white: within 2 levels.
    @Test func pqHEICLandsOnTheClosedForm() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("pq.png"), plain = folder.path("plain.heic")
        try Self.writePQStripes(png)
        try ExternalTools.run("heif-enc", ["-L", "-p", "chroma=444", "-b", "10", "--matrix_coefficients=0",
                                           "--colour_primaries=9", "--transfer_characteristic=16", png.text, "-o", plain.text])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain.text)))
        for peak in [nil, 4000] as [Int?] {
            var properties = [HEIFBoxes.nclx(primaries: 9, transfer: 16, matrix: 0)]
            if let peak { properties.append(HEIFBoxes.contentLightLevel(maximum: peak, average: 100)) }
            let heic = folder.path("pq\(peak ?? 0).heic")
            try Data(try HEIFBoxes.adding(properties, toPrimaryItemOf: bytes)).write(to: URL(fileURLWithPath: heic.text))
            try checkPQStripes(heic, peak: Double(peak ?? 1000), tolerance: 2)
        }
        // heif-enc's own file, whose nclx is only in the HEVC stream, is shown as before: untouched.
        #expect(try stripes(plain, count: Self.luminances.count + 1)[5] == [148, 148, 148])
    }

    /// cjxl, lossless, told the PNG is BT.2100 PQ (its colour_space hint, RGB_D65_202_Rel_PeQ).
    /// cjxl states 10,000 cd/m² as the intensity target unless told another, and the decoder
    /// takes the file's word: the curve differs between the two files. Within 1 level.
    @Test func pqJPEGXLLandsOnTheClosedFormForItsIntensityTarget() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("pq.png")
        try Self.writePQStripes(png)
        for target in [nil, 4000] as [Int?] {
            let jxl = folder.path("pq\(target ?? 0).jxl")
            try ExternalTools.run("cjxl", ["-d", "0", "-x", "color_space=RGB_D65_202_Rel_PeQ"]
                                  + (target.map { ["--intensity_target=\($0)"] } ?? []) + [png.text, jxl.text])
            try checkPQStripes(jxl, peak: Double(target ?? 10000), tolerance: 1)
        }
        // Lossy (VarDCT, XYB inside): libjxl gives the pixels back in the PQ space they were
        // encoded from, and they are tone-mapped the same way, within the losses (6 levels: the
        // saturated red's blue comes back 6, a linear 0.002).
        // cjxl 0.7 leaves the header's default intensity target (255) on lossy files: no stated
        // peak, so the default 1000 cd/m² (honouring 255 would cut everything above 203 cd/m²).
        let lossy = folder.path("lossy.jxl")
        try ExternalTools.run("cjxl", ["-d", "0.5", "-x", "color_space=RGB_D65_202_Rel_PeQ", png.text, lossy.text])
        try checkPQStripes(lossy, peak: 1000, tolerance: 6)
    }

    /// HLG (9/18/9) through avifenc: scene light E of each signal shown on BT.2100's 1000 cd/m²
    /// display (1000 · E^1.2 for a grey), then the same EETF. Within 2 levels.
    @Test func hlgAVIFLandsOnTheClosedForm() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("hlg.png"), avif = folder.path("hlg.avif")
        let signals = [0, 0.1, 0.25, 0.5, 0.6, 0.75, 0.9, 1]
        try Self.writeStripes(png, signals.map { Array(repeating: UInt16(($0 * 65535).rounded()), count: 3) })
        try ExternalTools.run("avifenc", ["-s", "10", "-d", "12", "-y", "444", "--min", "0", "--max", "0",
                                          "--cicp", "9/18/9", png.text, avif.text])
        let shown = try stripes(avif, count: signals.count)
        for (signal, got) in zip(signals, shown) {
            let want = ClosedForm.grey(1000 * pow(ClosedForm.hlgInverseOETF(signal), 1.2), peak: 1000)
            #expect(got.allSatisfy { abs($0 - want) <= 2 }, "HLG \(signal): shown \(got), closed form \(want)")
        }
    }

    /// Without tone mapping the same file was shown flat: the PQ code itself as sRGB (203 cd/m²
    /// is PQ 58 %, 148 of 255, where the closed form shows 229). The test can tell.
    @Test func theStripesAreNotShownAsTheirCode() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("pq.png"), avif = folder.path("pq.avif")
        try Self.writePQStripes(png)
        try ExternalTools.run("avifenc", ["-s", "10", "-d", "12", "-y", "444", "--min", "0", "--max", "0",
                                          "--cicp", "9/16/9", png.text, avif.text])
        let white = try stripes(avif, count: Self.luminances.count + 1)[5]
        let code = Int((ClosedForm.inverseEOTF(203) * 255).rounded())
        #expect(white.allSatisfy { abs($0 - code) > 40 }, "\(white) vs the code \(code)")
    }

    // MARK: PNG with cICP (PNG 3rd edition, 11.3.2.6) and cLLI (11.3.2.8)

    /// `png` with `chunks` put right after its IHDR (in this order), written to `out`.
    static func addingChunks(_ chunks: [PNGChunks.Chunk], to png: FilePath, as out: FilePath) throws {
        var file = PNGChunks([UInt8](try Data(contentsOf: URL(fileURLWithPath: png.text))))
        for chunk in chunks.reversed() { file = file.inserting(chunk) }
        try Data(file.bytes).write(to: URL(fileURLWithPath: out.text))
    }

    /// cLLI (or the drafts' cLLi): MaxCLL and MaxFALL in cd/m², stored in units of 0.0001 cd/m².
    static func contentLightLevel(_ name: String = "cLLI", maximum: Int, average: Int) -> PNGChunks.Chunk {
        .init(name, ImageFiles.be32(maximum * 10000) + ImageFiles.be32(average * 10000))
    }

    /// The PQ stripes' codes scaled to 8 bits, round(v × 255 / 65535), as the PNG path shows a
    /// 16-bit file it does not tone-map (worked out by hand from `writePQStripes`' codes: 0, 4085,
    /// 9827, 19641, 33297, 38055, 49271, 59150, 65535, and the red 30282, 17783, 11577).
    static let pqStripesUntouched: [[Int]] = [0, 16, 38, 76, 130, 148, 192, 230, 255].map { [$0, $0, $0] } + [[118, 69, 45]]

    /// A 16-bit PNG of PQ stripes with cICP 9/16/0/1 (BT.2020, PQ, RGB, full range) after IHDR:
    /// mapped from the default 1000 cd/m², from cLLI's MaxCLL 4000 when there is one (and from the
    /// drafts' cLLi), within 2 levels (the tone curve's tables; no coding loss at all here). Without
    /// cICP, or with a cICP PNG does not allow (matrix 9, YCbCr; 5 bytes long), the file is shown
    /// as before: its codes scaled to 8 bits.
    @Test func pqPNGWithCICPLandsOnTheClosedForm() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("pq.png")
        try Self.writePQStripes(png)
        let pq: PNGChunks.Chunk = .init("cICP", [9, 16, 0, 1])
        let cases: [(name: String, chunks: [PNGChunks.Chunk], peak: Double)] = [
            ("cicp", [pq], 1000),
            ("cicp-clli", [pq, Self.contentLightLevel(maximum: 4000, average: 400)], 4000),
            ("clli-cicp", [Self.contentLightLevel("cLLi", maximum: 4000, average: 400), pq], 4000),
        ]
        for (name, chunks, peak) in cases {
            let file = folder.path(name + ".png")
            try Self.addingChunks(chunks, to: png, as: file)
            try checkPQStripes(file, peak: peak, tolerance: 2)
        }
        let count = Self.luminances.count + 1
        #expect(try stripes(png, count: count) == Self.pqStripesUntouched)
        for (name, chunk) in [("matrix9", PNGChunks.Chunk("cICP", [9, 16, 9, 1])),
                              ("long", PNGChunks.Chunk("cICP", [9, 16, 0, 1, 0]))] {
            let file = folder.path(name + ".png")
            try Self.addingChunks([chunk], to: png, as: file)
            #expect(try stripes(file, count: count) == Self.pqStripesUntouched, "\(name)")
        }
    }

    /// The same stripes coded narrow range (cICP's last byte 0): BT.2100's 16-bit codes
    /// round(56064 · E + 4096), stretched back to full range before the mapping. Within 2 levels.
    @Test func narrowRangePQPNGLandsOnTheClosedForm() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("narrow.png"), file = folder.path("narrow-cicp.png")
        func code(_ luminance: Double) -> UInt16 { UInt16((ClosedForm.inverseEOTF(luminance) * 56064 + 4096).rounded()) }
        try Self.writeStripes(png, Self.luminances.map { Array(repeating: code($0), count: 3) }
                                   + [ClosedForm.redInBT2020.map { code($0 * 100) }])
        try Self.addingChunks([.init("cICP", [9, 16, 0, 0])], to: png, as: file)
        try checkPQStripes(file, peak: 1000, tolerance: 2)
    }

    /// HLG stripes in a 16-bit PNG with cICP 9/18/0/1: as the HLG AVIF, 1000 · E^1.2 then the
    /// EETF. Within 2 levels.
    @Test func hlgPNGWithCICPLandsOnTheClosedForm() throws {
        let folder = TemporaryDirectory()
        let png = folder.path("hlg.png"), file = folder.path("hlg-cicp.png")
        let signals = [0, 0.1, 0.25, 0.5, 0.6, 0.75, 0.9, 1]
        try Self.writeStripes(png, signals.map { Array(repeating: UInt16(($0 * 65535).rounded()), count: 3) })
        try Self.addingChunks([.init("cICP", [9, 18, 0, 1])], to: png, as: file)
        let shown = try stripes(file, count: signals.count)
        for (signal, got) in zip(signals, shown) {
            let want = ClosedForm.grey(1000 * pow(ClosedForm.hlgInverseOETF(signal), 1.2), peak: 1000)
            #expect(got.allSatisfy { abs($0 - want) <= 2 }, "HLG \(signal): shown \(got), closed form \(want)")
        }
    }

    // MARK: libjxl's test file

    static let pqGradient = "/usr/share/libjxl-testdata/jxl/pq_gradient.jxl"

    /// pq_gradient.jxl (libjxl's conformance data): 1088 × 64 grey, 16-bit PQ, intensity target
    /// 10,000 cd/m², 17 steps 64 px wide. Their codes, as djxl 0.7 decodes them (`djxl
    /// pq_gradient.jxl out.pgm`), are the literals below; each step's middle, within 1 level.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: pqGradient),
                   "needs libjxl-testdata (make test-deps installs it)"))
    func libjxlsPQGradientLandsOnTheClosedForm() throws {
        let codes = [6682, 9943, 13203, 16464, 19725, 22985, 26246, 29507, 32768, 36028, 39289, 42550, 45810,
                     49071, 52332, 55592, 58853]
        let card = try ImageDecoder.decode(FilePath(Self.pqGradient), width: 1088, height: 64)
        for (step, code) in codes.enumerated() {
            let want = ClosedForm.grey(ClosedForm.eotf(Double(code) / 65535), peak: 10000)
            let got = Array(card.rgba(step * 64 + 32, 32).prefix(3))
            #expect(got.allSatisfy { abs($0 - want) <= 1 }, "step \(step) (code \(code)): shown \(got), closed form \(want)")
        }
    }
}

/// Properties put into a HEIF file's boxes (ISO/IEC 23008-12 9.3, ISO/IEC 14496-12 8.11.3):
/// heif-enc 1.15 writes a HEIC's nclx only into the HEVC stream (libheif leaves the `colr` box out
/// for old macOS), where libheif 1.15 does not report it; cameras write the `colr` box.
enum HEIFBoxes {
    struct Malformed: Error {}

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(8 + payload.count) + Array(type.utf8) + payload
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }

    /// A `colr` box of type nclx, full range.
    static func nclx(primaries: Int, transfer: Int, matrix: Int) -> [UInt8] {
        box("colr", Array("nclx".utf8) + be16(primaries) + be16(transfer) + be16(matrix) + [0x80])
    }

    /// A `clli` box: MaxCLL and MaxFALL in cd/m².
    static func contentLightLevel(maximum: Int, average: Int) -> [UInt8] {
        box("clli", be16(maximum) + be16(average))
    }

    /// `file` with the `added` properties appended to `ipco` and associated with the primary item in `ipma`,
    /// and the item locations (`iloc`) of data after the meta box moved by the bytes added.
    static func adding(_ added: [[UInt8]], toPrimaryItemOf file: [UInt8]) throws -> [UInt8] {
        func read(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        func write(_ bytes: inout [UInt8], _ at: Int, _ size: Int, _ value: Int) {
            for i in 0..<size { bytes[at + i] = UInt8(value >> (8 * (size - 1 - i)) & 0xFF) }
        }
        /// (type, start, size) of the boxes in `range`.
        func boxes(_ bytes: [UInt8], _ range: Range<Int>) -> [(type: String, start: Int, size: Int)] {
            var found: [(String, Int, Int)] = [], at = range.lowerBound
            while at + 8 <= range.upperBound {
                let size = read(bytes, at, 4)
                guard size >= 8 else { break }
                found.append((String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), at, size))
                at += size
            }
            return found
        }
        guard let meta = boxes(file, 0..<file.count).first(where: { $0.type == "meta" }) else { throw Malformed() }
        var body = Array(file[(meta.start + 12)..<(meta.start + meta.size)])   // after the full box header
        let children = boxes(body, 0..<body.count)
        guard let pitm = children.first(where: { $0.type == "pitm" }),
              let iprp = children.first(where: { $0.type == "iprp" }),
              let iloc = children.first(where: { $0.type == "iloc" }) else { throw Malformed() }
        let primary = body[pitm.start + 8] == 0 ? read(body, pitm.start + 12, 2) : read(body, pitm.start + 12, 4)
        var payload = Array(body[(iprp.start + 8)..<(iprp.start + iprp.size)])
        let inside = boxes(payload, 0..<payload.count)
        guard let ipco = inside.first(where: { $0.type == "ipco" }),
              let ipma = inside.first(where: { $0.type == "ipma" }) else { throw Malformed() }
        let firstIndex = boxes(payload, (ipco.start + 8)..<(ipco.start + ipco.size)).count + 1
        // ipma: add the new indices to the primary item's associations.
        var associations = Array(payload[ipma.start..<(ipma.start + ipma.size)])
        let version = associations[8], wide = associations[11] & 1 == 1
        var at = 16
        for _ in 0..<read(associations, 12, 4) {
            let item = read(associations, at, version == 0 ? 2 : 4)
            at += version == 0 ? 2 : 4
            let count = Int(associations[at])
            if item == primary {
                associations[at] = UInt8(count + added.count)
                let indices = (0..<added.count).map { wide ? be16(firstIndex + $0) : [UInt8(firstIndex + $0)] }
                associations.insert(contentsOf: indices.joined(), at: at + 1 + count * (wide ? 2 : 1))
                break
            }
            at += 1 + count * (wide ? 2 : 1)
        }
        write(&associations, 0, 4, associations.count)
        var collection = Array(payload[ipco.start..<(ipco.start + ipco.size)]) + added.joined()
        write(&collection, 0, 4, collection.count)
        payload = collection + associations
        // iprp: ipco, ipma, in that order (as libheif writes them).
        guard ipco.start == 0, ipma.start == ipco.size else { throw Malformed() }
        let newIPRP = box("iprp", payload)
        let growth = newIPRP.count - iprp.size
        // iloc: file offsets of data stored after the meta box move by `growth`.
        let locVersion = body[iloc.start + 8]
        let offsetSize = Int(body[iloc.start + 12] >> 4), lengthSize = Int(body[iloc.start + 12] & 15)
        let baseSize = Int(body[iloc.start + 13] >> 4), indexSize = locVersion > 0 ? Int(body[iloc.start + 13] & 15) : 0
        var p = iloc.start + 14
        let itemCount = read(body, p, locVersion < 2 ? 2 : 4)
        p += locVersion < 2 ? 2 : 4
        let metaEnd = meta.start + meta.size
        for _ in 0..<itemCount {
            p += locVersion < 2 ? 2 : 4
            var method = 0
            if locVersion > 0 { method = read(body, p, 2) & 15; p += 2 }
            p += 2   // data_reference_index
            let base = read(body, p, baseSize)
            if method == 0, baseSize > 0, base >= metaEnd { write(&body, p, baseSize, base + growth) }
            p += baseSize
            let extents = read(body, p, 2)
            p += 2
            for _ in 0..<extents {
                p += indexSize
                let offset = read(body, p, offsetSize)
                if method == 0, base + offset >= metaEnd, !(baseSize > 0 && base >= metaEnd) {
                    write(&body, p, offsetSize, offset + growth)
                }
                p += offsetSize + lengthSize
            }
        }
        body.replaceSubrange(iprp.start..<(iprp.start + iprp.size), with: newIPRP)
        let newMeta = box("meta", Array(file[(meta.start + 8)..<(meta.start + 12)]) + body)
        return Array(file[..<meta.start]) + newMeta + Array(file[metaEnd...])
    }
}
