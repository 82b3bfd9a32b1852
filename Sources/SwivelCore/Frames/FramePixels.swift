/// The pixels a frame is drawn into: the window's drawable, or (`--soak`) its lower-left corner.
public struct FramePixels: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether there is nothing to draw into (a minimised window's drawable can be 0×0).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Pixels per layout point when a layout of `viewport` points fills these pixels (1 for an
    /// empty viewport). The one place this is worked out: the renderer's shadow and edges, photo
    /// textures, captions, the HUD and the key list are all sized by it.
    public func scale(for viewport: Size) -> Double {
        viewport.width > 0 ? Double(width) / viewport.width : 1
    }
}
