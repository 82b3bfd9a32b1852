import SwivelCore
import SwivelPhotos
import SwivelPlatform
import SwivelRender

/// One frame of Swivel, the same wherever frames are drawn — the interactive loop, `--screenshot`,
/// `--bench`, `--soak` and the latency probe: the deck's photos updated for the frame's pixel
/// scale, the row laid out at the controller's offset, the scene built (cards, captions, HUD, key
/// list), rendered into the frame's pixels and presented. Callers decide when a frame is due and
/// what they measure; what a frame is lives here.
final class FrameDriver {
    let surface: GLWindow
    let content: SceneContent
    private var renderer: Renderer { surface.renderer }
    /// The scene `buildScene` made last, and the pixels `renderScene` drew it into last.
    private var scene: CardScene?
    private var drawnPixels: FramePixels?
    /// The open photo's sharp picture (photo decks).
    let sharpPhoto = FullViewSharpPhoto()

    init(surface: GLWindow, content: SceneContent) {
        self.surface = surface
        self.content = content
    }

    /// The window's drawable: what a frame fills unless told otherwise.
    var windowPixels: FramePixels { surface.pixels }

    /// Lays the row out for the window's size when the layout's differs; returns the new size.
    func fitLayoutToWindow(_ controller: inout ScrollController, at time: Double) -> Size? {
        let size = surface.window.pointSize
        guard size != controller.layout.viewport else { return nil }
        var layout = controller.layout
        layout.viewport = size
        controller.updateLayout(layout, at: time)
        return size
    }

    /// A photo deck's step before drawing, at `pixels`' scale for the controller's layout: sizes
    /// the textures, says what to decode, uploads up to `uploadLimit` finished photos for up to
    /// `uploadSeconds` (see
    /// `PhotoDeck.update`), and applies what the deck reports: the cards whose files turned out
    /// unreadable leave `controller`, highest position first. Exits 1 when not one
    /// image could be read, unless `emptyIsFatal` is false (`--bench` reports an empty deck).
    /// Nil for the colour deck.
    @discardableResult
    func updatePhotos(_ controller: inout ScrollController, at time: Double, pixels: FramePixels,
                      settled: Bool = false, uploadLimit: Int = PhotoDeck.uploadsPerFrame, uploadSeconds: Double = .infinity,
                      emptyIsFatal: Bool = true) -> PhotoDeck.Update? {
        guard let deck = content.deck else { return nil }
        let update = deck.update(for: controller, at: time, pixelScale: pixels.scale(for: controller.layout.viewport),
                                 settled: settled, uploadLimit: uploadLimit, uploadSeconds: uploadSeconds)
        for position in update.removed { controller.removeCard(position, at: time) }
        // (A deck emptied by files deleted while it is open stays open, waiting for new ones.)
        if emptyIsFatal && deck.count == 0 && !update.removed.isEmpty { fail(.failure, "none of the images could be read") }
        return update
    }

    /// A photo deck's full view before drawing: asks for the open card's sharp photo at `pixels`'
    /// size, uploads it once decoded and gives `fullView` its size; frees it once closed. With
    /// `row` (the interactive loop), closed and at rest, the photo of the card it rests on is
    /// decoded ahead (`FullViewSharpPhoto.prepareResting`); without (`--screenshot`, the scroll
    /// bench), nothing is. Returns whether what it shows changed.
    @discardableResult
    func updateFullView(_ fullView: inout FullViewState, row: ScrollController? = nil, at time: Double,
                        pixels: FramePixels) -> Bool {
        guard let deck = content.deck else { return false }
        return sharpPhoto.update(&fullView, deck: deck, row: row, pixels: pixels, at: time)
    }

    /// Applies what the folder watch saw to the photo deck (`PhotoDeck.apply`) and to
    /// `controller`, whose offset moves with the centred card so that it stays where it is on
    /// screen. False when nothing in the deck changed.
    /// With `closingGaps` (Swivel's own Delete and Ctrl+Z), the removed cards shrink and fade out
    /// while the row closes round them, the restored ones grow in as it opens (`RowClosing`);
    /// otherwise the row changes at once.
    func applyFolderChanges(_ changes: [FolderChange], to controller: inout ScrollController, at time: Double,
                            closingGaps: Bool = false) -> Bool {
        guard let deck = content.deck else { return false }
        let centred = Int(controller.layout.centreIndex(scroll: controller.offset(at: time)).rounded())
        let taken: [RowClosing.Ghost] = !closingGaps ? [] : changes.compactMap { change in
            guard case .removed(let path) = change, let position = deck.position(of: path) else { return nil }
            return RowClosing.Ghost(position: position, color: PhotoDeck.placeholder,
                                    image: deck.textures == nil ? nil : deck.image(at: position, now: time))
        }
        guard let (count, moved) = deck.apply(changes, centred: centred) else { return false }
        let grown: [Int] = !closingGaps ? [] : changes.compactMap { change in
            guard case .written(let path, _) = change else { return nil }
            return deck.position(of: path)
        }
        controller.replaceCards(count: count, centredMovedBy: moved - centred, taken: taken, grown: grown, at: time)
        return true
    }

    /// Builds the scene for `controller` at `time` and renders it into `pixels` (not yet shown).
    /// Photos fade in as at `photoTime` (`.infinity`: long arrived), `time` when not given.
    func render(_ controller: ScrollController, fullView: FullViewState = FullViewState(), at time: Double,
                into pixels: FramePixels, photoTime: Double? = nil) {
        builtPrograms = false
        if let due = deferredProgramsDue, time >= due {
            buildDeferredPrograms()
            builtPrograms = true
        }
        buildScene(controller, fullView: fullView, at: time, for: pixels, photoTime: photoTime)
        // The frame that builds them also gets the first open's flight compiled (see
        // `Renderer.drawFlightUnshown`): the same pixels, drawn after it.
        if builtPrograms, let scene { renderer.drawFlightUnshown(over: scene, pixelWidth: pixels.width, pixelHeight: pixels.height) }
        renderScene(into: pixels)
    }

    /// The first half of `render`: the scene for `controller` at `time`, to be drawn at `pixels`'
    /// scale, kept for `renderScene`; the card open in `fullView` (or flying) over the row.
    func buildScene(_ controller: ScrollController, fullView: FullViewState = FullViewState(), at time: Double,
                    for pixels: FramePixels, photoTime: Double? = nil) {
        let view = fullView.shown(at: time)
        let open = view?.pages(at: time) ?? []
        scene = content.scene(layout: controller.layout, scroll: controller.offset(at: time),
                              pixelScale: pixels.scale(for: controller.layout.viewport),
                              now: photoTime ?? time, renderer: renderer, open: open,
                              sharp: { [sharpPhoto] page, frame in
                                  sharpPhoto.flying(page: page, frame: frame, view: view, now: photoTime ?? time)
                              },
                              infoCard: view?.openPage(at: time),
                              closing: controller.closing, rowTime: time)
    }

    /// The second half of `render`: draws the scene built last into `pixels` (again, for a
    /// steady frame to time after the first).
    func renderScene(into pixels: FramePixels) {
        guard let scene else { return }
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
        if StartupTimeline.traced, let report = StartupTimeline.report() { Console.error(report) }
    }
    private var presented = false

    /// When a photo deck's frames start building and drawing with the programs the renderer left
    /// for later: once its open is over (`PhotoDeck.openingEnd`), nil when they are built or wait
    /// for nothing. Until then frames take the one-call path, whose code llvmpipe compiled for the
    /// first frame, so the frame that brings a warm open's photos (just after the first) is only
    /// drawn: the split programs' first draw made that frame 96–484 ms long under Xvfb on this
    /// 2-core machine under load, the one-call path 17–22 ms (docs/performance.md, "Thumbnail
    /// cache"). The frame loop draws a frame then if none is due anyway (the same pixels), so
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
    /// GL textures alive now, and created since start-up.
    var texturesAlive: Int { GLTextureCount.alive }
    var texturesCreated: Int { GLTextureCount.created }

    /// Counts every frame's fragment shader invocations from now on.
    func countFragments() { renderer.fragmentCounter = FragmentCounter() }

    /// Waits for the counts of the frames rendered so far; the newest, if counting.
    func finishFragmentCounts() -> UInt64? { renderer.fragmentCounter?.finishAll() }

    /// Shows or hides the HUD (while shown, fragments are counted for its overdraw figure).
    func showHUD(_ visible: Bool) { content.showHUD(visible, on: renderer) }
}
