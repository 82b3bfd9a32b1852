import SwivelPlatform

/// Opened fonts, one per file and pixel size, kept for the life of the process: the captions, the
/// HUD and the key list ask again whenever the pixel scale changes, and opening a face anew each
/// time (FreeType and HarfBuzz state, a read of the file) costs far more than keeping the few sizes
/// a session sees. Main thread only.
enum Fonts {
    nonisolated(unsafe) private static var opened: [String: TextRenderer] = [:]

    static func renderer(path: String = TextRenderer.defaultFontPath, pixelSize: Int) throws(FontError) -> TextRenderer {
        let key = "\(pixelSize) \(path)"
        if let font = opened[key] { return font }
        let font = try TextRenderer(fontPath: path, pixelSize: pixelSize)
        opened[key] = font
        return font
    }
}
