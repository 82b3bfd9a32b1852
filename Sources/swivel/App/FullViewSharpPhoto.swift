import SwivelCore
import SwivelPhotos
import SwivelRender
import SwivelSystem

/// The full view's sharp photos in the frame step (spec: "On open the card's texture shows at once
/// (upscaled); the photo is then decoded at the window's pixel size … and replaces it"): the deck's
/// `FullViewPhotos` is asked for the open page's photo at the window's pixel size and for its two
/// neighbours ahead of time; each is uploaded as it arrives (in tiles past the texture limit) and
/// the view learns its size (`FullViewState.setSharpSizes`), so that a page turned to shows its
/// sharp photo in its first frame. Zoomed past the window-size decode, the open photo's full
/// resolution is asked for and replaces its texture, the view staying where it is (the view's image
/// size is the whole photo's from the start). Only the open page and its neighbours hold textures,
/// within what `--texture-budget` leaves the full view; closing frees them all. With the view
/// closed, the photo of the card the row rests on is decoded at the window's size ahead
/// (`prepareResting`), so that opening it shows its sharp photo in the open's first frame.
final class FullViewSharpPhoto {
    /// One page's sharp photo on the GPU.
    struct Page {
        let id: Int
        /// The window-size decode, and the full resolution while the page is open and zoomed into
        /// (freed when another page opens or the window's size changes, as `FullViewPhotos` counts it).
        var window: FullViewTexture
        var full: FullViewTexture?
        /// The whole photo's upright size: what the view places (1:1 is one of its pixels a device pixel).
        let imageSize: Size
        /// When it replaced its card's texture on the open page (the fade); nil: shown at once.
        var shownAt: Double?

        /// What to draw of it where the view shows `crop` (0…1 across the photo): the full
        /// resolution once every tile of it `crop` shows is up, the window-size decode where its
        /// other tiles are not (panned to before they are); until then the window-size decode.
        func textures(showing crop: Rect) -> (texture: FullViewTexture, fallback: FullViewTexture?) {
            guard let full, !full.isComplete else { return (full ?? window, nil) }
            return full.covers(crop) ? (full, window) : (window, nil)
        }
    }

    /// The sharp photos at hand, by card.
    private var pages: [Int: Page] = [:]
    /// What was asked for: the open page, its photo id, the window's pixel size and the neighbours' ids by card.
    private var asked: AskedPhotos?
    /// Photos whose window-size decode or upload failed (their card's texture stays), by id.
    private var givenUp: Set<Int> = []
    /// Whether the open page's full resolution is asked for, and whether it failed (it stays at the size it has).
    private var fullAsked = false, fullGivenUp = false
    /// The photo asked for ahead with the view closed (`prepareResting`).
    private var preparing: Int?
    /// The last window-size decode taken in: its photo's id and its wall and CPU milliseconds on
    /// the decode thread (for `--bench --open`).
    private(set) var lastWindowDecode: (id: Int, wallMilliseconds: Double, cpuMilliseconds: Double)?

    /// The texture limit the tiles keep to: `GL_MAX_TEXTURE_SIZE`, or in debug builds the lower
    /// `SWIVEL_TEST_MAX_TEXTURE_SIZE` (the tests' way to tile a photo of a few hundred pixels).
    private lazy var tileLimit: Int? = {
        #if DEBUG
        return Environment.nonEmpty("SWIVEL_TEST_MAX_TEXTURE_SIZE").flatMap { Int($0) }
        #else
        return nil
        #endif
    }()

    /// Bytes of the full resolution uploaded a frame step at most (a band, whatever its size, when
    /// it is larger), the row of tiles nearest the view first (`TileUploads`). Measured on llvmpipe
    /// (12 MP, 1280×720, load 6–8): 2 MiB took 0.2–0.3 ms a step, 2.1–2.4 ms in the steps that
    /// allocate a tile's texture (its pages touched for the first time); the whole 47 MiB at once
    /// took 46 ms.
    static let uploadBudgetBytes = 2 << 20

    /// Asks for, takes in and applies the sharp photos; frees them once no card is open; with
    /// none open and `row` given, prepares the photo of the card it rests on. Returns whether
    /// what is shown changed (a frame is due).
    @discardableResult
    func update(_ fullView: inout FullViewState, deck: PhotoDeck, row: ScrollController? = nil, pixels: FramePixels,
                at time: Double) -> Bool {
        let photos = deck.fullViewPhotos
        guard let view = fullView.shown(at: time) else {
            let had = !pages.isEmpty
            if asked != nil || had { photos.close() }
            (asked, pages, givenUp, fullAsked, fullGivenUp) = (nil, [:], [], false, false)
            if let row { prepareResting(row, deck: deck, pixels: pixels, at: time) }
            return had
        }
        preparing = nil    // opened: taken as the open photo's decode, or freed (`FullViewPhotos.open`)
        var changed = false
        // Closing keeps what the open card has; open, the page heading into view is asked for.
        let card = view.page
        if view.transition.isOpening, let id = deck.photoID(at: card), pixels.width > 0, pixels.height > 0 {
            var neighbours: [Int: Int] = [:]
            // With `--loop` the pages wrap: the first page's neighbour before it is the last.
            let count = deck.count, wraps = view.strip.wraps
            for next in [card + 1, card - 1] {
                let other = wraps && count > 0 ? (next % count + count) % count : next
                if other != card, let id = deck.photoID(at: other) { neighbours[other] = id }
            }
            let wanted = AskedPhotos(card: card, id: id, width: pixels.width, height: pixels.height, neighbours: neighbours)
            if asked != wanted {
                if asked.map({ $0.card != card || $0.id != id }) ?? true { (fullAsked, fullGivenUp) = (false, false) }
                // A new window size asks again at it; what is shown stays until the new decode replaces it.
                if asked.map({ ($0.width, $0.height) != (pixels.width, pixels.height) }) ?? false { fullAsked = false }
                // Only the open page keeps a full resolution, and only at the window's size it was asked at.
                let resized = asked.map { ($0.width, $0.height) != (pixels.width, pixels.height) } ?? false
                for (other, page) in pages where page.full != nil && (other != card || resized) { pages[other]?.full = nil }
                asked = wanted
                let kept = neighbours.merging([card: id]) { a, _ in a }
                for (other, page) in pages where kept[other] != page.id { pages[other] = nil; changed = true }
                // Nearest first: the page the arrow keys reach next (the right one) before the left.
                photos.open(id, window: (pixels.width, pixels.height),
                            neighbours: [card + 1, card - 1].compactMap { neighbours[$0] },
                            budgetBytes: deck.fullViewBudgetBytes)
            }
        }
        for finished in photos.takeFinished() {
            guard let asked, let card = asked.card(of: finished.image.id) else { continue }
            if finished.image.resolution == .window {
                lastWindowDecode = (finished.image.id, finished.wallMilliseconds, finished.cpuMilliseconds)
            }
            switch finished.result {
            case .success(let decoded):
                do {
                    // The rows on the GPU are given back as it goes: the photo is not held twice (its
                    // pixels are not read again; they are freed with the decode below).
                    let pixels = decoded.pixels, rowBytes = decoded.width * 4
                    let released = { (rows: Range<Int>) in
                        pixels.withUnsafeBytes {
                            MemoryPages.release(UnsafeRawBufferPointer(rebasing: $0[(rows.lowerBound * rowBytes)..<(rows.upperBound * rowBytes)]))
                        }
                    }
                    // The full resolution goes up a few bands a frame (`upload` below), the window's at once.
                    let texture = finished.image.resolution == .full
                        ? try FullViewTexture(uploadingLater: pixels, width: decoded.width, height: decoded.height,
                                              tileLimit: tileLimit, released: released)
                        : try FullViewTexture(pixels: pixels, width: decoded.width, height: decoded.height,
                                              tileLimit: tileLimit, released: released)
                    let size = decoded.original.map { Size(Double($0.width), Double($0.height)) }
                        ?? Size(Double(decoded.width), Double(decoded.height))
                    switch finished.image.resolution {
                    case .full: pages[card]?.full = texture
                    case .window:
                        pages[card] = Page(id: finished.image.id, window: texture, full: pages[card]?.full, imageSize: size,
                                           shownAt: pages[card]?.shownAt)
                    }
                    changed = true
                } catch {
                    fail(finished.image, reason: "\(error)", path: deck.name(at: card))
                }
            case .failure(let error):
                if let warning = finished.fullSizeWarning {
                    Console.error(warning.hasPrefix("swivel: ") ? String(warning.dropFirst(8)) : warning)
                }
                fail(finished.image, reason: error.reason, path: "\(error.path)")
            }
        }
        if uploadFullResolution(fullView, at: time) { changed = true }
        fullView.setSharpSizes(pages.mapValues(\.imageSize))
        guard let view = fullView.shown(at: time), view.transition.isOpening, let page = pages[view.page] else { return changed }
        // Taken at fit only: the new size puts the view back at fit, which must not undo a zoom
        // (the photo waits, the card's texture zoomed, until the view is at fit again).
        if !view.hasImageSize, view.strip.destinationPage(at: time) == view.page, view.zoom.isFitted(at: time),
           !view.zoom.isAnimating(at: time), !view.zoom.isHeld {
            fullView.setImageSize(page.imageSize, forCard: view.page)
            // It fades in over the card's texture, from the frame that takes it in (`fadeLead`); a page
            // turned to with its photo at hand shows it at once.
            pages[view.page]?.shownAt = time
            changed = true
        }
        // Zoomed past the window-size decode (more than one device pixel to one of its pixels):
        // the full resolution.
        if let view = fullView.shown(at: time), view.hasImageSize, page.full == nil, !fullAsked,
           page.imageSize.width > Double(page.window.width) {
            let scale = view.zoom.targetScale(at: time) * page.imageSize.width / Double(page.window.width)
            if scale > 1 + 1e-9 {
                fullAsked = true
                photos.wantFullResolution()
            }
        }
        return changed
    }

    /// With the view closed: once `row` is still (not animating, no pointer holding it) and every
    /// visible card's photo is in (their decodes come first), the photo of the card it rests on
    /// is decoded at `pixels`' size ahead; as soon as the row heads for another card (a drag,
    /// fling or key) it is dropped, so that a fling decodes nothing on its way. Changes nothing on
    /// screen: no frame is due for it, and its decode finishing wakes no frame step.
    private func prepareResting(_ row: ScrollController, deck: PhotoDeck, pixels: FramePixels, at time: Double) {
        let id = deck.photoID(at: row.destinationCard(at: time))
        let resting = !row.isAnimating(at: time) && !row.isDragging && pixels.width > 0 && pixels.height > 0
            && deck.cardsWithoutPhoto(layout: row.layout, scroll: row.offset(at: time)) == 0
        if resting, let id {
            preparing = id
            deck.fullViewPhotos.prepare(id, window: (pixels.width, pixels.height), budgetBytes: deck.fullViewBudgetBytes)
        } else if let preparing, preparing != id {
            self.preparing = nil
            deck.fullViewPhotos.prepare(nil, window: (pixels.width, pixels.height), budgetBytes: 0)
        }
    }

    /// The open page's full resolution, a budget's worth of bands nearest the view; whether what
    /// is drawn changed (a tile up where the view draws the full resolution).
    private func uploadFullResolution(_ fullView: FullViewState, at time: Double) -> Bool {
        guard let asked, let page = pages[asked.card], let full = page.full, !full.isComplete,
              let view = fullView.shown(at: time) else { return false }
        let crop = view.pages(at: time).first { $0.index == asked.card }?.frame.crop
        let before = crop.map { Self.drawn(page, crop: $0) }
        do {
            try full.upload(budgetBytes: Self.uploadBudgetBytes, near: crop)
        } catch {
            pages[asked.card]?.full = nil
            fullGivenUp = true
            return true
        }
        return crop.map { Self.drawn(page, crop: $0) } != before
    }

    /// What `page` draws for `crop`: the tiles of its full resolution up within it once they
    /// cover it, -1 while the window-size decode is drawn alone.
    private static func drawn(_ page: Page, crop: Rect) -> Int {
        let (texture, fallback) = page.textures(showing: crop)
        return fallback == nil && texture === page.window ? -1 : texture.tilesUp(in: crop)
    }

    private func fail(_ image: FullViewPhotos.Image, reason: String, path: String) {
        switch image.resolution {
        case .window:
            givenUp.insert(image.id)
            Console.error("\(path): full view shows the card's texture: \(reason)")
        case .full:
            fullGivenUp = true
        }
    }

    /// Whether the open page's sharp photo (or its full resolution, once asked for) is still to come.
    var isWaiting: Bool {
        guard let asked else { return false }
        if givenUp.contains(asked.id) { return false }
        guard let page = pages[asked.card], page.id == asked.id else { return true }
        return fullAsked && !fullGivenUp && page.full?.isComplete != true
    }

    /// Whether the open page's full resolution is still going up (a frame step is due for it).
    var hasUploads: Bool { pages.values.contains { $0.full.map { !$0.isComplete } ?? false } }

    /// Whether the open page's sharp photo is fading in over its card's texture at `now`.
    func isFading(now: Double) -> Bool {
        pages.values.contains { $0.shownAt.map { Self.fadeOpacity(shownAt: $0, now: now) < 1 } ?? false }
    }

    /// How far page `page`'s sharp photo shows over its card's texture in `view` at `now` (nil: it
    /// is not drawn; the frame log and `--bench --open` tell it).
    func opacity(ofPage page: Int, in view: FullView?, now: Double) -> Double? {
        guard let view else { return nil }
        return flying(page: page, frame: view.fitFrame, view: view, now: now)?.opacity
    }

    /// How far ahead of the frame that takes a sharp photo in its fade starts: one 60 Hz frame.
    /// That frame is the first that can show it, and at opacity 0 it would show nothing new (a
    /// whole frame spent before the photo appears); a step in, it shows the photo at once.
    static let fadeLead = 1.0 / 60

    /// How far the sharp photo taken in at `shownAt` has faded in over its card's texture at
    /// `now`: (1/60) / 0.15 = 1/9 in the frame that takes it in, whole `PhotoDeck.fadeDuration`
    /// after the fade's start (a frame before that one); a function of the times alone.
    static func fadeOpacity(shownAt: Double, now: Double) -> Double {
        min(1, max(0, (now - shownAt + fadeLead) / PhotoDeck.fadeDuration))
    }

    /// The sharp photo to draw for page `page` of `view` at `frame`, how far it has faded in at
    /// `now`, and the card's texture beneath it while it fades (its clip and crop): only while the
    /// view places the page at its sharp photo's size.
    func flying(page: Int, frame: FlightFrame, view: FullView?, now: Double)
        -> (texture: FullViewTexture, fallback: FullViewTexture?, opacity: Double, standIn: (clip: Rect, crop: Rect)?)? {
        guard let view, view.showsSharpSize(page), let shown = pages[page] else { return nil }
        let opacity = shown.shownAt.map { Self.fadeOpacity(shownAt: $0, now: now) } ?? 1
        let (texture, fallback) = shown.textures(showing: frame.crop)
        guard opacity < 1 else { return (texture, fallback, 1, nil) }
        // The card's texture where it was, moved as the page is (paged, pulled down).
        var standIn = view.standInFrame
        standIn.clip.x += frame.photo.center.x - view.fitFrame.photo.center.x
        standIn.clip.y += frame.photo.center.y - view.fitFrame.photo.center.y
        return (texture, fallback, opacity, (standIn.clip, standIn.crop))
    }
}

/// What the full view asked `FullViewPhotos` for: the open page, its photo id, the window's pixel
/// size and the neighbours' photo ids by card.
private struct AskedPhotos: Equatable {
    let card: Int, id: Int, width: Int, height: Int
    let neighbours: [Int: Int]

    /// The card whose photo `id` is, nil when none of them.
    func card(of id: Int) -> Int? {
        id == self.id ? card : neighbours.first { $0.value == id }?.key
    }
}
