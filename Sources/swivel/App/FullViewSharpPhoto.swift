import SwivelCore
import SwivelPhotos
import SwivelRender

/// The open photo's sharp picture in the frame step: the deck's `FullViewPhotos` is asked for the
/// open card's photo at the window's pixel size (spec: "On open the card's texture shows at once
/// (upscaled); the photo is then decoded at the window's pixel size … and replaces it"); once it
/// arrives it is uploaded as one texture and the view takes its size (`FullViewState.setImageSize`).
/// The card's texture shows until then. Closing frees it. Neighbours and tiles are not asked for yet.
final class FullViewSharpPhoto {
    /// The texture of card `card`'s photo.
    private(set) var shown: (card: Int, texture: FullViewTexture)?
    /// The photo asked for: its card, id and the window's pixel size.
    private var asked: (card: Int, id: Int, width: Int, height: Int)?
    /// Whether the asked photo's decode or upload failed (the card's texture stays).
    private var givenUp = false

    /// Asks for, takes in and applies the open card's sharp photo; frees it once no card is open.
    func update(_ fullView: inout FullViewState, deck: PhotoDeck, pixels: FramePixels, at time: Double) {
        let photos = deck.fullViewPhotos
        guard let view = fullView.shown(at: time) else {
            if asked != nil || shown != nil { photos.close() }
            (asked, shown, givenUp) = (nil, nil, false)
            return
        }
        // Paging away (or closing) keeps what the open card has; a page turned to is not asked for.
        if view.transition.isOpening, view.strip.destinationPage(at: time) == view.index,
           let id = deck.photoID(at: view.index), pixels.width > 0, pixels.height > 0,
           asked.map({ ($0.card, $0.id, $0.width, $0.height) != (view.index, id, pixels.width, pixels.height) }) ?? true {
            if asked.map({ $0.card != view.index || $0.id != id }) ?? true { shown = nil }
            asked = (view.index, id, pixels.width, pixels.height)
            givenUp = false
            // The budget: the open photo at the window's size, 4 bytes a pixel.
            photos.open(id, window: (pixels.width, pixels.height), neighbours: [],
                        budgetBytes: pixels.width * pixels.height * 4)
        }
        for finished in photos.takeFinished() {
            guard let asked, finished.image == FullViewPhotos.Image(id: asked.id, resolution: .window) else { continue }
            switch finished.result {
            case .success(let decoded):
                do {
                    shown = (asked.card, try FullViewTexture(pixels: decoded.pixels, width: decoded.width,
                                                             height: decoded.height))
                } catch {
                    givenUp = true
                    Console.error("swivel: \(deck.name(at: asked.card)): full view shows the card's texture: \(error)")
                }
            case .failure(let error):
                givenUp = true
                Console.error("swivel: \(error.path): full view shows the card's texture: \(error.reason)")
            }
        }
        // Taken at fit only: the new size puts the view back at fit, which must not undo a zoom
        // (the photo waits, the card's texture zoomed, until the view is at fit again).
        if let shown, shown.card == view.index, view.transition.isOpening,
           view.strip.destinationPage(at: time) == view.index, view.zoom.isFitted(at: time),
           !view.zoom.isAnimating(at: time), !view.zoom.isHeld {
            fullView.setImageSize(Size(Double(shown.texture.width), Double(shown.texture.height)), forCard: shown.card)
        }
    }

    /// Whether the open card's sharp photo is asked for and neither shown nor given up on.
    var isWaiting: Bool { asked != nil && shown == nil && !givenUp }

    /// The texture to draw for the open view's card: only while the view places the photo at its size.
    func texture(for view: FullView?) -> (card: Int, texture: FullViewTexture)? {
        guard let view, let shown, shown.card == view.index, view.hasImageSize else { return nil }
        return shown
    }
}
