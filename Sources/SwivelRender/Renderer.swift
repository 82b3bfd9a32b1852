import CGL
import SwivelCore

/// Draws a `CardScene` into the current framebuffer with OpenGL 3.3 core. Needs a current context.
public final class Renderer {
    private let shadow: ShadowTexture
    private let cards: CardPass
    /// Built with the first overlay drawn, or by `buildDeferredPrograms`.
    private var overlayPass: OverlayPass?
    /// Built at the first frame with a flying card (most sessions never open one).
    private var flightPass: FlightPass?
    /// The row drawn once for the frames of a flight over it, released when no card flies.
    private let rowLayer = RowLayer()

    /// Cards sent to the GPU in the last frame.
    public private(set) var cardsSubmitted = 0
    /// When set, counts each frame's fragment shader invocations (not the one-off shadow blur).
    public var fragmentCounter: FragmentCounter?
    /// Fragment shader invocations per window pixel of the newest counted frame (the overdraw
    /// factor), when `fragmentCounter` is set and a frame has finished.
    public var lastOverdraw: Double? {
        guard let count = fragmentCounter?.lastCount, lastPixelCount > 0 else { return nil }
        return Double(count) / Double(lastPixelCount)
    }
    private var lastPixelCount = 0
    /// Draw calls issued in the last frame.
    public private(set) var drawCalls = 0
    /// How many times the shadow blur has run since start-up.
    public var shadowBuilds: Int { shadow.buildCount }

    /// Makes the passes; leaves the GL state as it found it. With `deferringPrograms`, only the
    /// programs a first frame of cards needs are built — the shadow's two and the cards' one-call
    /// program, 3 of 7 —, and frames take the one-call path (the same pixels) until
    /// `buildDeferredPrograms` builds the rest: llvmpipe compiles a program at link and again at its
    /// first draw, and under Xvfb on 2 cores that was a fifth of the time to the first frame.
    public init(deferringPrograms: Bool = false) throws {
        (shadow, cards) = try GLState.preserving { (try ShadowTexture(), try CardPass(deferringSplit: deferringPrograms)) }
        if !deferringPrograms { overlayPass = try GLState.preserving { try OverlayPass() } }
    }

    /// Whether programs are still to be built by `buildDeferredPrograms`.
    public var hasDeferredPrograms: Bool { !cards.hasSplitPrograms || overlayPass == nil }

    /// Builds the programs `init(deferringPrograms: true)` left out; leaves the GL state as it found it.
    public func buildDeferredPrograms() throws {
        try GLState.preserving {
            try cards.buildSplitPrograms()
            if overlayPass == nil { overlayPass = try OverlayPass() }
        }
    }

    /// The flight pass, built at its first use (a shader that does not build is a broken build).
    private func builtFlightPass() -> FlightPass {
        if let flightPass { return flightPass }
        do {
            let pass = try GLState.preserving { try FlightPass() }
            flightPass = pass
            return pass
        } catch {
            fatalError("\(error)")
        }
    }

    /// The overlay pass, built now if it was deferred (a shader that does not build is a broken
    /// build: the tests build every program).
    private func builtOverlayPass() -> OverlayPass {
        if let overlayPass { return overlayPass }
        do {
            let pass = try GLState.preserving { try OverlayPass() }
            overlayPass = pass
            return pass
        } catch {
            fatalError("\(error)")
        }
    }

    /// Draws `scene` once with a card flying over it — its card's texture, then a small sharp photo
    /// fading in over it — into the current framebuffer, which the frame drawn next clears: llvmpipe
    /// compiles a program's code for each state it is drawn in at its first such draw, and a photo
    /// deck's first open otherwise paid that in its first flight frame (one frame of 260-280 ms
    /// where the others take 10-20, at 1280×720 on this 2-core machine: the row's layer, the layer
    /// and photo drawn by `photo.frag`, the card by `flight.frag`). Counts no fragments and leaves
    /// the frame's figures (`drawCalls`, `cardsSubmitted`) to the frame drawn next.
    public func drawFlightUnshown(over scene: CardScene, pixelWidth: Int, pixelHeight: Int) {
        guard scene.flyingCards.isEmpty, scene.viewport.width > 0, scene.viewport.height > 0 else { return }
        let counter = fragmentCounter
        fragmentCounter = nil
        defer { fragmentCounter = counter }
        let size = scene.viewport, corner = scene.parameters.cardOutline.cornerRadius
        let clip = Rect(x: size.width / 4, y: size.height / 4, width: size.width / 2, height: size.height / 2)
        let image = scene.textures == nil ? nil : scene.cards.last.map { CardImage(layer: Int($0.layer), opacity: 1) }
        var card = FlyingCard(clip: clip, cornerRadius: corner, crop: .unit, color: RGBA8(128, 128, 128, 255),
                              image: image, othersOpacity: 0.5)
        var flight = scene
        flight.overlays = []
        flight.flyingCards = [card]
        render(flight, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        // The sharp photo's draws (its own texture's state), over its stand-in.
        guard let sharp = try? GLState.preserving({ try FullViewTexture(pixels: [UInt8](repeating: 255, count: 3 * 3 * 4), width: 3, height: 3) })
        else { return }
        card.sharp = sharp
        card.sharpOpacity = 0.5
        card.standIn = (clip: clip, crop: Rect.unit)
        card.cornerRadius = 0
        flight.flyingCards = [card]
        render(flight, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// Renders one frame. `pixelSize` is the drawable's size in pixels; the layout is in points.
    /// Leaves the GL state as it found it (see `GLState`).
    public func render(_ scene: CardScene, pixelWidth: Int, pixelHeight: Int) {
        render(scene, pixelWidth: pixelWidth, pixelHeight: pixelHeight, flightDrawList: { FlightDrawList($0) })
    }

    /// Renders one frame whose flying cards are drawn by the list `flightDrawList` makes of what
    /// the frame holds: `FlightDrawList.init` as it is, or with an option the tests compare with.
    func render(_ scene: CardScene, pixelWidth: Int, pixelHeight: Int,
                flightDrawList: (FlightDrawList.Input) -> FlightDrawList) {
        let saved = GLState.current()
        defer { saved.restore() }
        let viewport = scene.viewport
        let pixelScale = FramePixels(width: pixelWidth, height: pixelHeight).scale(for: viewport)
        lastPixelCount = pixelWidth * pixelHeight
        let parameters = scene.parameters
        Self.setFrameState(pixelWidth: pixelWidth, pixelHeight: pixelHeight, background: scene.background)
        shadow.update(.init(cardSize: parameters.cardSize,
                            cornerRadius: parameters.cardOutline.cornerRadius,
                            sigma: parameters.shadowRadius, reach: parameters.shadowReach,
                            pixelScale: pixelScale))

        fragmentCounter?.begin()
        defer { fragmentCounter?.end() }
        glClear(GLc.colorBufferBit)
        drawCalls = 0
        guard viewport.width > 0, viewport.height > 0 else { cardsSubmitted = 0; return }

        // Under a full view at rest nothing of the row shows: it is not drawn.
        let rowShows = (scene.flyingCards.first?.othersOpacity ?? 1) > 0
        cardsSubmitted = rowShows ? scene.cards.count : 0
        func drawRow() -> Int {
            cards.draw(scene.cards, viewport: viewport, pixelScale: pixelScale, parameters: parameters,
                       shadowTexture: shadow.texture, images: scene.textures, pairTag: scene.pairTag)
        }
        // Under a flight the row is drawn once into `rowLayer`, which each frame then draws at
        // the row's opacity; a background that is not opaque keeps the veil (the layer holds the
        // row over the background: drawn translucent it would lose the background's alpha).
        var row: FlightDrawList.Row?
        if rowShows && !scene.flyingCards.isEmpty && scene.background.a == 255 {
            let key = RowLayer.Key(cards: scene.cards, parameters: parameters, background: scene.background,
                                   viewport: viewport, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                   shadowTexture: shadow.texture, shadowBuilds: shadow.buildCount,
                                   images: scene.textures?.contentVersion)
            drawCalls += rowLayer.update(key, drawRow: drawRow)
            // Where the layer is its clear colour, drawing it at opacity o over the window cleared
            // to the same colour gives that colour back when each channel is 0 or 255 (255·o
            // rounded, plus 255 times the rest, is 255 in 8 bits): those pixels need no draw.
            // Other colours may round a level off, so they keep the whole window.
            let window = LayerPixels.window(width: pixelWidth, height: pixelHeight)
            let exact = [scene.background.r, scene.background.g, scene.background.b].allSatisfy { $0 == 0 || $0 == 255 }
            let drawn = exact ? RowLayer.drawnPixels(of: scene.cards, parameters: parameters, pixelScale: pixelScale,
                                                     width: pixelWidth, height: pixelHeight) : window
            row = FlightDrawList.Row(texture: rowLayer.texture, width: pixelWidth, height: pixelHeight, drawn: drawn)
        } else {
            rowLayer.release()
            if rowShows { drawCalls += drawRow() }
        }
        if !scene.flyingCards.isEmpty {
            let input = FlightDrawList.Input(
                cards: scene.flyingCards.map(\.drawn), background: scene.background, viewport: viewport,
                pixelScale: pixelScale,
                cardArray: scene.textures.map { FlightDrawList.CardArray(texture: $0.texture, opaqueLayers: $0.opaqueLayers) },
                row: row)
            do {
                drawCalls += try builtFlightPass().execute(flightDrawList(input), clippingMarks: scene.clippingMarks)
            } catch {
                fatalError("\(error)")   // a shader of Swivel's own that does not build, as the passes' other programs
            }
        }
        drawCalls += cards.drawBadges(at: scene.badges, viewport: viewport, pixelScale: pixelScale, parameters: parameters)
        drawCalls += cards.drawRatingStrips(scene.ratingStrips, viewport: viewport, pixelScale: pixelScale, parameters: parameters)
        for overlay in scene.overlays where builtOverlayPass().draw(overlay, viewport: viewport, pixelScale: pixelScale) {
            drawCalls += 1
        }
    }

    /// The state every frame is drawn in, the one place that says what it is: the window's
    /// framebuffer (0) and its whole drawable as the viewport; blending on with premultiplied
    /// alpha (`ONE, ONE_MINUS_SRC_ALPHA`, added); depth test off (paint order alone orders the
    /// cards: the window has no depth buffer); back faces drawn (no culling: a card turned past 90°
    /// shows its back); no scissor or stencil test; all colour channels written; texture unit 0
    /// active. The passes leave these as they found them. Programs, vertex arrays, buffers and
    /// textures are bound by each pass before it draws. `GLState` saves and restores exactly these
    /// and those bindings.
    private static func setFrameState(pixelWidth: Int, pixelHeight: Int, background: RGBA8) {
        glActiveTexture(GLc.texture0)
        glBindFramebuffer(GLc.framebuffer, 0)
        glViewport(0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight))
        glEnable(GLc.blend)
        glBlendEquationSeparate(GLc.funcAdd, GLc.funcAdd)
        glBlendFunc(GLc.one, GLc.oneMinusSrcAlpha)
        glDisable(GLc.depthTest)
        glDisable(GLc.cullFace)
        glDisable(GLc.scissorTest)
        glDisable(GLc.stencilTest)
        let all = GLboolean(GL_TRUE)
        glColorMask(all, all, all, all)
        let clear = background.premultiplied
        glClearColor(clear.r, clear.g, clear.b, clear.a)
    }

    /// Blocks until the GPU has finished everything submitted (the offscreen driver's swap does not).
    public func finish() { glFinish() }

    /// Sends everything submitted to the GPU without waiting. A display's swap does this itself;
    /// SDL's offscreen driver's does not, and Mesa's llvmpipe then keeps binning frame after frame
    /// into one never-drawn scene (hundreds of MiB within seconds, drawn all at once when something
    /// finally flushes).
    public func flush() { glFlush() }

    /// The most `takeError` calls that clear every pending error (`GLErrorFlags.maximumReads` says
    /// why). A loop taking errors stops there: a lost context may report one on every call.
    public static let maximumPendingErrors = GLErrorFlags.maximumReads

    /// The first pending GL error, if any, as text.
    public func takeError() -> String? {
        let error = glGetError()
        return error == GLc.noError ? nil : "OpenGL error 0x" + String(error, radix: 16)
    }

    /// The back buffer's pixels as RGBA8, top row first.
    /// Leaves the GL state as it found it.
    public func readPixels(width: Int, height: Int) -> [UInt8] {
        glFinish()
        var (framebuffer, buffer, alignment): (GLint, GLint, GLint) = (0, 0, 0)
        glGetIntegerv(GLc.readFramebufferBinding, &framebuffer)
        glBindFramebuffer(GLc.readFramebuffer, 0)
        glGetIntegerv(GLc.readBuffer, &buffer)      // framebuffer 0's own
        glGetIntegerv(GLc.packAlignment, &alignment)
        glPixelStorei(GLc.packAlignment, 1)
        glReadBuffer(GLc.back)
        var bottomUp = [UInt8](repeating: 0, count: width * height * 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLc.rgba, GLc.unsignedByte, &bottomUp)
        glReadBuffer(GLenum(buffer))
        glPixelStorei(GLc.packAlignment, alignment)
        glBindFramebuffer(GLc.readFramebuffer, GLuint(framebuffer))
        var topDown = [UInt8](repeating: 0, count: bottomUp.count)
        let row = width * 4
        for y in 0..<height {
            let from = (height - 1 - y) * row
            topDown.replaceSubrange(y * row..<(y + 1) * row, with: bottomUp[from..<from + row])
        }
        return topDown
    }
}
