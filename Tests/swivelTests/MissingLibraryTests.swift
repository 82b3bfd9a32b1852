import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport
import Testing

/// The photo libraries are optional at run time: a file whose decoder's library did not load is
/// skipped with one line naming the package and saying why in dlerror's words, and the rest of
/// the deck loads. Tested with the real library really unloadable for the app: it runs in a
/// private mount namespace (`unshare --mount`) where /dev/null is bound over the library's file,
/// so the dynamic loader cannot load it, while the rest of the machine goes on seeing it; or with
/// an empty file of the library's name found first through LD_LIBRARY_PATH.
@Suite struct MissingLibraryTests {
    /// The file the dynamic loader maps for `soname`, as /proc/self/maps names it (symbolic links
    /// resolved), once this process has loaded it; nil when it cannot be loaded here.
    static func loadedFile(_ soname: String) -> String? {
        guard let handle = dlopen(soname, RTLD_LAZY | RTLD_LOCAL) else { return nil }
        defer { dlclose(handle) }
        // Read to its end: a procfs file has no size to read up to, and one read may give only part of it.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = line[slash...]
            if path.split(separator: "/").last?.hasPrefix(soname) == true { return String(path) }
        }
        return nil
    }

    /// The path ld.so.cache gives for `soname` ("libheif.so.1 (libc6,x86-64) => PATH" in `ldconfig -p`).
    static func cachedPath(_ soname: String) -> String? {
        guard let listing = try? SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/sbin/ldconfig"), ["-p"], timeout: 10) else { return nil }
        return listing.stdout.split(separator: "\n")
            .first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(soname + " ") }
            .flatMap { $0.components(separatedBy: " => ").last }
    }

    /// `arguments` for `unshare`: `command` runs with `file` hidden behind /dev/null, in a mount
    /// namespace of its own (private: the bind mount is seen by nothing else).
    static func hiding(_ file: String, _ command: [String]) -> [String] {
        ["unshare", "--mount", "--propagation", "private",
         "/bin/sh", "-c", "mount --bind /dev/null \"$0\" && exec \"$@\"", file] + command
    }

    /// Whether this machine lets a test hide a file that way (root, or CAP_SYS_ADMIN, and a kernel
    /// and container that allow mount namespaces): tried on a file of its own.
    static let canHideFiles: Bool = {
        let directory = TemporaryDirectory()
        directory.touch("file")
        let trial = try? SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                                  hiding(directory.path("file").text, ["/bin/true"]), timeout: 10)
        return trial?.status == 0
    }()

    @Test(.enabled(if: canHideFiles, "needs a private mount namespace: root (CAP_SYS_ADMIN) for unshare --mount and mount --bind"))
    func aHEICWithoutLibheifIsSkippedAndThePNGBesideItShown() throws {
        // The soname lazy_libraries.gen.c opens; libheif1 comes with libheif-dev, which the build needs.
        let libheif = try #require(Self.loadedFile("libheif.so.1"), "libheif.so.1 does not load in the test process")
        let folder = TemporaryDirectory(), output = TemporaryDirectory()
        let green: [UInt8] = [0, 192, 0]
        // heif-enc (x265) needs more than a few dozen pixels to keep colours: 240 × 360.
        let source = folder.path("source.png")
        ImageFiles.write(source, ImageFiles.solid(.png, width: 240, height: 360, [192, 0, 0]))
        let heic = folder.path("photos/a.heic"), png = folder.path("photos/b.png")
        folder.makeDirectories("photos")
        let encoded = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                                   ["heif-enc", "-q", "90", source.text, "-o", heic.text])
        try #require(encoded.status == 0, "heif-enc: \(encoded.stderr)")
        ImageFiles.write(png, ImageFiles.solid(.png, width: 40, height: 60, green))
        let photos = folder.path("photos").text
        let environment = ["SDL_VIDEODRIVER": "offscreen"]

        // With libheif there, both load: the HEIC is a good one.
        let whole = try SwivelProcess.run(["--no-captions", "--screenshot", output.path("whole.png").text, photos],
                                          environment: environment, timeout: 30)
        #expect(whole.status == 0 && whole.stderr.isEmpty, "with libheif: \(whole.status) \(whole.stderr)")
        #expect(whole.stdout.contains(", 2 cards;"), "with libheif: \(whole.stdout)")

        // Without it: one line for the HEIC, exit 0, and the PNG's card in the frame.
        let frame = output.path("frame.png").text
        let arguments = ["--no-captions", "--screenshot", frame, photos]
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                                  Self.hiding(libheif, [SwivelProcess.binary.path] + arguments),
                                                  environment: environment, timeout: 30)
        #expect(!result.signaled)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        // glibc's words for a file too short to hold an ELF header (dl-load.c), with the path it
        // opened: the one ld.so.cache gives for the soname, as `ldconfig -p` prints it.
        let cached = try #require(Self.cachedPath("libheif.so.1"), "ldconfig -p does not list libheif.so.1")
        let line = "swivel: skipped \(heic.text): HEIC needs libheif1, which did not load: \(cached): file too short\n"
        #expect(result.stderrBytes == Array(line.utf8), "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(frame) (1280x720 px, 1 cards;"), "stdout: \(result.stdout)")
        let image = try Image(contentsOf: frame)
        #expect(zip(image.rgb(640, 360), green).allSatisfy { abs($0 - Int($1)) <= 1 }, "centre \(image.rgb(640, 360))")
    }

    /// A library found first through LD_LIBRARY_PATH (which the decoder workers inherit) that is
    /// an empty file: the JPEG XL is skipped with dlerror's words, the JPEG beside it shown.
    /// Before, the line said "JPEG XL needs libjxl0.7, not installed", the package being there.
    @Test func aBrokenLibraryIsNamedWithDlerrorsWords() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos", "libraries")
        ImageFiles.write(folder.path("libraries/libjxl.so.0.7"), [])
        let jxl = folder.path("photos/a.jxl"), jpeg = folder.path("photos/b.jpg")
        ImageFiles.write(jxl, OutOfMemoryTests.hugeJXL)
        let green: [UInt8] = [0, 192, 0]
        ImageFiles.write(jpeg, ImageFiles.solid(.jpeg, width: 40, height: 60, green))
        let frame = folder.path("frame.png").text
        let result = try SwivelProcess.run(["--no-captions", "--no-thumbnail-cache", "--screenshot", frame, folder.path("photos").text],
                                           environment: ["SDL_VIDEODRIVER": "offscreen",
                                                         "LD_LIBRARY_PATH": folder.path("libraries").text], timeout: 30)
        #expect(!result.signaled)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr == "swivel: skipped \(jxl.text): JPEG XL needs libjxl0.7, which did not load: "
                + "\(folder.path("libraries/libjxl.so.0.7").text): file too short\n")
        let image = try Image(contentsOf: frame)
        #expect(zip(image.rgb(640, 360), green).allSatisfy { abs($0 - Int($1)) <= 4 }, "centre \(image.rgb(640, 360))")
    }
}
