import Glibc
import CSDL2
import CSDL2TTF
import SwivelCore

/// One line of text as glyph coverage, ready to upload as a one-channel GL texture; the renderer
/// chooses the colour.
public struct TextBitmap: Sendable {
    public let width: Int
    public let height: Int
    /// width × height bytes, top row first, 0…255: the alpha of the anti-aliased glyphs.
    public let coverage: [UInt8]
    /// Pixels from the top row to the baseline (the font's ascent).
    public let baseline: Int

    public init(width: Int, height: Int, coverage: [UInt8], baseline: Int) {
        precondition(coverage.count == width * height)
        self.width = width
        self.height = height
        self.coverage = coverage
        self.baseline = baseline
    }
}

/// A font that cannot be used, told as one line.
public struct FontError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Renders single lines of text with SDL2_ttf at one pixel size. Used on the main thread only.
public final class TextRenderer {
    /// DejaVu Sans from Debian's fonts-dejavu-core.
    public static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The captions' and HUD's font: `$SWIVEL_FONT` when set (any TrueType or OpenType file),
    /// else DejaVu Sans.
    public static var defaultFontPath: String {
        guard let chosen = getenv("SWIVEL_FONT"), chosen.pointee != 0 else { return dejaVuSans }
        return String(cString: chosen)
    }

    /// Whether SDL2_ttf is installed (the first ask loads it). Without it no font opens.
    public static var libraryIsInstalled: Bool { PlatformLibrary.sdlTTF.isAvailable }

    /// "fonts need PACKAGE, which did not load: DLERROR", when SDL2_ttf did not load.
    public static var libraryMissing: String { PlatformLibrary.sdlTTF.missing("fonts need") }

    private static let ellipsis = "…"
    private let font: OpaquePointer

    /// `pixelSize` is the font size in pixels (the caller multiplies points by the HiDPI scale).
    public init(fontPath: String = TextRenderer.defaultFontPath, pixelSize: Int) throws(FontError) {
        guard Self.libraryIsInstalled else { throw FontError(Self.libraryMissing) }
        guard FontLibrary.isStarted else {
            throw FontError("cannot start SDL_ttf: \(FontLibrary.startError)")
        }
        guard let font = TTF_OpenFont(fontPath, Int32(pixelSize)) else {
            throw FontError("cannot open font \(fontPath): \(String(cString: SDL_GetError()))")
        }
        self.font = font
    }

    deinit { TTF_CloseFont(font) }

    /// The width in pixels `text` takes on one line (0 for empty text).
    public func width(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        var width: Int32 = 0, height: Int32 = 0
        guard TTF_SizeUTF8(font, text, &width, &height) == 0 else { return 0 }
        return Int(width)
    }

    /// `text` if it fits `maxWidth` pixels, else its longest prefix of whole characters (grapheme
    /// clusters) that fits with a trailing "…" (spaces before the "…" dropped); "" when not even
    /// the "…" fits.
    public func fitted(_ text: String, maxWidth: Int) -> String {
        if width(of: text) <= maxWidth { return text }
        let characters = Array(text)
        // Invariant: a prefix of `fits` characters fits, one of `tooLong` does not.
        var fits = -1, tooLong = characters.count
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if width(of: shortened(characters, to: middle)) <= maxWidth { fits = middle } else { tooLong = middle }
        }
        return fits < 0 ? "" : shortened(characters, to: fits)
    }

    private func shortened(_ characters: [Character], to count: Int) -> String {
        var prefix = characters[..<count]
        while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
        return String(prefix) + Self.ellipsis
    }

    /// `text` (UTF-8; invalid sequences already replaced) anti-aliased as one line, its control and
    /// format characters escaped (`Quoting.oneLine`: a file name's newline shows as `\n`, as on
    /// stderr), shortened by `fitted` to `maxWidth` pixels; nil for empty text (or when nothing fits).
    public func render(_ text: String, maxWidth: Int) -> TextBitmap? {
        let line = fitted(Quoting.oneLine(text), maxWidth: maxWidth)
        guard !line.isEmpty,
              let surface = TTF_RenderUTF8_Blended(font, line, SDL_Color(r: 255, g: 255, b: 255, a: 255))
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        return Self.coverage(of: surface, baseline: Int(TTF_FontAscent(font)))
    }

    /// The alpha channel of a 32-bit surface, row by row.
    private static func coverage(of surface: UnsafeMutablePointer<SDL_Surface>, baseline: Int) -> TextBitmap? {
        let s = surface.pointee
        guard let format = s.format?.pointee, format.BytesPerPixel == 4, let pixels = s.pixels else { return nil }
        let width = Int(s.w), height = Int(s.h), pitch = Int(s.pitch)
        let shift = UInt32(format.Ashift), mask = format.Amask
        guard SDL_LockSurface(surface) == 0 else { return nil }
        defer { SDL_UnlockSurface(surface) }
        var coverage = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                coverage[y * width + x] = UInt8(truncatingIfNeeded: (row[x] & mask) >> shift)
            }
        }
        return TextBitmap(width: width, height: height, coverage: coverage, baseline: baseline)
    }
}

@available(*, unavailable)
extension TextRenderer: Sendable {}

/// SDL_ttf, started once on first use (Swift runs a static's initializer exactly once, thread
/// safely) and never quit: fonts may be open until the process ends.
private enum FontLibrary {
    static let startResult: String? = TTF_Init() == 0 ? nil : String(cString: SDL_GetError())
    static var isStarted: Bool { startResult == nil }
    static var startError: String { startResult ?? "" }
}
