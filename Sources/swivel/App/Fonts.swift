import SwivelPlatform

/// Opened fonts by file and pixel size: the captions, the HUD and the key list ask every frame, for
/// the pixel size their point size has at the current pixel scale. The last few are kept (a
/// session sees one or two scales; the soak's random scales would otherwise keep a face and its
/// glyph cache for every size it ever used). A font that cannot be opened turns its user off with
/// one warning; without SDL2_ttf all of them are off, after one warning for all. Main thread only.
enum Fonts {
    /// Faces kept open: the three users at the current scale, and as many at the previous one.
    static let kept = 6
    nonisolated(unsafe) private static var opened: [(key: String, font: TextRenderer)] = []
    nonisolated(unsafe) private static var failed: Set<String> = []
    nonisolated(unsafe) private static var textOff = false

    /// The font for `user` ("captions", "HUD", …) at `pointSize` points, or nil (after one
    /// warning, "USER off: why") when it cannot be opened.
    static func face(path: String = TextRenderer.defaultFontPath, pointSize: Double, pixelScale: Double,
                     for user: String) -> TextFace? {
        guard !failed.contains(user), !textOff else { return nil }
        let pixelSize = max(1, Int((pointSize * pixelScale).rounded()))
        let key = "\(pixelSize) \(path)"
        if let index = opened.firstIndex(where: { $0.key == key }) {
            let entry = opened.remove(at: index)
            opened.append(entry)          // most recently used last
            return TextFace(font: entry.font)
        }
        // Without SDL2_ttf no user has a font: one warning for all.
        guard TextRenderer.libraryIsInstalled else {
            Console.error("text off (captions, HUD, key list): \(TextRenderer.libraryMissing)")
            textOff = true
            return nil
        }
        do {
            let font = try TextRenderer(fontPath: path, pixelSize: pixelSize)
            opened.append((key, font))
            if opened.count > kept { opened.removeFirst(opened.count - kept) }
            return TextFace(font: font)
        } catch {
            Console.error("\(user) off: \(error)")
            failed.insert(user)
            return nil
        }
    }
}

/// One opened face at one pixel size, as the overlays (captions, HUD, key list) use it: they see
/// coverage bytes, not SDL_ttf.
struct TextFace {
    fileprivate let font: TextRenderer

    /// `text` on one line, shortened with "…" to `maxWidth` pixels; nil when there is nothing to draw.
    func render(_ text: String, maxWidth: Int) -> TextLine? {
        font.render(text, maxWidth: maxWidth).map { TextLine(width: $0.width, height: $0.height, coverage: $0.coverage) }
    }
}

/// A rendered line of text: width × height coverage bytes (0…255), top row first.
struct TextLine {
    let width: Int
    let height: Int
    let coverage: [UInt8]
}
