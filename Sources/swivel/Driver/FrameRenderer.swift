import SwivelCore
import SwivelPhotos
import SwivelPlatform
import SwivelRender

/// Draws the app's frames (`Frame`) into the window: the scene built from the frame
/// (`SceneContent`), rendered, presented; and the programs the renderer leaves for later, built
/// once the first frame is up. Every mode draws through it; what a frame is, the state decided.
final class FrameRenderer: FrameDisplay {
    let surface: GLWindow
    let content: SceneContent
    /// The full view's sharp photos, as textures (photo decks).
    let sharp: SharpPhotoTextures<FullViewTexture>?
    private var renderer: Renderer { surface.renderer }
    /// The pixels `renderScene` drew into last. (No scene is kept between frames: a scene holds
    /// the deck's texture array and the sharp photos' textures, which must go when the deck lets
    /// them go, not when the next frame is drawn. Kept, `--soak 1 --demo --soak-render-every 2` had
    /// the deck's old array alive beside the one it grew into until the next frame drawn.)
    private var drawnPixels: FramePixels?

    init(surface: GLWindow, content: SceneContent, tileLimit: Int? = TestConfiguration.current.maximumTextureSize) {
        self.surface = surface
        self.content = content
        sharp = content.deck.map { SharpPhotoTextures(photos: $0.fullViewPhotos, tileLimit: tileLimit) }
    }

    /// The window's drawable: what a frame fills unless told otherwise.
    var windowPixels: FramePixels { surface.pixels }

    /// Builds the scene for `frame` and renders it into `pixels` (not yet shown).
    func render(_ frame: Frame, into pixels: FramePixels) {
        builtPrograms = false
        if let due = deferredProgramsDue, frame.time >= due {
            buildDeferredPrograms()
            builtPrograms = true
        }
        let scene = buildScene(frame, for: pixels)
        // The frame that builds them also gets the first open's flight compiled (see
        // `Renderer.drawFlightUnshown`): the same pixels, drawn after it.
        if builtPrograms { renderer.drawFlightUnshown(over: scene, pixelWidth: pixels.width, pixelHeight: pixels.height) }
        renderScene(scene, into: pixels)
    }

    /// The first half of `render`: the scene for `frame`, to be drawn at `pixels`' scale.
    func buildScene(_ frame: Frame, for pixels: FramePixels) -> CardScene {
        content.scene(frame, pixelScale: pixels.scale(for: frame.layout.viewport), renderer: renderer, sharp: sharp)
    }

    /// The second half of `render`: draws `scene` into `pixels` (again, for a steady frame to time
    /// after the first).
    func renderScene(_ scene: CardScene, into pixels: FramePixels) {
        renderer.render(scene, pixelWidth: pixels.width, pixelHeight: pixels.height)
        if drawnPixels == nil { StartupTimeline.mark(.firstFrameDrawn) }
        drawnPixels = pixels
    }

    /// Shows the frame just rendered. After the first, the colour deck builds the programs the
    /// renderer left for later (see `Renderer.init(deferringPrograms:)`): compiled and linked now,
    /// while the first frame is on screen; llvmpipe still compiles their code at their first draw,
    /// in the next frame. (Drawing the frame again unshown to get that done here too broke the
    /// frames under sway: the cards came out 9 px narrower, as the Wayland tests showed; not
    /// understood yet.) A photo deck builds them later (`deferredProgramsDue`).
    func present() {
        surface.present()
        guard !presented else { return }
        presented = true
        StartupTimeline.mark(.firstFramePresented)
        if content.deck == nil { buildDeferredPrograms() }
        if StartupTimeline.traced, let report = StartupTimeline.report() {
            for line in report.split(separator: "\n") { Console.error(String(line)) }
        }
    }
    private(set) var presented = false

    /// When a photo deck's frames start building and drawing with the programs the renderer left
    /// for later: once its open is over (`PhotoDeck.openingEnd`), nil when they are built or wait
    /// for nothing. Until then frames take the one-call path, whose code llvmpipe compiled for the
    /// first frame, so the frame that brings a warm open's photos (just after the first) is only
    /// drawn: the split programs' first draw made that frame 96–484 ms long under Xvfb on this
    /// 2-core machine under load, the one-call path 17–22 ms (docs/performance.md, "Thumbnail
    /// cache"). The window's loop draws a frame then if none is due anyway (the same pixels), so
    /// that the first frame the user moves is not the one that compiles them.
    var deferredProgramsDue: Double? {
        guard presented, renderer.hasDeferredPrograms, let deck = content.deck else { return nil }
        return deck.openingEnd ?? -.infinity    // a deck never updated has no open to wait for
    }

    /// Whether the last `render` built the programs left for later (for the frame log).
    private(set) var builtPrograms = false

    private func buildDeferredPrograms() {
        guard renderer.hasDeferredPrograms else { return }
        do { try renderer.buildDeferredPrograms() } catch { fail(.failure, "\(error)") }
        StartupTimeline.mark(.deferredPrograms)
    }

    /// Waits until the GPU has drawn everything rendered so far (for timing: the offscreen swap
    /// does not wait).
    func finish() { renderer.finish() }

    /// The first pending GL error, if any, as text.
    func takeError() -> String? { renderer.takeError() }

    /// The frame just rendered, RGBA8 top row first.
    func readPixels(_ pixels: FramePixels) -> [UInt8] { renderer.readPixels(width: pixels.width, height: pixels.height) }

    // What the renderer did, for the measurements of `--bench`, `--soak` and `--screenshot`.

    /// Cards drawn in the last frame.
    var cardsDrawn: Int { renderer.cardsSubmitted }
    /// Draw calls issued in the last frame.
    var drawCalls: Int { renderer.drawCalls }
    /// How many times the shadow blur has run.
    var shadowBuilds: Int { renderer.shadowBuilds }
    /// The GL renderer's name ("llvmpipe (LLVM 15.0.6, 256 bits)", …).
    var glRendererName: String { GLVersion.current().renderer }
    /// GL textures alive now (in all, and for `use`), and created since start-up.
    var texturesAlive: Int { GLTextureCount.alive }
    func texturesAlive(_ use: GLTextureCount.Use) -> Int { GLTextureCount.alive(use) }
    var texturesCreated: Int { GLTextureCount.created }

    /// Counts every frame's fragment shader invocations from now on.
    func countFragments() { renderer.fragmentCounter = FragmentCounter() }

    /// Waits for the counts of the frames rendered so far; the newest, if counting.
    func finishFragmentCounts() -> UInt64? { renderer.fragmentCounter?.finishAll() }

    /// While the HUD shows, fragments are counted for its overdraw figure.
    func countFragmentsForHUD(_ shown: Bool) {
        if shown && renderer.fragmentCounter == nil { renderer.fragmentCounter = FragmentCounter() }
    }
}
