import Foundation
import SwivelTestSupport
import Testing

/// What the shipped binary loads before `main`. Foundation with its ICU data costs about 10 MB resident in every
/// process (a one-line program: 17.7 MB with `import Foundation`, 7.0 MB with Glibc alone), so no
/// module of `swivel` imports it; this keeps a new `import Foundation` from slipping back in. The
/// same goes for Swift's regex and concurrency runtimes and Dispatch.
@Suite struct LinkageTests {
    /// `ldd` lists every library the loader maps for the binary, directly needed or not. The binary
    /// is the one these tests run, built with them from the same sources; a release build that may
    /// be older is judged by the next test only when it is not.
    @Test func noFoundationOrICUIsLoaded() throws {
        try Self.check(SwivelProcess.binary)
    }

    /// `.build/release/swivel`, when it was built from sources no older than the tested binary's
    /// (it is at least as new as the debug one).
    static var freshRelease: URL? {
        let release = SwivelProcess.binary.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("release/swivel")
        func modified(_ url: URL) -> Date? {
            (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        }
        guard let built = modified(release), let tested = modified(SwivelProcess.binary), built >= tested else { return nil }
        return release
    }

    @Test(.enabled(if: freshRelease != nil,
                   "no release build at least as new as the tested binary (swift build -c release after the tests' build)"))
    func theReleaseBuildLoadsNoFoundationEither() throws {
        try Self.check(try #require(Self.freshRelease))
    }

    static func check(_ binary: URL) throws {
        let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path])
        #expect(result.status == 0, "\(result.stderr)")
        let libraries = result.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first }
            .map(String.init)
        // The listing is real: the Swift runtime and libseccomp are in it.
        #expect(libraries.contains("libswiftCore.so") && libraries.contains("libseccomp.so.2"),
                "\(binary.path): \(libraries)")
        // SDL2 and OpenGL are loaded when the window opens (Sources/LazyLibraries), so that a decoder
        // worker, the same binary, maps neither, nor the libraries SDL2 links (ALSA, X11, systemd).
        let display = libraries.filter { $0.hasPrefix("libSDL2") || $0.hasPrefix("libGL") || $0.hasPrefix("libasound") || $0.hasPrefix("libX11") }
        #expect(display.isEmpty, "\(binary.path) links \(display)")
        let foundation = libraries.filter { $0.contains("Foundation") || $0.contains("ICU") || $0.contains("icu") }
        #expect(foundation.isEmpty, "\(binary.path) loads \(foundation)")
        // Nor the regex, concurrency and Dispatch libraries (1.8 MB): see Package.swift.
        let unwanted = ["libswift_StringProcessing.so", "libswift_RegexParser.so", "libswift_Concurrency.so",
                        "libdispatch.so", "libswiftDispatch.so", "libBlocksRuntime.so"]
        #expect(libraries.filter(unwanted.contains).isEmpty, "\(binary.path) loads \(libraries.filter(unwanted.contains))")
    }
}
