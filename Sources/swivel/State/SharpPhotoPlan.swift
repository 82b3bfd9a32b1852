import SwivelCore
import SwivelPhotos

/// The full view's sharp photos as the app's state decides them (spec: "On open the card's texture
/// shows at once (upscaled); the photo is then decoded at the window's pixel size … and replaces
/// it"): which photos to ask for (`requests`), what arrived (`take`), and how each page shows. The
/// open page's photo is asked for at the window's pixel size, its two neighbours ahead of time;
/// each arrival gives the view its size (`FullViewState.setSharpSizes`), so that a page turned to
/// shows its sharp photo in its first frame. Zoomed past the window-size decode, the open photo's
/// full resolution is asked for and replaces its texture, the view staying where it is (the view's
/// image size is the whole photo's from the start). Only the open page and its neighbours hold
/// photos; closing frees them all. With the view closed, the photo of the card the row rests on is
/// decoded at the window's size ahead, so that opening it shows its sharp photo in the open's first
/// frame. The pixels themselves are `SharpPhotoTextures`', which does what the requests say and
/// reports what came (`SharpPhotoEvent`).
struct SharpPhotoPlan: Equatable, Sendable {
    /// One page's sharp photo, as far as the state knows it.
    struct Page: Equatable, Sendable {
        let id: Int
        /// The whole photo's upright size: what the view places (1:1 is one of its pixels a device pixel).
        let imageSize: Size
        /// The window-size decode's width in pixels: zoomed past it, the full resolution is asked for.
        let windowWidth: Int
        /// When it replaced its card's texture on the open page (the fade); nil: shown at once.
        var shownAt: Double?
        /// The full resolution, once it has arrived: going up a few bands a frame, or all up.
        var full: FullResolution?
    }

    enum FullResolution: Equatable, Sendable { case uploading, complete }

    /// The sharp photos at hand, by card.
    private(set) var pages: [Int: Page] = [:]
    /// What was asked for: the open page, its photo id, the window's pixel size and the neighbours' ids by card.
    private(set) var asked: AskedPhotos?
    /// Photos whose window-size decode or upload failed (their card's texture stays), by id.
    private var givenUp: Set<Int> = []
    /// Whether the open page's full resolution is asked for, and whether it failed (it stays at the size it has).
    private var fullAsked = false, fullGivenUp = false
    /// The full resolution is to be asked for in the next `requests` (zoomed past the window's decode).
    private var fullWanted = false
    /// The photo asked for ahead with the view closed.
    private var preparing: Int?
    /// Bumped whenever what the open page draws changes without the view moving (a band of its
    /// full resolution up where the view draws it): the frame says it, so that it is drawn.
    private(set) var drawnVersion = 0
    /// The last window-size decode taken in: its photo's id and its wall and CPU milliseconds on
    /// the decode thread (for `--bench --open`).
    private(set) var lastWindowDecode: (id: Int, wallMilliseconds: Double, cpuMilliseconds: Double)?

    static func == (a: SharpPhotoPlan, b: SharpPhotoPlan) -> Bool {
        a.pages == b.pages && a.asked == b.asked && a.givenUp == b.givenUp && a.fullAsked == b.fullAsked
            && a.fullGivenUp == b.fullGivenUp && a.fullWanted == b.fullWanted && a.preparing == b.preparing
            && a.drawnVersion == b.drawnVersion
    }

    /// What the photo of `card` is, for the requests: its id (nil past the deck's end).
    typealias PhotoIDs = (Int) -> Int?

    /// What to ask `SharpPhotoTextures` for at `time`: with no view shown, to let everything go and,
    /// when `row` is given and at rest with every visible photo in (`rowResting`), to decode the
    /// photo it rests on ahead; with one open, its page and neighbours at `pixels`' size within
    /// `budgetBytes`, and its full resolution once zoomed past the window's decode.
    /// `standIns`: photos read again (new id → old id), whose old sharp photo stays until theirs arrives.
    mutating func requests(_ fullView: FullViewState, photoIDs: PhotoIDs, count: Int, row: ScrollController?,
                           rowResting: Bool, pixels: FramePixels, budgetBytes: Int, standIns: [Int: Int] = [:],
                           at time: Double) -> [SharpPhotoRequest] {
        guard let view = fullView.shown(at: time) else {
            var requests: [SharpPhotoRequest] = []
            if asked != nil || !pages.isEmpty { requests.append(.close) }
            (asked, pages, givenUp, fullAsked, fullGivenUp, fullWanted) = (nil, [:], [], false, false, false)
            if let row {
                requests += prepareResting(row, photoIDs: photoIDs, resting: rowResting, pixels: pixels,
                                           budgetBytes: budgetBytes, at: time)
            } else if preparing != nil {
                // A step that decodes nothing ahead lets go of what an earlier one asked for.
                preparing = nil
                requests.append(.stopPreparing(window: pixels))
            }
            return requests
        }
        preparing = nil    // opened: taken as the open photo's decode, or freed (`FullViewPhotos.open`)
        var requests: [SharpPhotoRequest] = []
        // Closing keeps what the open card has; open, the page heading into view is asked for.
        let card = view.page
        if view.transition.isOpening, let id = photoIDs(card), pixels.width > 0, pixels.height > 0 {
            var neighbours: [Int: Int] = [:]
            // With `--loop` the pages wrap: the first page's neighbour before it is the last.
            let wraps = view.strip.wraps
            for next in [card + 1, card - 1] {
                let other = wraps && count > 0 ? (next % count + count) % count : next
                if other != card, let id = photoIDs(other) { neighbours[other] = id }
            }
            let wanted = AskedPhotos(card: card, id: id, width: pixels.width, height: pixels.height, neighbours: neighbours)
            if asked != wanted {
                if asked.map({ $0.card != card || $0.id != id }) ?? true { (fullAsked, fullGivenUp, fullWanted) = (false, false, false) }
                // A new window size asks again at it; what is shown stays until the new decode replaces it.
                let resized = asked.map { ($0.width, $0.height) != (pixels.width, pixels.height) } ?? false
                if resized { (fullAsked, fullWanted) = (false, false) }
                // Only the open page keeps a full resolution, and only at the window's size it was asked at.
                let kept = neighbours.merging([card: id]) { a, _ in a }
                // A photo read again (its file rewritten by a turn) keeps its old sharp photo, at the
                // window's size, until its own arrives: the same photo, turned on screen meanwhile.
                let standing = Set(pages.filter { other, page in kept[other].flatMap { standIns[$0] } == page.id }.map(\.key))
                let fullsDropped = pages.filter { other, page in
                    page.full != nil && (other != card || resized || standing.contains(other))
                }.map(\.key)
                for other in fullsDropped { pages[other]?.full = nil }
                asked = wanted
                let dropped = pages.filter { other, page in kept[other] != page.id && !standing.contains(other) }.map(\.key)
                for other in dropped { pages[other] = nil }
                // Nearest first: the page the arrow keys reach next (the right one) before the left.
                requests.append(.open(wanted, neighbours: [card + 1, card - 1].compactMap { neighbours[$0] },
                                      budgetBytes: budgetBytes, dropped: dropped.sorted(), fullsDropped: fullsDropped.sorted()))
            }
        }
        if fullWanted {
            fullWanted = false
            requests.append(.wantFullResolution)
        }
        return requests
    }

    /// With the view closed: once `row` is still (not animating, no pointer holding it) and every
    /// visible card's photo is in (`resting`; their decodes come first), the photo of the card it
    /// rests on is decoded at `pixels`' size ahead; as soon as the row heads for another card (a
    /// drag, fling or key) it is dropped, so that a fling decodes nothing on its way. Changes
    /// nothing on screen.
    private mutating func prepareResting(_ row: ScrollController, photoIDs: PhotoIDs, resting: Bool, pixels: FramePixels,
                                         budgetBytes: Int, at time: Double) -> [SharpPhotoRequest] {
        let id = photoIDs(row.destinationCard(at: time))
        let still = !row.isAnimating(at: time) && !row.isDragging && pixels.width > 0 && pixels.height > 0 && resting
        if still, let id {
            preparing = id
            return [.prepare(id, window: pixels, budgetBytes: budgetBytes)]
        } else if let preparing, preparing != id {
            self.preparing = nil
            return [.stopPreparing(window: pixels)]
        }
        return []
    }

    /// Takes in what `SharpPhotoTextures` reports, then gives the view the sizes at hand; the open
    /// page's photo is taken in at fit (the new size puts the view back at fit, which must not
    /// undo a zoom: the photo waits, the card's texture zoomed, until the view is at fit again)
    /// and fades in from then; zoomed past its window-size decode, its full resolution is wanted.
    /// `displayed`: the size a photo (by id) of some image size shows at (turned on screen: its
    /// width and height traded).
    mutating func take(_ events: [SharpPhotoEvent], fullView: inout FullViewState, at time: Double,
                       displayed: (Int, Size) -> Size = { $1 }) {
        for event in events {
            switch event {
            case .arrived(let card, let id, let imageSize, let windowWidth, let wall, let cpu):
                lastWindowDecode = (id, wall, cpu)
                pages[card] = Page(id: id, imageSize: imageSize, windowWidth: windowWidth, shownAt: pages[card]?.shownAt,
                                   full: pages[card]?.full)
            case .fullArrived(let card):
                pages[card]?.full = .uploading
            case .fullProgressed(let card, let complete, let drawnChanged):
                if complete { pages[card]?.full = .complete }
                if drawnChanged { drawnVersion &+= 1 }
            case .windowFailed(let id, let wall, let cpu):
                lastWindowDecode = (id, wall, cpu)
                givenUp.insert(id)
            case .fullFailed(let card):
                if let card { pages[card]?.full = nil; drawnVersion &+= 1 }
                fullGivenUp = true
            }
        }
        guard fullView.shown(at: time) != nil else { return }
        fullView.setSharpSizes(pages.mapValues { displayed($0.id, $0.imageSize) })
        guard let view = fullView.shown(at: time), view.transition.isOpening, let page = pages[view.page] else { return }
        if !view.hasImageSize, view.strip.destinationPage(at: time) == view.page, view.zoom.isFitted(at: time),
           !view.zoom.isAnimating(at: time), !view.zoom.isHeld {
            fullView.setImageSize(displayed(page.id, page.imageSize), forCard: view.page)
            // It fades in over the card's texture, from the frame that takes it in (`fadeLead`); a page
            // turned to with its photo at hand shows it at once.
            pages[view.page]?.shownAt = time
        }
        // Zoomed past the window-size decode (more than one device pixel to one of its pixels):
        // the full resolution.
        if let view = fullView.shown(at: time), view.hasImageSize, page.full == nil, !fullAsked, page.id == asked?.id,
           page.imageSize.width > Double(page.windowWidth) {
            let scale = view.zoom.targetScale(at: time) * page.imageSize.width / Double(page.windowWidth)
            if scale > 1 + 1e-9 {
                fullAsked = true
                fullWanted = true
            }
        }
    }

    /// Whether the open page's sharp photo (or its full resolution, once asked for) is still to come.
    var isWaiting: Bool {
        guard let asked else { return false }
        if givenUp.contains(asked.id) { return false }
        guard let page = pages[asked.card], page.id == asked.id else { return true }
        return fullAsked && !fullGivenUp && page.full != .complete
    }

    /// Whether a full resolution is still going up (a frame step is due for it).
    var hasUploads: Bool { pages.values.contains { $0.full == .uploading } }

    /// Whether a page's sharp photo is fading in over its card's texture at `now`.
    func isFading(now: Double) -> Bool {
        pages.values.contains { $0.shownAt.map { Self.fadeOpacity(shownAt: $0, now: now) < 1 } ?? false }
    }

    /// How ahead of the frame that takes a sharp photo in its fade starts: one 60 Hz frame.
    /// That frame is the first that can show it, and at opacity 0 it would show nothing new (a
    /// whole frame spent before the photo appears); a step in, it shows the photo at once.
    static let fadeLead = 1.0 / 60

    /// How far the sharp photo taken in at `shownAt` has faded in over its card's texture at
    /// `now`: (1/60) / 0.15 = 1/9 in the frame that takes it in, whole `PhotoDeck.fadeDuration`
    /// after the fade's start (a frame before that one); a function of the times alone.
    static func fadeOpacity(shownAt: Double, now: Double) -> Double {
        min(1, max(0, (now - shownAt + fadeLead) / PhotoDeck.fadeDuration))
    }

    /// How page `page` of `view` shows its sharp photo at `frame` and `now`: how far it has faded
    /// in, and the card's texture beneath it while it fades (its clip and crop); nil while the
    /// view places the page at its card's size (or it has no sharp photo).
    func showing(page: Int, frame: FlightFrame, view: FullView?, now: Double) -> SharpShowing? {
        guard let view, view.showsSharpSize(page), let shown = pages[page] else { return nil }
        let opacity = shown.shownAt.map { Self.fadeOpacity(shownAt: $0, now: now) } ?? 1
        guard opacity < 1 else { return SharpShowing(opacity: 1, standIn: nil) }
        // The card's texture where it was, moved as the page is (paged, pulled down).
        var standIn = view.standInFrame
        standIn.clip.x += frame.photo.center.x - view.fitFrame.photo.center.x
        standIn.clip.y += frame.photo.center.y - view.fitFrame.photo.center.y
        return SharpShowing(opacity: opacity, standIn: (standIn.clip, standIn.crop))
    }

    /// How far page `page`'s sharp photo shows over its card's texture in `view` at `now` (nil: it
    /// is not drawn; the frame log and `--bench --open` tell it).
    func opacity(ofPage page: Int, in view: FullView?, now: Double) -> Double? {
        guard let view else { return nil }
        return showing(page: page, frame: view.fitFrame, view: view, now: now)?.opacity
    }
}

/// How a page shows its sharp photo in a frame: how far it has faded in over its card's texture,
/// drawn at `standIn` (clip and crop) beneath it until it is whole.
struct SharpShowing: Equatable, Sendable {
    var opacity: Double
    var standIn: (clip: Rect, crop: Rect)?

    static func == (a: SharpShowing, b: SharpShowing) -> Bool {
        a.opacity == b.opacity && a.standIn?.clip == b.standIn?.clip && a.standIn?.crop == b.standIn?.crop
    }
}

/// What the full view asked for: the open page, its photo id, the window's pixel size and the
/// neighbours' photo ids by card.
struct AskedPhotos: Equatable, Sendable {
    let card: Int, id: Int, width: Int, height: Int
    let neighbours: [Int: Int]

    /// The card whose photo `id` is, nil when none of them.
    func card(of id: Int) -> Int? {
        id == self.id ? card : neighbours.first { $0.value == id }?.key
    }
}

/// What `SharpPhotoPlan` asks of the photos' decoder and textures (`SharpPhotoTextures`).
enum SharpPhotoRequest: Equatable, Sendable {
    /// No view shows: everything goes.
    case close
    /// Decode photo `id` ahead at `window`'s size; stop doing so.
    case prepare(Int, window: FramePixels, budgetBytes: Int)
    case stopPreparing(window: FramePixels)
    /// The view's page and neighbours (`neighbours`: their photo ids, nearest first); the pages
    /// `dropped` no longer hold photos, and those of `fullsDropped` no full resolution.
    case open(AskedPhotos, neighbours: [Int], budgetBytes: Int, dropped: [Int], fullsDropped: [Int])
    /// The open photo's full resolution.
    case wantFullResolution
}

/// What `SharpPhotoTextures` reports: a page's window-size photo up (with its decode's wall and CPU
/// milliseconds), its full resolution arrived and going up, a band of it up, a failure.
enum SharpPhotoEvent: Equatable, Sendable {
    case arrived(card: Int, id: Int, imageSize: Size, windowWidth: Int, wallMilliseconds: Double, cpuMilliseconds: Double)
    case fullArrived(card: Int)
    /// More of the full resolution is up: all of it (`complete`), and whether that changed what the
    /// open page draws where the view shows it.
    case fullProgressed(card: Int, complete: Bool, drawnChanged: Bool)
    /// The window-size decode (or its upload) failed: the card's texture stays.
    case windowFailed(id: Int, wallMilliseconds: Double, cpuMilliseconds: Double)
    /// The full resolution failed (its upload, `card` given, or its decode): the photo stays at its size.
    case fullFailed(card: Int?)
}
