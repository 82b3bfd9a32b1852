import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing

/// A 400 MiB JPEG costs its decode 64 KiB of reading at a time, not 400 MiB: the file is streamed
/// to libjpeg, never read whole. The files are sparse (a small JPEG and a hole), so they take no
/// disk; read whole, the hole would be 400 MiB of zeros in memory. Each run is capped at 300 MiB
/// of data segment (prlimit --data), so a decode that reads the file whole fails instead of
/// taking the memory.
@Suite(.serialized) struct SparseJPEGMemoryTests {
    static let size = 400 << 20
    static let cap = 300 << 20

    /// Runs swivel on `path` with `--screenshot` under the cap, its peak memory watched.
    static func run(_ path: FilePath, in folder: TemporaryDirectory) throws -> PeakMemoryRun {
        try PeakMemoryRun.run([path.text, "--screenshot", folder.path("frame.png").text], limits: ["--data=\(cap)"], in: folder)
    }

    /// A 64 × 64 JPEG written by SDL2_image (libjpeg).
    static func smallJPEG() -> [UInt8] {
        ImageFiles.solid(.jpeg, width: 64, height: 64, [52, 199, 89])
    }

    /// `bytes`, then a hole up to `size` bytes.
    static func writeSparse(_ path: FilePath, _ bytes: [UInt8]) throws {
        ImageFiles.write(path, bytes)
        #expect(truncate(path.text, off_t(size)) == 0)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit (util-linux)"))
    func aJPEGFollowedByAHoleLoadsInBoundedMemory() throws {
        let folder = TemporaryDirectory()
        // The JPEG whole, then 400 MiB of nothing after its EOI: libjpeg stops at the EOI.
        let path = folder.path("tail.jpg")
        try Self.writeSparse(path, Self.smallJPEG())
        let result = try Self.run(path, in: folder)
        print("a 64² JPEG and a 400 MiB hole after it: status \(result.status), \(Int(result.seconds * 1000)) ms, "
              + "peak \(Int(result.peakMiB)) MiB, stderr: \(result.stderr)")
        #expect(!result.signaled && result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.peakMiB < 200, "peak \(result.peakMiB) MiB")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit (util-linux)"))
    func aJPEGCutIntoAHoleIsRefusedInBoundedMemory() throws {
        let folder = TemporaryDirectory()
        // The JPEG without its EOI, then 400 MiB of zero bytes: its rows decode, then libjpeg looks
        // for the EOI through the zeros to the end of the file and finds it cut.
        let path = folder.path("hole.jpg")
        try Self.writeSparse(path, Array(Self.smallJPEG().dropLast(2)))
        let result = try Self.run(path, in: folder)
        print("a 64² JPEG cut before its EOI into a 400 MiB hole: status \(result.status), \(Int(result.seconds * 1000)) ms, "
              + "peak \(Int(result.peakMiB)) MiB, stderr: \(result.stderr)")
        #expect(!result.signaled && result.status == 1)
        #expect(result.stderr.split(separator: "\n").first.map(String.init)
                == "swivel: skipped \(path.text): cannot decode: truncated JPEG data")
        #expect(result.peakMiB < 200, "peak \(result.peakMiB) MiB")
    }
}
