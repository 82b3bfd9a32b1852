import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// `--pick` and `-o` end to end, through the real binary, offscreen: a `--replay` presses the keys
/// and the app, which exits on `--pick`'s Enter by itself, is judged by the bytes of its standard
/// output and its exit status. Expected paths are the test's own: the files it made, as it named
/// them. (What Enter picks and how marks follow their files: `PickAndMarkTests`, in this process.)
@Suite struct PickTests {
    /// A 1280 × 720 recording: `lines` after the resize, its end at `end` s (a pick ends it first).
    static func recording(_ lines: [String], end: Double) -> String {
        ([RecordedEntry.header, "0 resize 1280 720"] + lines + ["\(end) end"]).joined(separator: "\n") + "\n"
    }

    /// Runs swivel with `arguments` and `--replay` of `lines` ending at `end`, `input` on standard
    /// input. A pick's recording ends an hour on: its Enter must end the session first. A
    /// `--screenshot` plays its recording to the end at 120 steps a second as fast as it can, so an
    /// hour is 432,000 steps: 16 s in a debug build on an idle machine, over the 60 s timeout in
    /// two loaded fresh-clone runs. Its recordings end just after their last key.
    static func run(_ arguments: [String], _ lines: [String], end: Double = 3600, input: [UInt8]? = nil) throws -> ProcessResult {
        let folder = TemporaryDirectory()
        let rec = folder.write("keys.rec", bytes: Array(recording(lines, end: end).utf8))
        return try SwivelProcess.run(arguments + ["--no-thumbnail-cache", "--replay", rec.text],
                                     environment: ["SDL_VIDEODRIVER": "offscreen"], input: input, timeout: 60)
    }

    /// Three small photos a.png, b.png, c.png in a new folder.
    static func threePhotos() -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        for (name, grey) in [("a.png", 60), ("b.png", 120), ("c.png", 180)] {
            folder.write(name, .png, width: 8, height: 12) { _, _ in RGBA8(UInt8(grey), UInt8(grey), UInt8(grey)) }
        }
        return folder
    }

    static func lines(_ folder: TemporaryDirectory, _ names: String...) -> [UInt8] {
        names.flatMap { folder.path($0).bytes + [UInt8(ascii: "\n")] }
    }

    @Test func enterPrintsTheCentredPhotosPathAndExitsZero() throws {
        let folder = Self.threePhotos()
        let result = try Self.run(["--pick", folder.path.text], ["0.1 key right", "0.9 key enter"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutBytes == Self.lines(folder, "b.png"), "\(result.stdout)")
    }

    /// `fd -0 | swivel --pick --print0 -0 -`: names with a 0xFF byte (not UTF-8) and with a
    /// newline come back byte for byte, NUL-terminated; without --print0, newline-terminated.
    @Test func pathsFromStandardInputComeBackByteExact() throws {
        let folder = TemporaryDirectory()
        let png = ImageFiles.solid(.png, width: 8, height: 12, [200, 30, 30])
        let odd = folder.write([UInt8(ascii: "a"), 0xFF, 0xFE] + Array(".png".utf8), bytes: png)
        let newline = folder.write(Array("b\nc.png".utf8), bytes: png)
        let input = odd.bytes + [0] + newline.bytes + [0]
        let both = try Self.run(["--pick", "--print0", "-0", "-"], ["0.1 key markAll", "0.2 key enter"], input: input)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdoutBytes == input, "\(both.stdoutBytes)")
        // The odd name, centred, on its own line; stdin read one path a line.
        let one = try Self.run(["--pick", "-"], ["0.1 key enter"], input: odd.bytes + [UInt8(ascii: "\n")])
        #expect(one.status == 0 && one.stdoutBytes == odd.bytes + [UInt8(ascii: "\n")], "\(one.stdoutBytes)")
    }

    /// A path as given on the command line (relative, with ./ and a doubled slash) is printed as
    /// given, not made absolute or tidied.
    @Test func aNamedFileIsPrintedAsGiven() throws {
        let folder = Self.threePhotos()
        let given = folder.path.text + "//./c.png"
        let result = try Self.run(["--pick", given], ["0.1 key enter"])
        #expect(result.status == 0 && result.stdout == given + "\n", "\(result.stdout)")
    }

    /// `-o` prints the marks when the session ends (here `--screenshot`'s), in deck order; the
    /// screenshot's own line goes to stderr, so stdout holds only paths.
    @Test func printMarkedPrintsTheMarksOnQuitting() throws {
        let folder = Self.threePhotos()
        let out = folder.path("shot.png").text
        let result = try Self.run(["-o", folder.path.text, "--screenshot", out],
                                  ["0.1 key end", "0.7 key mark", "0.8 key home", "1.5 key mark"], end: 2)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutBytes == Self.lines(folder, "a.png", "c.png"), "\(result.stdout)")
        #expect(result.stderr.contains("wrote \(out)"), "\(result.stderr)")
        let none = try Self.run(["-o", "--print0", folder.path.text, "--screenshot", out], ["0.1 key mark", "0.2 key mark"], end: 1)
        #expect(none.status == 0 && none.stdoutBytes.isEmpty, "\(none.stdout)")
    }

    /// The colour deck has no files to print: --pick without photos is a usage error (64).
    @Test func pickWithoutPhotosIsRefused() throws {
        let result = try SwivelProcess.run(["--pick"], environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 64 && result.stdoutBytes.isEmpty)
        #expect(result.stderr.contains("--pick and -o (--print-marked) print photos' paths; they need PATHs or '-'"),
                "\(result.stderr)")
    }
}
