import SwivelCore
import SwivelRender

/// Everything the app shows besides the scroll position: the deck (built-in colours or photos),
/// the background, and the overlays (captions, HUD, key list). Builds each frame's `CardScene`.
final class SceneContent {
    let deck: PhotoDeck?
    let background: RGBA8
    let captions: Captions?
    let hud: HUD
    let keyHelp = KeyHelp()
    /// Marks, copy and `--pick`'s Enter; the marked cards carry a badge.
    let deckKeys: DeckKeys
    /// I: the shown photo's information (`DeckKeys` toggles it).
    let info = InfoPanel()
    /// What Delete and Ctrl+Z did, or the question before a Delete of several photos.
    let notice = NoticeLine()

    init(deck: PhotoDeck?, background: RGBA8, captions: Bool, hudVisible: Bool, picking: Bool = false) {
        self.deck = deck
        self.background = background
        self.captions = deck != nil && captions ? Captions() : nil
        hud = HUD(visible: hudVisible)
        deckKeys = DeckKeys(deck: deck, notice: notice, info: info, picking: picking)
    }

    /// Shows or hides the HUD; while shown, `renderer` counts fragments for its overdraw figure.
    func showHUD(_ visible: Bool, on renderer: Renderer) {
        hud.isVisible = visible
        if visible && renderer.fragmentCounter == nil { renderer.fragmentCounter = FragmentCounter() }
    }

    /// The scene to draw; the HUD reports what `renderer` did in its last frame.
    /// `open` are the cards of the full view (the one flying to or from it, or the pages
    /// showing) and where they are; `sharp`, the sharp photo of a page, drawn instead of its card's texture.
    func scene(layout: CarouselLayout, scroll: Double, pixelScale: Double, now: Double,
               renderer: Renderer, open: [(index: Int, frame: FlightFrame)] = [],
               sharp: (_ page: Int, _ frame: FlightFrame)
                   -> (texture: FullViewTexture, fallback: FullViewTexture?, opacity: Double,
                       standIn: (clip: Rect, crop: Rect)?)? = { _, _ in nil },
               infoCard: Int? = nil, closing: RowClosing? = nil, rowTime: Double = 0)
        -> CardScene {
        var scene = rowScene(layout: layout, scroll: scroll, pixelScale: pixelScale, now: now, renderer: renderer,
                             captioned: open.isEmpty, closing: closing, rowTime: rowTime)
        if let panel = info.overlay(card: infoCard ?? layout.nearestCard(to: scroll), deck: deck,
                                    viewport: layout.viewport, pixelScale: pixelScale) {
            scene.overlays.append(panel)
        }
        let marks = deckKeys.marks
        scene.badges = open.filter { marks.isMarked($0.index) }.map { MarkBadge.fullView(clip: $0.frame.clip) }
        scene.flyingCards = open.map { index, frame in
            let image = deck?.textures == nil ? nil : deck?.image(at: index, now: now)
            let shown = sharp(index, frame)
            var card = FlyingCard(clip: frame.clip, cornerRadius: frame.cornerRadius, crop: frame.crop,
                                  color: deck == nil ? SystemColor.seedDeckColor(index) : PhotoDeck.placeholder,
                                  image: image, sharp: shown?.texture, othersOpacity: frame.othersOpacity)
            card.sharpFallback = shown?.fallback
            card.sharpOpacity = shown?.opacity ?? 1
            card.standIn = shown?.standIn
            return card
        }
        return scene
    }

    /// The row alone; its caption only when `captioned` (a card flying over it hides the caption).
    private func rowScene(layout: CarouselLayout, scroll: Double, pixelScale: Double, now: Double,
                          renderer: Renderer, captioned: Bool, closing: RowClosing?, rowTime: Double) -> CardScene {
        var overlays: [Overlay] = []
        if captioned, let deck, let caption = captions?.overlay(deck: deck, layout: layout, scroll: scroll,
                                                      pixelScale: pixelScale, background: background) {
            overlays.append(caption)
        }
        hud.marked = deckKeys.marks.count
        if let panel = hud.overlay(now: now, pixelScale: pixelScale, drawCalls: renderer.drawCalls,
                                   cards: renderer.cardsSubmitted, overdraw: renderer.lastOverdraw) {
            overlays.append(panel)
        }
        if let panel = keyHelp.overlay(viewport: layout.viewport, pixelScale: pixelScale) {
            overlays.append(panel)
        }
        let marks = deckKeys.marks
        if let line = notice.overlay(viewport: layout.viewport, pixelScale: pixelScale) {
            overlays.append(line)
        }
        guard let deck else {
            return CardScene(viewport: layout.viewport, parameters: layout.parameters,
                             cards: layout.instances(scroll: scroll, marked: marks.isMarked), background: background,
                             overlays: overlays)
        }
        let textures = deck.textures
        // A leaving card's photo shows while no other card's upload has taken its layer.
        let closing = closing?.withImages { textures == nil || deck.holdsLayer($0.layer) ? nil : $0 }
        let cards = layout.instances(scroll: scroll, closing: closing, at: rowTime, color: { _ in PhotoDeck.placeholder },
                                     image: { textures == nil ? nil : deck.image(at: $0, now: now) },
                                     marked: marks.isMarked)
        return CardScene(viewport: layout.viewport, parameters: layout.parameters, cards: cards,
                         background: background, textures: textures, overlays: overlays)
    }
}
