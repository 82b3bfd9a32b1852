import Foundation
import Glibc
import SwivelTestSupport
import Testing

/// OpenGL's start under an address-space cap (`prlimit --as`, what `ulimit -v` sets), through the
/// real binary: llvmpipe on two rasteriser threads (LP_NUM_THREADS=2, what a two-core machine
/// gets), the demo deck drawn into a PNG. Under a cap glibc's malloc keeps to one arena
/// (`MallocArenas`), and swivel refuses in one line a cap below what the process has mapped plus
/// what OpenGL needs (`GLStartMemory`).
@Suite(.serialized) struct GLStartMemoryTests {
    static let prlimit = "/usr/bin/prlimit"
    static var canRun: Bool { FileManager.default.isExecutableFile(atPath: prlimit) }

    /// The demo deck's screenshot under a cap of `capMiB` (nil: none).
    static func demo(capMiB: Int?) throws -> (run: PeakMemoryRun, png: [UInt8]?) {
        let folder = TemporaryDirectory()
        let frame = folder.path("frame.png")
        let limits = capMiB.map { ["--as=\($0 << 20)", "--core=0"] } ?? []
        let run = try PeakMemoryRun.run(["--demo", "--screenshot", frame.text], limits: limits,
                                        environment: ["LP_NUM_THREADS": "2"], in: folder)
        let png = FileManager.default.contents(atPath: frame.text).map { [UInt8]($0) }
        return (run, png)
    }

    /// `ulimit -v 800000` (781 MiB): the demo deck draws, byte for byte the frame drawn with no
    /// cap. Before, swivel refused ("OpenGL here needs about 830 MiB": 650 MiB and 90 MiB a
    /// thread, a 64 MiB malloc arena counted for each); with that check off, the same run aborted
    /// in 16 of 20 tries, its threads' arenas having taken the room.
    @Test(.enabled(if: canRun, "needs prlimit (util-linux)"))
    func theDemoDeckDrawsUnderUlimit800000() throws {
        let (free, expected) = try Self.demo(capMiB: nil)
        #expect(free.status == 0, "\(free.stderr)")
        let (capped, png) = try Self.demo(capMiB: 800_000 >> 10)
        #expect(!capped.signaled && capped.status == 0, "\(capped.stderr.prefix(300))")
        #expect(capped.stderr.isEmpty, "\(capped.stderr)")
        #expect(png != nil && png == expected)
    }

    /// Every cap from 100 to 800 MiB, 25 MiB apart, either draws the demo deck (exit 0, nothing on
    /// stderr) or is refused in the one line, exit 1 — never a crash inside the driver, which with
    /// a malloc arena for each thread (and the check off) came anywhere from 320 to 920 MiB by the
    /// race: an abort or a segfault at 25 of 56 caps tried 20 MiB apart from 300 MiB, at 26 of 51
    /// up to 1000 MiB under Xvfb. Every cap refused is below the figure the
    /// line names and below every cap that draws; the figure, what was mapped before the window
    /// (42 MiB here, release build) plus 320 MiB and 16 a thread, is 394 MiB in a release build.
    @Test(.enabled(if: canRun, "needs prlimit (util-linux)"))
    func everyCapDrawsOrSaysSo() throws {
        var refused: [(cap: Int, needed: Int)] = [], drawn: [Int] = []
        for cap in stride(from: 100, through: 800, by: 25) {
            let (run, png) = try Self.demo(capMiB: cap)
            #expect(!run.signaled, "\(cap) MiB: \(run.stderr.prefix(300))")
            if run.status == 0 {
                #expect(run.stderr.isEmpty && png != nil, "\(cap) MiB: \(run.stderr)")
                drawn.append(cap)
                continue
            }
            let prefix = "swivel: cannot start OpenGL: the address-space limit (ulimit -v) is \(cap) MiB, and OpenGL here needs about "
            let needed = run.stderr.hasPrefix(prefix) && run.stderr.hasSuffix(" MiB to start\n")
                ? Int(run.stderr.dropFirst(prefix.count).prefix { $0 != " " }) : nil
            #expect(run.status == 1 && needed != nil && png == nil, "\(cap) MiB: status \(run.status): \(run.stderr)")
            if let needed { refused.append((cap, needed)) }
        }
        print("refused: \(refused.map { "\($0.cap) (needs \($0.needed))" }); drawn from \(drawn.first ?? -1) MiB")
        let figures = refused.map(\.needed)
        #expect(refused.allSatisfy { $0.cap < $0.needed })
        #expect((figures.max() ?? 0) - (figures.min() ?? 0) <= 2, "\(figures)")
        #expect((360...480).contains(figures.first ?? 0), "\(figures)")
        let firstDrawn = try #require(drawn.min(), "no cap up to 800 MiB drew")
        #expect((refused.map(\.cap).max() ?? 0) < firstDrawn)
        #expect(firstDrawn - (figures.max() ?? 0) < 25)
    }
}
