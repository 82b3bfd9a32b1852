import SwivelCore
import SwivelPhotos
import SwivelRender

/// Turns a `Frame` into the renderer's `CardScene`: the deck's photos (their texture array), the
/// background, and the overlays drawn into images (captions, HUD, key list, notice line,
/// information panel), each rendered again only when what it shows changes.
final class SceneContent {
    let deck: PhotoDeck?
    let background: RGBA8
    /// The file name under the centred photo (a photo deck's, unless `--no-captions`).
    private let captions: Captions?
    let hud = HUD()
    private let keyList = KeyListOverlay()
    private let info: InfoPanel
    private let notice = NoticeOverlay()
    private let pairTag = PairTagOverlay()

    init(deck: PhotoDeck?, background: RGBA8, captions: Bool = true) {
        self.deck = deck
        self.background = background
        self.captions = deck != nil && captions ? Captions() : nil
        info = InfoPanel(histograms: deck != nil)
    }

    /// The scene for `frame` at `pixelScale`; the HUD reports what `renderer` did in its last
    /// frame; the full view's sharp photos come from `sharp`.
    func scene(_ frame: Frame, pixelScale: Double, renderer: Renderer, sharp: SharpPhotoTextures<FullViewTexture>?) -> CardScene {
        let layout = frame.layout
        var overlays: [Overlay] = []
        if let caption = frame.caption,
           let overlay = captions?.overlay(name: caption.name, opacity: caption.opacity, layout: layout,
                                          pixelScale: pixelScale, background: background) {
            overlays.append(overlay)
        }
        if let facts = frame.hud {
            (hud.marked, hud.rating) = (facts.marked, facts.rating)
            if let panel = hud.overlay(now: frame.photoTime, pixelScale: pixelScale, drawCalls: renderer.drawCalls,
                                       cards: renderer.cardsSubmitted, overdraw: renderer.lastOverdraw) {
                overlays.append(panel)
            }
        }
        if frame.keyList, let panel = keyList.overlay(viewport: layout.viewport, pixelScale: pixelScale) {
            overlays.append(panel)
        }
        if let text = frame.notice, let line = notice.overlay(text, viewport: layout.viewport, pixelScale: pixelScale) {
            overlays.append(line)
        }
        if let shown = frame.info {
            overlays += info.overlays(card: shown.card, files: shown.files, histogram: shown.histogram, viewport: layout.viewport,
                                      pixelScale: pixelScale)
        }
        var scene = CardScene(viewport: layout.viewport, parameters: layout.parameters, cards: frame.cards,
                              background: background, textures: deck?.textures, overlays: overlays)
        scene.badges = frame.badges
        scene.ratingStrips = frame.ratingStrips
        scene.clippingMarks = frame.clipping
        if frame.cards.contains(where: { $0.tagged > 0.5 }) { scene.pairTag = pairTag.text(pixelScale: pixelScale) }
        scene.flyingCards = frame.flying.map { page in
            var card = FlyingCard(clip: page.frame.clip, cornerRadius: page.frame.cornerRadius, crop: page.frame.crop,
                                  color: page.color, image: page.image, othersOpacity: page.frame.othersOpacity)
            if let showing = page.sharp, let textures = sharp?.textures(card: page.index, showing: page.frame.crop) {
                card.sharp = textures.texture
                card.sharpFallback = textures.fallback
                card.sharpOpacity = showing.opacity
                card.standIn = showing.standIn
                card.sharpTurn = page.sharpTurn
            }
            return card
        }
        return scene
    }
}
