import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelRender
import SwivelSystem

/// A sharp photo's texture as `SharpPhotoTextures` holds it: the app's `FullViewTexture` (GL), in
/// tiles past the texture limit, a full resolution going up a few bands a frame.
protocol SharpTexture: AnyObject {
    /// Uploads `pixels` at once, in tiles of at most `tileLimit` pixels a side (`released`: told
    /// the rows no tile needs any more).
    init(pixels: PixelBuffer, width: Int, height: Int, tileLimit: Int?, released: ((Range<Int>) -> Void)?) throws
    /// The same with nothing uploaded yet: `upload` sends it a few bands at a time.
    init(uploadingLater pixels: PixelBuffer, width: Int, height: Int, tileLimit: Int?, released: ((Range<Int>) -> Void)?) throws
    var isComplete: Bool { get }
    /// Whether every tile of `part` (0…1 across the photo) is up, and how many are.
    func covers(_ part: Rect) -> Bool
    func tilesUp(in part: Rect) -> Int
    /// The next bands within `budgetBytes`, nearest `visible`; the bytes uploaded.
    @discardableResult func upload(budgetBytes: Int, near visible: Rect?) throws -> Int
}

extension FullViewTexture: SharpTexture {}

/// The full view's sharp photos as textures: does what `SharpPhotoPlan` asks (`perform`) of the
/// deck's `FullViewPhotos` decoder, uploads each photo as it arrives (in tiles past the texture
/// limit; a full resolution a few bands a frame, the part the view shows first) and reports what
/// came (`takeFinished`), for the state to take in. Holds the textures of the open page and its
/// neighbours only; a request to close frees them all.
final class SharpPhotoTextures<Texture: SharpTexture>: SharpPhotoStore {
    /// One page's textures: the window-size decode, and the full resolution while the page is
    /// open and zoomed into.
    private struct Page {
        let id: Int
        var window: Texture
        var full: Texture?
    }

    private let photos: FullViewPhotos
    /// The textures at hand, by card.
    private var pages: [Int: Page] = [:]
    /// The last open request: which card each photo id is.
    private var asked: AskedPhotos?
    /// The texture limit the tiles keep to: `GL_MAX_TEXTURE_SIZE`, or a lower one the tests set.
    private let tileLimit: Int?

    /// Bytes of the full resolution uploaded a frame step at most (`SharpPhotoUploads.budgetBytes`).
    private var uploadBudgetBytes: Int { SharpPhotoUploads.budgetBytes }

    init(photos: FullViewPhotos, tileLimit: Int?) {
        self.photos = photos
        self.tileLimit = tileLimit
    }

    /// Does what the plan asks.
    func perform(_ requests: [SharpPhotoRequest]) {
        for request in requests {
            switch request {
            case .close:
                photos.close()
                (pages, asked) = ([:], nil)
            case .prepare(let id, let window, let budget):
                photos.prepare(id, window: (window.width, window.height), budgetBytes: budget)
            case .stopPreparing(let window):
                photos.prepare(nil, window: (window.width, window.height), budgetBytes: 0)
            case .open(let wanted, let neighbours, let budget, let dropped, let fullsDropped):
                for card in fullsDropped { pages[card]?.full = nil }
                for card in dropped { pages[card] = nil }
                asked = wanted
                photos.open(wanted.id, window: (wanted.width, wanted.height), neighbours: neighbours, budgetBytes: budget)
            case .wantFullResolution:
                photos.wantFullResolution()
            }
        }
    }

    /// Takes in the decodes finished for the pages asked for, then uploads a budget's worth of the
    /// open page's full resolution nearest `crop` (the part of it the view shows, nil: none shows);
    /// what came, for `SharpPhotoPlan.take`. `name` gives a card's caption for the warnings.
    func takeFinished(crop: Rect?, name: (Int) -> String) -> [SharpPhotoEvent] {
        var events: [SharpPhotoEvent] = []
        for finished in photos.takeFinished() {
            guard let asked, let card = asked.card(of: finished.image.id) else { continue }
            let resolution = finished.image.resolution
            let failed: SharpPhotoEvent = resolution == .window
                ? .windowFailed(id: finished.image.id, wallMilliseconds: finished.wallMilliseconds,
                                cpuMilliseconds: finished.cpuMilliseconds)
                : .fullFailed(card: nil)
            switch finished.result {
            case .success(let decoded):
                do {
                    // The rows on the GPU are given back as it goes: the photo is not held twice (its
                    // pixels are not read again; they are freed with the decode below).
                    // Read in place: a worker's mapping is uploaded from, not copied.
                    let pixels = decoded.buffer, rowBytes = decoded.width * 4
                    let released = { (rows: Range<Int>) in
                        pixels.giveBack((rows.lowerBound * rowBytes)..<(rows.upperBound * rowBytes))
                    }
                    // The full resolution goes up a few bands a frame (`upload` below), the window's at once.
                    let texture = resolution == .full
                        ? try Texture(uploadingLater: pixels, width: decoded.width, height: decoded.height,
                                      tileLimit: tileLimit, released: released)
                        : try Texture(pixels: pixels, width: decoded.width, height: decoded.height,
                                      tileLimit: tileLimit, released: released)
                    let size = decoded.original.map { Size(Double($0.width), Double($0.height)) }
                        ?? Size(Double(decoded.width), Double(decoded.height))
                    switch resolution {
                    case .full:
                        pages[card]?.full = texture
                        if pages[card] != nil { events.append(.fullArrived(card: card)) }
                    case .window:
                        pages[card] = Page(id: finished.image.id, window: texture, full: pages[card]?.full)
                        events.append(.arrived(card: card, id: finished.image.id, imageSize: size, windowWidth: decoded.width,
                                               wallMilliseconds: finished.wallMilliseconds,
                                               cpuMilliseconds: finished.cpuMilliseconds))
                        if let histogram = finished.histogram { events.append(.histogram(card: card, histogram)) }
                    }
                } catch {
                    if resolution == .window { Console.error("\(name(card)): full view shows the card's texture: \(error)") }
                    events.append(failed)
                }
            case .failure(let error):
                if let warning = finished.fullSizeWarning {
                    Console.error(warning.hasPrefix("swivel: ") ? String(warning.dropFirst(8)) : warning)
                }
                if resolution == .window { Console.error("\(error.path): full view shows the card's texture: \(error.reason)") }
                events.append(failed)
            }
        }
        if let event = uploadFullResolution(near: crop) { events.append(event) }
        return events
    }

    /// The open page's full resolution, a budget's worth of bands nearest `crop`; what changed.
    private func uploadFullResolution(near crop: Rect?) -> SharpPhotoEvent? {
        guard let asked, let page = pages[asked.card], let full = page.full, !full.isComplete else { return nil }
        let before = crop.map { Self.drawn(page, crop: $0) }
        do {
            try full.upload(budgetBytes: uploadBudgetBytes, near: crop)
        } catch {
            pages[asked.card]?.full = nil
            return .fullFailed(card: asked.card)
        }
        return .fullProgressed(card: asked.card, complete: full.isComplete,
                               drawnChanged: crop.map { Self.drawn(page, crop: $0) } != before)
    }

    /// What `page` draws for `crop`: the tiles of its full resolution up within it once they
    /// cover it, -1 while the window-size decode is drawn alone.
    private static func drawn(_ page: Page, crop: Rect) -> Int {
        let (texture, fallback) = textures(of: page, showing: crop)
        return fallback == nil && texture === page.window ? -1 : texture.tilesUp(in: crop)
    }

    /// What to draw of `page` where the view shows `crop` (0…1 across the photo): the full
    /// resolution once every tile of it `crop` shows is up, the window-size decode where its
    /// other tiles are not (panned to before they are); until then the window-size decode.
    private static func textures(of page: Page, showing crop: Rect) -> (texture: Texture, fallback: Texture?) {
        guard let full = page.full, !full.isComplete else { return (page.full ?? page.window, nil) }
        return full.covers(crop) ? (full, page.window) : (page.window, nil)
    }

    /// The textures to draw for card `card` where the view shows `crop`, if it has a sharp photo.
    func textures(card: Int, showing crop: Rect) -> (texture: Texture, fallback: Texture?)? {
        pages[card].map { Self.textures(of: $0, showing: crop) }
    }
}

/// How much of a full resolution goes up a frame step.
enum SharpPhotoUploads {
    /// Bytes a step at most (a band, whatever its size, when it is larger), the row of tiles nearest
    /// the view first (`TileUploads`). Measured on llvmpipe (12 MP, 1280×720, load 6–8): 2 MiB took
    /// 0.2–0.3 ms a step, 2.1–2.4 ms in the steps that allocate a tile's texture (its pages touched
    /// for the first time); the whole 47 MiB at once took 46 ms.
    static let budgetBytes = 2 << 20
}
