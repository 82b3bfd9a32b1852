import SwivelCore
import SwivelPhotoCore
import SwivelPhotos

/// What one frame shows, worked out by the app's state (`AppState.frame`) before anything is
/// drawn: the row's cards, the cards of the full view over it, the overlays, the window's title.
/// A value, so that whether a frame is due is whether it differs from the frame on screen
/// (`differs(from:)`): an animation, a fade, a photo arriving for a card that shows, a key that
/// toggles a panel all give another frame; a photo arriving for a card off screen does not.
/// `SceneContent` turns it into the renderer's `CardScene`.
struct Frame {
    /// The time the frame's animations are worked out for, and the one its photos' fades are.
    let time: Double, photoTime: Double
    let layout: CarouselLayout
    /// The drawable's size.
    let pixels: FramePixels
    /// The row's cards in paint order, as drawn.
    let cards: [CardInstance]
    /// The same cards with the photos of those that cannot show left out: what is compared.
    let cardsShowing: [CardInstance]
    /// The cards of the full view (the one flying to or from it, or the pages showing).
    let flying: [FlyingPage]
    /// Badges over the flying or open cards that are marked.
    let badges: [Point]
    /// Rating strips over the flying or open cards that are rated.
    let ratingStrips: [RatingStrip]
    /// The open photo's clipped pixels are marked (J).
    let clipping: Bool
    /// The centred card's caption and how far it shows, under the row (none while a card flies).
    let caption: (name: String, opacity: Double)?
    let keyList: Bool
    /// The information panel's card and its files (nil: a colour card), while it shows, and (in the
    /// full view) the open photo's histogram once its decode thread has it.
    let info: (card: Int, files: CardFiles?, histogram: Histogram?)?
    let notice: String?
    /// Whether the HUD shows, and what it says of the deck (its frame figures are not compared).
    let hud: HUDFacts?
    let title: String
    /// `SharpPhotoPlan.drawnVersion`: a band of the full resolution up where the view draws it.
    let sharpVersion: Int

    /// What the HUD says of the deck: how many cards are marked, the current photo's rating.
    struct HUDFacts: Equatable {
        let marked: Int
        let rating: String
    }

    /// One card of the full view: its place in the deck, its flight frame, its card's photo (or
    /// colour), and its sharp photo's fade where the view shows it at the sharp photo's size.
    struct FlyingPage: Equatable {
        let index: Int
        let frame: FlightFrame
        let color: RGBA8
        let image: CardImage?
        let sharp: SharpShowing?
        /// How the sharp photo is turned on screen beyond its pixels (`image` carries the card
        /// texture's turn).
        var sharpTurn = ContentTurn.identity
    }

    /// Whether this frame shows something `other` does not (nil: nothing on screen yet).
    func differs(from other: Frame?) -> Bool {
        guard let other else { return true }
        return layout != other.layout || pixels != other.pixels || cardsShowing != other.cardsShowing
            || flying != other.flying || badges != other.badges || ratingStrips != other.ratingStrips || clipping != other.clipping || caption?.name != other.caption?.name
            || caption?.opacity != other.caption?.opacity || keyList != other.keyList || info?.card != other.info?.card
            || info?.files != other.info?.files || info?.histogram != other.info?.histogram || notice != other.notice || hud != other.hud || title != other.title
            || sharpVersion != other.sharpVersion
    }
}
