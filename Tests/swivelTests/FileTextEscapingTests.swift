import Foundation
import SwivelCore
import SwivelPhotos
import SwivelTestSupport
import Testing

/// Text that comes from a file reaches the terminal escaped, through the real binary: control
/// characters (ESC, BEL), escape sequences and newlines show as Swift writes them (`\u{1B}`,
/// `\n`), so a photo cannot set the terminal's title, clear it, or forge a line such as
/// "Pixels: 1 × 1". Before, `--info` printed the name's and EXIF's bytes as they were, and so did
/// stderr a failure entry's stored reason. The expected lines are literals.
@Suite(.serialized) struct FileTextEscapingTests {
    static let tools = ["/usr/bin/convert", "/usr/bin/exiftool"].allSatisfy(FileManager.default.isExecutableFile(atPath:))

    /// Whether `bytes` hold a control character other than the newlines that end lines.
    static func holdsControls(_ bytes: [UInt8]) -> Bool { bytes.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F } }

    @Test(.enabled(if: tools, "needs ImageMagick and exiftool (make test installs them)"))
    func infoEscapesTheNameAndTheEXIF() throws {
        let folder = TemporaryDirectory()
        let photo = folder.path("a\u{1B}[2Jb.jpg")
        let made = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "40x60", "xc:red", photo.text])
        try #require(made.status == 0, "convert: \(made.stderr)")
        let tagged = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/exiftool"),
                                                  ["-q", "-q", "-overwrite_original", "-Make=\u{1B}]0;owned\u{07}Canon",
                                                   "-Model=EOS\nPixels: 1 × 1", photo.text])
        try #require(tagged.status == 0, "exiftool: \(tagged.stderr)")
        let result = try SwivelProcess.run(["--info", photo.text])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!Self.holdsControls(result.stdoutBytes), "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == #"File: a\u{1B}[2Jb.jpg"#)
        #expect(lines.contains(#"Camera: \u{1B}]0;owned\u{07}Canon EOS\nPixels: 1 × 1"#), "\(lines)")
        #expect(lines.filter { $0.hasPrefix("Pixels: ") } == ["Pixels: 40 × 60"])
    }

    /// A failure entry swivel wrote, whose stored reason (in the user's cache, which anything may
    /// write) sets the title, clears the screen and forges a line, is printed escaped; the good
    /// photo beside it shows.
    @Test func aStoredReasonIsPrintedEscaped() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("photos", "cache")
        let skipped = folder.path("photos/a.png"), shown = folder.path("photos/b.png")
        ImageFiles.write(skipped, ImageFiles.solid(.png, width: 40, height: 60, [255, 0, 0]))
        ImageFiles.write(shown, ImageFiles.solid(.png, width: 40, height: 60, [0, 192, 0]))
        guard let subject = ThumbnailSubject(file: skipped) else { Issue.record("cannot stat \(skipped)"); return }
        let failures = folder.path("cache/thumbnails/fail/swivel-\(try Self.version())")
        try FileManager.default.createDirectory(atPath: failures.text, withIntermediateDirectories: true)
        let reason = "\u{1B}]0;owned\u{07}\u{1B}[2Jforged\nswivel: wrote nothing"
        ImageFiles.write(failures.appending(Array(ThumbnailDirectory.fileName(uri: subject.uri).utf8)),
                         PNGChunks(ImageFiles.solid(.png, width: 1, height: 1, [0, 0, 0]))
                            .inserting(.init("tEXt", Self.text("Thumb::URI", subject.uri)))
                            .inserting(.init("tEXt", Self.text("Thumb::MTime", "\(subject.modified)")))
                            .inserting(.init("tEXt", Self.text("Thumb::Size", "\(subject.size)")))
                            .inserting(.init("tEXt", Self.text("Software", "swivel \(try Self.version())")))
                            .inserting(.init("tEXt", Self.text("X-Swivel::Reason", reason))).bytes)
        let result = try SwivelProcess.run(["--screenshot", folder.path("frame.png").text, folder.path("photos").text],
                                           environment: ["SDL_VIDEODRIVER": "offscreen", "XDG_CACHE_HOME": folder.path("cache").text])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!Self.holdsControls(result.stderrBytes))
        #expect(result.stderr == "swivel: skipped \(skipped.text): "
                + #"\u{1B}]0;owned\u{07}\u{1B}[2Jforged\nswivel: wrote nothing"# + "\n")
    }

    /// A tEXt chunk's body: the keyword, a NUL, the text as Latin-1 (all ASCII here).
    static func text(_ key: String, _ value: String) -> [UInt8] {
        Array(key.utf8) + [0] + value.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    /// The version `swivel --version` prints: the failure folder is named after it.
    static func version() throws -> String {
        let result = try SwivelProcess.run(["--version"])
        return String(result.stdout.split(separator: " ").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
