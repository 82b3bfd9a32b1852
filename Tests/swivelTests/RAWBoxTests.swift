import Foundation
import SwivelCore
import SwivelPhotoCore
@testable import SwivelPhotos
import SwivelTestSupport
import Testing

/// Camera RAW in the decoder box: LibRaw parses, unpacks and demosaics under the worker's seccomp
/// filter and Landlock (a call the filter refuses would end the worker: "the decoder was stopped:
/// it tried a forbidden system call (NAME)"), and damaged RAWs cost one line each.
@Suite(.serialized) struct RAWBoxTests {
    static let tools = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PhotoTools")
    static let wallpaper = "/usr/share/wallpapers/Autumn/contents/images/640x480.jpg"
    static let python: String = {
        let venv = tools.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/test-venv/bin/python3")
        return FileManager.default.isExecutableFile(atPath: venv.path) ? venv.path : "python3"
    }()
    static let skipReason: String? = {
        if !FileManager.default.fileExists(atPath: wallpaper) { return "needs Debian's plasma-workspace-wallpapers" }
        let numpy = try? SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"), [python, "-c", "import numpy"])
        if numpy?.status != 0 { return "needs numpy from PyPI (make test-deps installs it into .build/test-venv)" }
        return nil
    }()

    /// DNGs of four kinds, made from the wallpaper at `width` × `height`.
    static func dngs(in folder: TemporaryDirectory, width: Int, height: Int) throws -> [FilePath] {
        let ppm = folder.path("photo.ppm")
        let made = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/convert"),
                                                [wallpaper, "-resize", "\(width)x\(height)!", "-depth", "8", "ppm:" + ppm.text])
        try #require(made.status == 0, "\(made.stderr)")
        let kinds: [(String, [String])] = [
            ("jpeg-preview.dng", ["--preview", "jpeg", "--preview-width", "\(width / 2)", "--orientation", "6"]),
            ("ljpeg.dng", ["--preview", "none", "--compression", "ljpeg", "--bits", "14"]),
            ("rgb-preview.dng", ["--preview", "rgb", "--preview-width", "\(width / 4)", "--bits", "16", "--orientation", "3"]),
            ("packed12.dng", ["--preview", "none", "--bits", "12", "--cfa", "BGGR"]),
        ]
        return try kinds.map { name, options in
            let dng = folder.path(name)
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                                      [python, tools.appendingPathComponent("make-dng.py").path, ppm.text, dng.text] + options)
            try #require(result.status == 0, "make-dng.py: \(result.stderr)")
            return dng
        }
    }

    /// Each kind decodes in a worker exactly as here: the card from the preview or a half-size
    /// demosaic, the full view at fit and at full size (the full demosaic).
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func rawsDecodeInAConfinedWorkerAsHere() throws {
        let folder = TemporaryDirectory()
        let pool = DecoderBoxTests.pool()
        defer { pool.stop() }
        for dng in try Self.dngs(in: folder, width: 320, height: 200) {
            for target in [DecodeTarget.fill(width: 90, height: 120), .fit(width: 160, height: 160),
                           .fit(width: 100_000, height: 100_000)] {
                let here = try ImageDecoder.decode(dng, target: target)
                let there = try pool.decode(dng, target: target)
                #expect((there.width, there.height) == (here.width, here.height), "\(dng) \(target)")
                #expect(there.pixels == here.pixels, "\(dng) \(target)")
                #expect(there.original?.width == here.original?.width && there.original?.height == here.original?.height)
            }
        }
    }

    /// A worker's minor page faults so far (/proc/PID/stat's tenth field).
    static func minorFaults(_ pid: pid_t) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return try #require(Int(fields[7]))   // field 10: fields 3... follow the ")"
    }

    /// A worker that makes one RAW card after another keeps its heap between them, as it does for
    /// JPEGs (`MallocThresholds.keepBetweenDecodes`): LibRaw's object and buffers and the 1620 ×
    /// 1080 preview's decode (about 3.4 MiB of heap) are not given back and faulted in again for
    /// every card. Counted, not timed: the worker's minor page faults for the 4th to 8th 200 × 300
    /// card of the same DNG, their median under 200 (what is new each time: the file's mapping,
    /// LibRaw's copy of the preview, the reply's memfd; 62 here, and 59 for a 1620 × 1080 preview as a
    /// JPEG file). With glibc trimming the heap's top after each card, as it did, 875 a card.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func rawCardsReuseTheWorkersHeap() throws {
        // A camera's size of preview (1620 × 1080, as a 24 MP Canon's or Nikon's): its decode's
        // buffers are what the heap holds.
        let folder = TemporaryDirectory()
        let ppm = folder.path("photo.ppm"), dng = folder.path("photo.dng")
        let made = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/convert"),
                                                [Self.wallpaper, "-resize", "3240x2160!", "-depth", "8", "ppm:" + ppm.text])
        try #require(made.status == 0, "\(made.stderr)")
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                                  [Self.python, Self.tools.appendingPathComponent("make-dng.py").path, ppm.text, dng.text,
                                                   "--preview", "jpeg", "--preview-width", "1620"])
        try #require(result.status == 0, "make-dng.py: \(result.stderr)")
        let pool = DecoderBoxTests.pool()
        defer { pool.stop() }
        #expect(pool.warmUp())
        let pid = try #require(pool.processIDs.first)
        for _ in 0..<3 { _ = try pool.decode(dng, target: .fill(width: 200, height: 300)) }
        var perCard: [Int] = []
        for _ in 0..<5 {
            let before = try Self.minorFaults(pid)
            _ = try pool.decode(dng, target: .fill(width: 200, height: 300))
            perCard.append(try Self.minorFaults(pid) - before)
        }
        print("minor page faults per RAW card in the worker: \(perCard)")
        // The median: a worker that waited a second for a request (the test descheduled that long)
        // trims its heap then, as it should, and faults it in again once.
        #expect(perCard.sorted()[2] < 200, "\(perCard)")
    }

    /// 1,200 damaged DNGs (300 of each kind: bytes flipped, overwritten, cut or inserted) decoded
    /// in workers: each a card or one line, none a forbidden system call, none a hang.
    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")))
    func damagedRAWsCostOneLineEach() throws {
        let folder = TemporaryDirectory()
        let pool = DecoderBoxTests.pool()
        defer { pool.stop() }
        var random = SeededRandom(seed: 32)
        var decoded = 0
        var reasons: [String: Int] = [:]
        for original in try Self.dngs(in: folder, width: 64, height: 48) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original.text)))
            for i in 0..<300 {
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let at = Int.random(in: 0..<damaged.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: damaged[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                    case 1: damaged[at] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &random)]
                    case 2: damaged = Array(damaged.prefix(max(1, at)))
                    default: damaged.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF], at: at)
                    }
                }
                let file = folder.path("m\(i).dng")
                try Data(damaged).write(to: URL(fileURLWithPath: file.text))
                for target in [DecodeTarget.fill(width: 20, height: 30), .fit(width: 100_000, height: 100_000)] {
                    do {
                        let image = try pool.decode(file, target: target)
                        #expect(image.pixels.count == image.width * image.height * 4)
                        decoded += 1
                    } catch {
                        #expect(!error.reason.isEmpty && !error.reason.contains("\n"), "\(error.reason)")
                        #expect(!error.reason.contains("forbidden"), "\(original.text) m\(i): \(error.reason)")
                        reasons[error.reason, default: 0] += 1
                    }
                }
            }
        }
        print("damaged DNGs, 1,200 files × 2 decodes: \(decoded) decoded; refused: \(reasons)")
        #expect(decoded + reasons.values.reduce(0, +) == 2400)
    }
}
