import SwivelCore
import SwivelPhotoCore

/// A flight frame's draw calls (`FlightDrawCommand`), in order, and the card texture array they
/// share: what `FlightPass` draws over the row for the `FlyingCard`s, worked out from plain values
/// alone, without GL, as Dear ImGui's backends execute its `ImDrawData`. The row's layer
/// (`RowLayer`) at the first card's `othersOpacity`, only where it can differ from the cleared
/// window and not under a card's opaque pixels, or without one a veil of the background colour at
/// 1 − `othersOpacity` over the whole window (the row fades to the background); then each card:
/// the pixels its clip covers wholly by `layer.frag` (its texture or colour) or `photo.frag` (its
/// sharp photo, tile by tile), the border round them by `flight.frag` in strips of whole pixels.
struct FlightDrawList: Equatable {
    /// The card texture array's name, bound on unit 1 for every command (0: none).
    var cardTextures: UInt32
    var commands: [FlightDrawCommand]

    /// A flying card as the list takes it: `FlyingCard` with its sharp photos' `tileLayout`s.
    struct Card: Equatable {
        var clip: Rect
        var cornerRadius: Double
        /// The part of the card's texture (or of the sharp photo) inside `clip`, 0…1 across it.
        var crop: Rect
        var color: RGBA8
        var image: CardImage?
        var sharp: SharpPhotoTiles?
        /// Drawn where `sharp`'s tiles are not up yet.
        var sharpFallback: SharpPhotoTiles?
        var sharpOpacity: Double
        /// The card's texture beneath the sharp photo while it fades in: its clip and crop.
        var standIn: StandIn?
        var othersOpacity: Double
        /// How the sharp photo is turned on screen beyond its pixels (the card's texture's turn is
        /// `image`'s): a turned photo is drawn by `flight.frag` alone, which samples through it.
        var sharpTurn: ContentTurn = .identity
    }

    /// Where a sharp photo's stand-in (the card's texture) is drawn, and which part of it.
    struct StandIn: Equatable {
        var clip: Rect
        var crop: Rect
    }

    /// The card texture array: its name and its layers whose every texel is opaque
    /// (`CardTextures.opaqueLayers`).
    struct CardArray: Equatable {
        var texture: UInt32
        var opaqueLayers: Set<Int>
    }

    /// The row's layer: its texture and size in pixels, and the pixels where it can differ from the
    /// cleared window (`RowLayer.drawnPixels`, or the whole window).
    struct Row: Equatable {
        var texture: UInt32
        var width: Int, height: Int
        var drawn: LayerPixels
    }

    /// Everything a flight frame's draw list depends on.
    struct Input: Equatable {
        var cards: [Card]
        var background: RGBA8
        /// The window's size in points.
        var viewport: Size
        var pixelScale: Double
        var cardArray: CardArray?
        /// Drawn instead of the veil (the row itself was not drawn).
        var row: Row?
    }

    /// The list for `input`. The tests compare it with the frames drawn as before two changes:
    /// `wholeRowLayer` draws the row's layer over the whole window, under the cards' opaque pixels
    /// too; `coverageEverywhere` draws each card, stand-in and sharp photo by `flight.frag` over
    /// its whole clip, no pixel by `layer.frag` or `photo.frag`.
    init(_ input: Input, wholeRowLayer: Bool = false, coverageEverywhere: Bool = false) {
        var builder = Builder(input: input, coverageEverywhere: coverageEverywhere)
        builder.build(wholeRowLayer: wholeRowLayer)
        cardTextures = input.cardArray?.texture ?? 0
        commands = builder.commands
    }

    /// Makes the commands in order, one draw call each.
    private struct Builder {
        let input: Input
        let coverageEverywhere: Bool
        var commands: [FlightDrawCommand] = []

        init(input: Input, coverageEverywhere: Bool) {
            self.input = input
            self.coverageEverywhere = coverageEverywhere
        }

        var pixelScale: Double { input.pixelScale }
        /// The window's size in pixels, as the cards' quads are placed in.
        var viewportPixels: SIMD2<Float> {
            SIMD2(Float(input.viewport.width * pixelScale), Float(input.viewport.height * pixelScale))
        }

        mutating func build(wholeRowLayer: Bool) {
            let veil = 1 - min(max(input.cards.first?.othersOpacity ?? 1, 0), 1)
            // A whole veil of an opaque background over a row that is not drawn (`Renderer`) is the
            // clear colour again: a window of fragments for nothing (a third of an open frame's
            // time on llvmpipe).
            if let row = input.row {
                // The layer texel for pixel (its rows bottom-up, as drawn): tex · opacity over the
                // background is the row under a veil of 1 − opacity. Only where it can differ from
                // the cleared window (`row.drawn`) and no flying card covers it with opaque pixels:
                // rectangles of whole pixels, each the same texels the whole layer gives there.
                let drawn = wholeRowLayer ? LayerPixels.window(width: row.width, height: row.height) : row.drawn
                let (cardArray, pixelScale) = (input.cardArray, pixelScale)
                let hole = wholeRowLayer ? nil : input.cards.lazy.map {
                    FlightDrawList.opaquePixels(of: $0, cardArray: cardArray, pixelScale: pixelScale,
                                                width: row.width, height: row.height)
                }.max { $0.count < $1.count }
                let (w, h) = (Float(row.width), Float(row.height))
                for part in drawn.removing(hole) {
                    commands.append(.photo(.init(
                        viewportPixels: SIMD2(Float(row.width), Float(row.height)),
                        quad: SIMD4(Float(part.x0), Float(part.y0), Float(part.x1 - part.x0), Float(part.y1 - part.y0)),
                        uv: SIMD4(Float(part.x0) / w, 1 - Float(part.y0) / h, Float(part.x1) / w, 1 - Float(part.y1) / h),
                        opacity: Float(1 - veil), texture: row.texture)))
                }
            } else if veil > 0 && !(veil >= 1 && input.background.a == 255) {
                let whole = Rect(x: 0, y: 0, width: input.viewport.width, height: input.viewport.height)
                let fill = input.background.premultiplied
                commands.append(.flight(flight(whole, radius: 0, color: SIMD4(fill.r * Float(veil), fill.g * Float(veil),
                                                                             fill.b * Float(veil), fill.a * Float(veil)),
                                               crop: .unit, image: nil, grown: 1)))
            }
            for card in input.cards where card.clip.width > 0 && card.clip.height > 0 {
                if let sharp = card.sharp, !card.sharpTurn.isIdentity {
                    let opacity = min(max(card.sharpOpacity, 0), 1)
                    if opacity < 1, let standIn = card.standIn { addCard(standIn.clip, crop: standIn.crop, of: card) }
                    addTurnedTiles(of: sharp, card: card, opacity: opacity)
                    continue
                }
                guard let sharp = card.sharp else {
                    addCard(card.clip, crop: card.crop, of: card)
                    continue
                }
                let opacity = min(max(card.sharpOpacity, 0), 1)
                if opacity < 1, let standIn = card.standIn {
                    addCard(standIn.clip, crop: standIn.crop, of: card)
                }
                addTiles(of: sharp, card: card, opacity: opacity)
            }
        }

        /// The card's colour and texture (`card.image`) inside `clip` showing `crop` of the
        /// texture: the pixels the clip covers wholly by `layer.frag`, the border round them by
        /// `flight.frag` in strips of whole pixels (as `addTiles` does the sharp photo).
        mutating func addCard(_ clip: Rect, crop c: Rect, of card: Card) {
            let photo = input.cardArray == nil ? nil : card.image
            let premultiplied = card.color.premultiplied
            let fill = SIMD4(premultiplied.r, premultiplied.g, premultiplied.b, premultiplied.a)
            let turn = photo?.turn ?? .identity
            guard turn.isIdentity else {
                // Turned: `flight.frag` over the whole clip, which samples through the turn (and
                // draws nothing where the turned photo does not reach).
                var command = flight(clip, radius: card.cornerRadius, color: fill, crop: c, image: photo, grown: 1)
                command.turn = Self.uniform(turn)
                commands.append(.flight(command))
                return
            }
            let inner = innerPixels(of: clip, radius: card.cornerRadius)
            if inner.width > 0, inner.height > 0 {
                // The texture coordinates at the rectangle's corners, as flight.frag's `uv` there.
                func u(_ x: Double) -> Float { Float(c.x + (x - clip.x) / clip.width * c.width) }
                func v(_ y: Double) -> Float { Float(c.y + (y - clip.y) / clip.height * c.height) }
                commands.append(.layer(.init(viewportPixels: viewportPixels, quad: pixels(inner),
                                             uv: SIMD4(u(inner.x), v(inner.y), u(inner.maxX), v(inner.maxY)),
                                             image: Self.uniform(photo), color: fill)))
            }
            for strip in FlightDrawList.border(of: clip, inside: inner, pixelScale: pixelScale) {
                commands.append(.flight(flight(clip, radius: card.cornerRadius, color: fill, crop: c, image: photo,
                                               drawn: strip, grown: 0)))
            }
        }

        /// `wholePixels`, or none when this frame draws with coverage everywhere.
        func innerPixels(of clip: Rect, radius: Double) -> Rect {
            coverageEverywhere ? Rect(x: 0, y: 0, width: 0, height: 0)
                : FlightDrawList.wholePixels(of: clip, radius: radius, pixelScale: pixelScale, viewport: input.viewport)
        }

        /// The sharp photo's tiles inside `card.clip`: each tile's quad is its own part of the photo
        /// on screen, within the clip. A tile not yet up is drawn from `card.sharpFallback`'s
        /// tiles, each within their common part.
        mutating func addTiles(of sharp: SharpPhotoTiles, card: Card, opacity: Double) {
            let c = card.crop
            guard c.width > 0, c.height > 0 else { return }
            // The pixels the clip covers wholly (all but a border a pixel wide where an edge falls
            // inside the window between pixels, and the rounded corners' band) are drawn by
            // `photo.frag`, the same pixels in a fraction of the time; the border by `flight.frag`,
            // in strips of whole pixels.
            let inner = innerPixels(of: card.clip, radius: card.cornerRadius)
            let photo = FlightDrawList.photoRect(of: card)
            let border = FlightDrawList.border(of: card.clip, inside: inner, pixelScale: pixelScale)
            /// Adds `tile` (of a photo of `image`'s size) over `part` of the photo (0…1 across it;
            /// outer edges open at ±1e6, so that the clip's antialiased edge is drawn).
            func add(_ tile: SharpPhotoTiles.Tile, image: (width: Int, height: Int), part: (Double, Double, Double, Double)) {
                let (x0, y0, x1, y1) = part
                let left = max(card.clip.x, photo.x + max(x0, 0) * photo.width)
                let top = max(card.clip.y, photo.y + max(y0, 0) * photo.height)
                let right = min(card.clip.maxX, photo.x + min(x1, 1) * photo.width)
                let bottom = min(card.clip.maxY, photo.y + min(y1, 1) * photo.height)
                guard right > left, bottom > top else { return }
                let w = Double(image.width), h = Double(image.height), area = tile.area
                let drawn = Rect(x: left, y: top, width: right - left, height: bottom - top)
                if let core = drawn.intersection(inner) {
                    // The texture coordinates at the rectangle's corners: through the photo (0…1
                    // across it) to the tile's texture.
                    func u(_ x: Double) -> Float { Float(((x - photo.x) / photo.width * w - Double(area.x)) / Double(area.width)) }
                    func v(_ y: Double) -> Float { Float(((y - photo.y) / photo.height * h - Double(area.y)) / Double(area.height)) }
                    commands.append(.photo(.init(viewportPixels: viewportPixels, quad: pixels(core),
                                                 uv: SIMD4(u(core.x), v(core.y), u(core.maxX), v(core.maxY)),
                                                 opacity: Float(opacity), texture: tile.texture)))
                }
                // The border's strips, each of whole pixels, that touch this tile: its own part
                // grown by a pixel (`u_tileShown` keeps each pixel to one tile), but not past the
                // photo's own edge where that lies inside the clip (a photo smaller than its clip):
                // there, as in the middle, a pixel whose centre is outside the photo is not drawn.
                let g = 1 / pixelScale
                let (gl, gt) = (x0 < 0 && left > card.clip.x ? 0 : g, y0 < 0 && top > card.clip.y ? 0 : g)
                let (gr, gb) = (x1 > 1 && right < card.clip.maxX ? 0 : g, y1 > 1 && bottom < card.clip.maxY ? 0 : g)
                let near = Rect(x: left - gl, y: top - gt, width: right - left + gl + gr, height: bottom - top + gt + gb)
                let sharpTile = FlightDrawCommand.Sharp(
                    tileMap: SIMD4(Float(-Double(area.x) / Double(area.width)), Float(-Double(area.y) / Double(area.height)),
                                   Float(w / Double(area.width)), Float(h / Double(area.height))),
                    tileShown: SIMD4(Float(x0), Float(y0), Float(x1), Float(y1)),
                    opacity: Float(opacity), texture: tile.texture)
                let premultiplied = card.color.premultiplied
                for strip in border.compactMap({ $0.intersection(near) }) {
                    commands.append(.flight(flight(card.clip, radius: card.cornerRadius,
                                                   color: SIMD4(premultiplied.r, premultiplied.g, premultiplied.b, premultiplied.a),
                                                   crop: card.crop, image: nil, drawn: strip, grown: 0, sharp: sharpTile)))
                }
            }
            /// A tile's own part of its photo, 0…1 across it, the photo's outer edges open.
            func part(_ shown: PixelArea, of photo: SharpPhotoTiles) -> (Double, Double, Double, Double) {
                let w = Double(photo.width), h = Double(photo.height)
                return (shown.x == 0 ? -1e6 : Double(shown.x) / w, shown.y == 0 ? -1e6 : Double(shown.y) / h,
                        shown.x + shown.width == photo.width ? 1e6 : Double(shown.x + shown.width) / w,
                        shown.y + shown.height == photo.height ? 1e6 : Double(shown.y + shown.height) / h)
            }
            for tile in sharp.tiles {
                let own = part(tile.shown, of: sharp)
                if tile.isUp {
                    add(tile, image: (sharp.width, sharp.height), part: own)
                    continue
                }
                guard let fallback = card.sharpFallback else { continue }
                for other in fallback.tiles where other.isUp {
                    let theirs = part(other.shown, of: fallback)
                    add(other, image: (fallback.width, fallback.height),
                        part: (max(own.0, theirs.0), max(own.1, theirs.1), min(own.2, theirs.2), min(own.3, theirs.3)))
                }
            }
        }

        /// A sharp photo turned on screen: each tile by `flight.frag` over the whole clip, which
        /// keeps to the pixels whose point of the photo (found through the turn) is the tile's own.
        /// Its full resolution only once every tile is up, else the window-size decode (a turned
        /// photo is shown until its file is read again, a moment).
        mutating func addTurnedTiles(of sharp: SharpPhotoTiles, card: Card, opacity: Double) {
            let c = card.crop
            guard c.width > 0, c.height > 0 else { return }
            let shown = sharp.tiles.allSatisfy(\.isUp) ? sharp : card.sharpFallback.flatMap { $0.tiles.allSatisfy(\.isUp) ? $0 : nil }
            guard let shown else { return }
            let w = Double(shown.width), h = Double(shown.height)
            let premultiplied = card.color.premultiplied
            for tile in shown.tiles {
                let area = tile.area, own = tile.shown
                let part = SIMD4(Float(own.x == 0 ? -1e6 : Double(own.x) / w), Float(own.y == 0 ? -1e6 : Double(own.y) / h),
                                 Float(own.x + own.width == shown.width ? 1e6 : Double(own.x + own.width) / w),
                                 Float(own.y + own.height == shown.height ? 1e6 : Double(own.y + own.height) / h))
                let sharpTile = FlightDrawCommand.Sharp(
                    tileMap: SIMD4(Float(-Double(area.x) / Double(area.width)), Float(-Double(area.y) / Double(area.height)),
                                   Float(w / Double(area.width)), Float(h / Double(area.height))),
                    tileShown: part, opacity: Float(opacity), texture: tile.texture)
                var command = flight(card.clip, radius: card.cornerRadius,
                                     color: SIMD4(premultiplied.r, premultiplied.g, premultiplied.b, premultiplied.a),
                                     crop: c, image: nil, grown: 1, sharp: sharpTile)
                command.turn = Self.uniform(card.sharpTurn)
                commands.append(.flight(command))
            }
        }

        /// `r` (points) as a quad in pixels: x, y, width, height.
        func pixels(_ r: Rect) -> SIMD4<Float> {
            SIMD4(Float(r.x * pixelScale), Float(r.y * pixelScale), Float(r.width * pixelScale), Float(r.height * pixelScale))
        }

        /// `flight.frag` drawing the rounded rectangle `r` (points) within `drawn` (all of it when
        /// nil) grown by `grown` pixels.
        func flight(_ r: Rect, radius: Double, color: SIMD4<Float>, crop c: Rect, image photo: CardImage?,
                    drawn: Rect? = nil, grown: Double, sharp: FlightDrawCommand.Sharp? = nil) -> FlightDrawCommand.Flight {
            FlightDrawCommand.Flight(viewportPixels: viewportPixels, quad: pixels(drawn ?? r), grow: Float(grown), rect: pixels(r),
                                     radius: Float(radius * pixelScale), color: color,
                                     crop: SIMD4(Float(c.x), Float(c.y), Float(c.width), Float(c.height)),
                                     image: Self.uniform(photo), sharp: sharp)
        }

        /// `u_turn` for `turn`: its mat2 columns.
        static func uniform(_ turn: ContentTurn) -> SIMD4<Float> {
            let (a, c, b, d) = turn.columns
            return SIMD4(a, c, b, d)
        }

        /// `u_image` for `photo`: its layer (−1: none) and how far it is faded in.
        static func uniform(_ photo: CardImage?) -> SIMD2<Float> {
            SIMD2(Float(photo?.layer ?? -1), Float(min(max(photo?.opacity ?? 0, 0), 1)))
        }
    }
}

extension Rect {
    /// The part of this rectangle inside `other`; nil when they do not overlap.
    func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
