import CSDL2
import CSDL2TTF
import Testing
@testable import SwivelPlatform

@Suite(.serialized) struct TextRendererTests {
    /// The font's own metrics at `size`, read straight from SDL_ttf (after a renderer started it).
    private func metrics(pixelSize size: Int) throws -> (height: Int, ascent: Int) {
        let font = try #require(TTF_OpenFont(TextRenderer.defaultFontPath, Int32(size)))
        defer { TTF_CloseFont(font) }
        return (Int(TTF_FontHeight(font)), Int(TTF_FontAscent(font)))
    }

    @Test func rendersCoverageAtTheFontsHeight() throws {
        let renderer = try TextRenderer(pixelSize: 24)
        let bitmap = try #require(renderer.render("Hg", maxWidth: 500))
        let font = try metrics(pixelSize: 24)
        #expect(bitmap.height == font.height)
        #expect(bitmap.baseline == font.ascent)
        #expect(bitmap.width == renderer.width(of: "Hg"))
        #expect(bitmap.width > 20 && bitmap.width < 40)
        #expect(bitmap.coverage.count == bitmap.width * bitmap.height)
        #expect(bitmap.coverage.max() == 255)
        let w = bitmap.width, h = bitmap.height
        for corner in [0, w - 1, (h - 1) * w, h * w - 1] { #expect(bitmap.coverage[corner] == 0) }
        // The H's left stem stands on the baseline: solid in the row above it, empty from it down.
        let lastRowOfH = bitmap.baseline - 1
        let stem = try #require((0..<w).first { bitmap.coverage[lastRowOfH * w + $0] == 255 })
        #expect(stem < w / 4)
        #expect(bitmap.coverage[bitmap.baseline * w + stem] == 0)
    }

    @Test func longTextIsShortenedWithAnEllipsis() throws {
        let renderer = try TextRenderer(pixelSize: 24)
        let long = "a very long file name from the holidays at the seaside 2024.jpg"
        let fitted = renderer.fitted(long, maxWidth: 200)
        #expect(fitted.hasSuffix("…"))
        #expect(long.hasPrefix(fitted.dropLast()))
        #expect(renderer.width(of: fitted) <= 200)
        // The longest prefix: one more character would not fit.
        let kept = fitted.count - 1
        let oneMore = String(Array(long)[..<(kept + 1)]) + "…"
        #expect(renderer.width(of: oneMore) > 200)
        let bitmap = try #require(renderer.render(long, maxWidth: 200))
        #expect(bitmap.width == renderer.width(of: fitted))
        #expect(bitmap.width <= 200 && bitmap.width > 150)
    }

    /// Text from a file (a name, an EXIF field) is drawn as one line with its control characters
    /// escaped as stderr shows them: a name holding ESC [2J and a newline draws exactly as the
    /// literal text "\u{1B}[2J" and "\n" does. Before, the control characters went to SDL_ttf.
    @Test func controlCharactersAreDrawnEscaped() throws {
        let renderer = try TextRenderer(pixelSize: 24)
        let raw = try #require(renderer.render("a\u{1B}[2Jb\nPixels: 1 × 1", maxWidth: 2000))
        let literal = try #require(renderer.render(#"a\u{1B}[2Jb\nPixels: 1 × 1"#, maxWidth: 2000))
        #expect(raw.width == literal.width && raw.height == literal.height && raw.coverage == literal.coverage)
        #expect(raw.width == renderer.width(of: #"a\u{1B}[2Jb\nPixels: 1 × 1"#))
    }

    @Test func shortTextIsUnchanged() throws {
        let renderer = try TextRenderer(pixelSize: 24)
        #expect(renderer.fitted("beach.png", maxWidth: 200) == "beach.png")
        #expect(renderer.render("beach.png", maxWidth: 200)?.width == renderer.width(of: "beach.png"))
        #expect(renderer.render("", maxWidth: 200) == nil)
        #expect(renderer.width(of: "") == 0)
        #expect(renderer.fitted("beach.png", maxWidth: 2) == "")   // not even "…" fits
    }

    @Test func cutsOnlyBetweenCharacters() throws {
        let renderer = try TextRenderer(pixelSize: 24)
        let accented = String(repeating: "e\u{301}", count: 40)   // "é" as e + combining acute
        let fitted = renderer.fitted(accented, maxWidth: 120)
        #expect(fitted.hasSuffix("…"))
        #expect(fitted.dropLast().allSatisfy { $0 == "e\u{301}" })
        #expect(fitted.unicodeScalars.count == 2 * (fitted.count - 1) + 1)
        let flags = String(repeating: "🇫🇷", count: 30)
        #expect(renderer.fitted(flags, maxWidth: 100).dropLast().allSatisfy { $0 == "🇫🇷" })
    }

    @Test func missingFontIsAnError() {
        let path = "/nonexistent/Missing.ttf"
        #expect(throws: FontError.self) { try TextRenderer(fontPath: path, pixelSize: 24) }
        do {
            _ = try TextRenderer(fontPath: path, pixelSize: 24)
        } catch {
            #expect(error.description == "cannot open font \(path): Couldn't open \(path)")
        }
    }

    @Test func doublePixelSizeIsTwiceAsWide() throws {
        let small = try TextRenderer(pixelSize: 24), large = try TextRenderer(pixelSize: 48)
        for text in ["Hg", "IMG_2024.jpg"] {
            let w1 = small.width(of: text), w2 = large.width(of: text)
            #expect(abs(w2 - 2 * w1) <= 2, "\(text): \(w1) px at 24, \(w2) px at 48")
        }
    }
}
