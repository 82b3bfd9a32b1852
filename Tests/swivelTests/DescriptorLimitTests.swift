import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// Swivel allowed few file descriptors (`prlimit --nofile`), through the real binary: a folder of
/// eight JPEGs with `--screenshot`. However few, the run ends, and every line it prints says the
/// process ran out of descriptors: a photo that cannot be opened, given its decoder or have its
/// pixels received is tried again at 1, 3 and 7 s (the screenshot's wait lets those seconds
/// count) and then skipped with its line. Before, at 6 and 7 descriptors the screenshot waited
/// its whole minute for a photo whose open had failed and said nothing of it, and at 12 a reply
/// whose pixels found no descriptor killed its decoder ("the decoder was killed (SIGKILL)").
@Suite(.serialized) struct DescriptorLimitTests {
    static let prlimit = "/usr/bin/prlimit"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: prlimit), "needs prlimit (util-linux)"),
          arguments: [6, 7, 9, 12])
    func aRunWithFewDescriptorsEndsWithPhotosOrLines(limit: Int) throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos")
        for index in 1...8 {
            ImageFiles.write(folder.path("photos/\(index).jpg"),
                             ImageFiles.solid(.jpeg, width: 400, height: 600, [UInt8(index * 30), 120, 200]))
        }
        let frame = folder.path("frame.png").text
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: Self.prlimit),
                                                  ["--nofile=\(limit)", "--", SwivelProcess.binary.path,
                                                   folder.path("photos").text, "--screenshot", frame],
                                                  environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 120)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        print("--nofile=\(limit): status \(result.status), \(lines.count) lines: \(lines.prefix(3))")
        #expect(!result.signaled)
        #expect(result.status == 0 || result.status == 1, "stderr: \(result.stderr)")
        for line in lines {
            #expect(line.contains("Too many open files") || line == "swivel: none of the images could be read", "\(line)")
        }
        // Exit 0 draws the frame; exit 1 says why in a line (all skipped, or the PNG not written).
        #expect(result.status == 0 ? FileManager.default.fileExists(atPath: frame) : !lines.isEmpty)
    }
}
