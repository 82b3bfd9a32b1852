import SwivelCore
import SwivelPhotoCore
import Testing
@testable import SwivelRender

/// What a flight frame draws, from its draw list alone, without GL: the rectangles of whole pixels
/// and their texture coordinates worked out by hand here from the clip, corner radius and pixel
/// scale (`FlightFrameTests` draws such frames and compares their pixels).
struct FlightDrawListTests {
    static let viewport = Size(640, 360)
    static let red = RGBA8(255, 0, 0)

    /// A card of `color` at `clip`, no photo, the row fully shown.
    static func card(_ clip: Rect, radius: Double, color: RGBA8 = red, othersOpacity: Double = 1) -> FlightDrawList.Card {
        FlightDrawList.Card(clip: clip, cornerRadius: radius, crop: .unit, color: color, image: nil, sharp: nil,
                            sharpFallback: nil, sharpOpacity: 1, standIn: nil, othersOpacity: othersOpacity)
    }

    static func input(_ cards: [FlightDrawList.Card], pixelScale: Double, row: FlightDrawList.Row? = nil) -> FlightDrawList.Input {
        FlightDrawList.Input(cards: cards, background: .white, viewport: viewport, pixelScale: pixelScale,
                             cardArray: nil, row: row)
    }

    /// Within a float's rounding of the value worked out here (the list gets there by other steps).
    static func near(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Bool { (0..<4).allSatisfy { abs(a[$0] - b[$0]) <= 1e-6 } }

    /// A 100 × 60 pt clip at (10.25, 20.5), radius 8 pt, at 2 px a point: 20.5…220.5 × 41…161 px,
    /// radius 16 px. Its whole pixels are the clip inset by the radius, rounded inwards:
    /// x 36.5 → 37 … 204.5 → 204, y 57 … 145 (on whole pixels). The pixels it touches, rounded
    /// outwards: x 20 … 221, y 41 … 161. So the middle by `layer.frag` and four strips by
    /// `flight.frag`: above and below the middle the whole width (201 × 16 px), beside it its height.
    @Test func aCardIsItsWholePixelsAndFourStripsRoundThem() throws {
        let clip = Rect(x: 10.25, y: 20.5, width: 100, height: 60)
        let list = FlightDrawList(Self.input([Self.card(clip, radius: 8)], pixelScale: 2))
        #expect(list.cardTextures == 0)
        try #require(list.commands.count == 5)
        guard case .layer(let middle) = list.commands[0] else { Issue.record("\(list.commands[0])"); return }
        #expect(middle.viewportPixels == SIMD2(1280, 720))
        #expect(middle.quad == SIMD4(37, 57, 167, 88))
        // The texture across the clip: u = (x − 10.25) / 100, v = (y − 20.5) / 60 at the middle's
        // corners, 18.5 and 102 pt across, 28.5 and 72.5 pt down.
        #expect(Self.near(middle.uv, SIMD4(0.0825, 8.0 / 60, 0.9175, 52.0 / 60)), "\(middle.uv)")
        #expect(middle.image == SIMD2(-1, 0) && middle.color == SIMD4(1, 0, 0, 1))
        let strips: [SIMD4<Float>] = [SIMD4(20, 41, 201, 16), SIMD4(20, 145, 201, 16), SIMD4(20, 57, 17, 88), SIMD4(204, 57, 17, 88)]
        for (command, strip) in zip(list.commands.dropFirst(), strips) {
            guard case .flight(let flight) = command else { Issue.record("\(command)"); continue }
            #expect(flight.quad == strip)
            #expect(flight.grow == 0 && flight.rect == SIMD4(20.5, 41, 200, 120) && flight.radius == 16)
            #expect(flight.color == SIMD4(1, 0, 0, 1) && flight.crop == SIMD4(0, 0, 1, 1) && flight.sharp == nil)
        }
        // With coverage everywhere: one rectangle of every pixel the clip touches, by `flight.frag`.
        let everywhere = FlightDrawList(Self.input([Self.card(clip, radius: 8)], pixelScale: 2), coverageEverywhere: true)
        try #require(everywhere.commands.count == 1)
        guard case .flight(let whole) = everywhere.commands[0] else { Issue.record("\(everywhere.commands[0])"); return }
        #expect(whole.quad == SIMD4(20, 41, 201, 120) && whole.rect == SIMD4(20.5, 41, 200, 120))
    }

    /// A 40 × 30 px photo in four tiles of 20 × 15 (their textures a pixel over into each
    /// neighbour: 21 × 16 from x 0 or 19, y 0 or 14), at fit in a clip of 400 × 300 pt at
    /// (100, 50), 1 px a point, square corners: every pixel is whole, so one quad a tile by
    /// `photo.frag` and no strip. Tile i's quad is its quarter of the clip; its texture
    /// coordinates are the photo's pixels there less the texture's origin, over its size.
    @Test func aSharpPhotoInFourTilesIsAQuadATile() throws {
        let clip = Rect(x: 100, y: 50, width: 400, height: 300)
        var card = Self.card(clip, radius: 0)
        card.sharp = Self.fourTiles(up: [true, true, true, true])
        let list = FlightDrawList(Self.input([card], pixelScale: 1))
        let expected: [(quad: SIMD4<Float>, uv: SIMD4<Float>, texture: UInt32)] = [
            (SIMD4(100, 50, 200, 150), SIMD4(0, 0, 20.0 / 21, 15.0 / 16), 11),
            (SIMD4(300, 50, 200, 150), SIMD4(1.0 / 21, 0, 1, 15.0 / 16), 12),
            (SIMD4(100, 200, 200, 150), SIMD4(0, 1.0 / 16, 20.0 / 21, 1), 13),
            (SIMD4(300, 200, 200, 150), SIMD4(1.0 / 21, 1.0 / 16, 1, 1), 14),
        ]
        try #require(list.commands.count == 4, "\(list.commands)")
        for (command, want) in zip(list.commands, expected) {
            guard case .photo(let photo) = command else { Issue.record("\(command)"); continue }
            #expect(photo.quad == want.quad && photo.texture == want.texture && photo.opacity == 1)
            #expect(Self.near(photo.uv, want.uv), "tile \(want.texture): \(photo.uv)")
            #expect(photo.viewportPixels == SIMD2(640, 360))
        }
        // The last tile not up yet: its quarter comes from the fallback (20 × 15 px, one tile,
        // texture 20), whose coordinates there are 0.5…1 each way.
        card.sharp = Self.fourTiles(up: [true, true, true, false])
        card.sharpFallback = SharpPhotoTiles(width: 20, height: 15,
                                             tiles: [.init(shown: PixelArea(x: 0, y: 0, width: 20, height: 15),
                                                           area: PixelArea(x: 0, y: 0, width: 20, height: 15), texture: 20, isUp: true)],
                                             isOpaque: true)
        let fallen = FlightDrawList(Self.input([card], pixelScale: 1))
        try #require(fallen.commands.count == 4)
        guard case .photo(let last) = fallen.commands[3] else { Issue.record("\(fallen.commands[3])"); return }
        #expect(last.quad == SIMD4(300, 200, 200, 150) && last.uv == SIMD4(0.5, 0.5, 1, 1) && last.texture == 20)
    }

    /// The same photo with corners of 8 pt: the whole pixels are 108…492 × 58…342, and the border
    /// is four strips 8 px deep. Each tile draws its part of the whole pixels and the strips'
    /// parts within its own quarter grown by a pixel (x 99…301, y 49…201 for the first), by
    /// `flight.frag` from its own texture, which keeps each pixel to one tile (`u_tileShown`).
    @Test func aSharpPhotosTilesEachDrawTheirPartOfTheBorder() throws {
        var card = Self.card(Rect(x: 100, y: 50, width: 400, height: 300), radius: 8)
        card.sharp = Self.fourTiles(up: [true, true, true, true])
        let list = FlightDrawList(Self.input([card], pixelScale: 1))
        try #require(list.commands.count == 12, "\(list.commands)")
        guard case .photo(let middle) = list.commands[0], case .flight(let top) = list.commands[1],
              case .flight(let left) = list.commands[2] else { Issue.record("\(list.commands.prefix(3))"); return }
        #expect(middle.quad == SIMD4(108, 58, 192, 142) && middle.texture == 11)
        #expect(Self.near(middle.uv, SIMD4(0.8 / 21, 0.8 / 16, 20.0 / 21, 15.0 / 16)), "\(middle.uv)")
        #expect(top.quad == SIMD4(100, 50, 201, 8) && left.quad == SIMD4(100, 58, 8, 143))
        for strip in [top, left] {
            let sharp = try #require(strip.sharp)
            #expect(sharp.texture == 11 && sharp.opacity == 1)
            #expect(sharp.tileShown == SIMD4(-1e6, -1e6, 0.5, 0.5))
            #expect(Self.near(sharp.tileMap, SIMD4(0, 0, 40.0 / 21, 30.0 / 16)))
            #expect(strip.rect == SIMD4(100, 50, 400, 300) && strip.radius == 8 && strip.grow == 0)
        }
    }

    /// The row's layer, drawn within 100…900 × 80…600 px, under an opaque card at the first test's
    /// clip: the card hides the pixels whose centre is its radius and 1.5 px inside its outline,
    /// 17.5 px: x from 20.5 + 17.5 − 0.5 → 38 to 220.5 − 17.5 − 0.5 → 202, y 58…143. What is left
    /// of the layer is below that (its whole width) and right of it (its height); texel for pixel,
    /// its rows bottom-up, at the row's opacity.
    @Test func theRowsLayerIsDrawnOnlyWhereItShows() throws {
        let clip = Rect(x: 10.25, y: 20.5, width: 100, height: 60)
        let row = FlightDrawList.Row(texture: 7, width: 1280, height: 720, drawn: LayerPixels(x0: 100, y0: 80, x1: 900, y1: 600))
        let input = Self.input([Self.card(clip, radius: 8, othersOpacity: 0.5)], pixelScale: 2, row: row)
        let layer = FlightDrawList(input).commands.compactMap { command -> FlightDrawCommand.Photo? in
            if case .photo(let photo) = command { photo } else { nil }
        }
        try #require(layer.count == 2)
        #expect(layer[0].quad == SIMD4(100, 144, 800, 456) && layer[1].quad == SIMD4(203, 80, 697, 64))
        #expect(Self.near(layer[0].uv, SIMD4<Float>(100.0 / 1280, 1 - 144.0 / 720, 900.0 / 1280, 1 - 600.0 / 720)))
        #expect(layer.allSatisfy { $0.texture == 7 && $0.opacity == 0.5 && $0.viewportPixels == SIMD2(1280, 720) })
        // A translucent card hides nothing; the whole layer, as the tests compare, is the window.
        let translucent = Self.input([Self.card(clip, radius: 8, color: RGBA8(255, 0, 0, 254), othersOpacity: 0.5)],
                                     pixelScale: 2, row: row)
        let uncovered: [FlightDrawCommand] = FlightDrawList(translucent).commands
        guard case .photo(let all) = uncovered.first else { Issue.record("\(uncovered)"); return }
        #expect(all.quad == SIMD4(100, 80, 800, 520) && all.texture == 7)
        #expect(Self.near(all.uv, SIMD4<Float>(100.0 / 1280, 1 - 80.0 / 720, 900.0 / 1280, 1 - 600.0 / 720)))
        let whole: [FlightDrawCommand] = FlightDrawList(input, wholeRowLayer: true).commands
        guard case .photo(let window) = whole.first else { Issue.record("\(whole)"); return }
        #expect(window.quad == SIMD4(0, 0, 1280, 720) && window.uv == SIMD4(0, 1, 1, 0) && window.texture == 7)
        // Without a layer, a veil of the background at 1 − 0.5 over the window, its edge open.
        let veiled = FlightDrawList(Self.input([Self.card(clip, radius: 8, othersOpacity: 0.5)], pixelScale: 2))
        guard case .flight(let veil) = veiled.commands.first else { Issue.record("\(veiled.commands)"); return }
        #expect(veil.quad == SIMD4(0, 0, 1280, 720) && veil.grow == 1 && veil.color == SIMD4(0.5, 0.5, 0.5, 0.5))
    }

    /// A 40 × 30 px photo as four tiles of 20 × 15, textures 11…14, whose tiles are up where `up` says.
    static func fourTiles(up: [Bool]) -> SharpPhotoTiles {
        let origins = [(0, 0), (20, 0), (0, 15), (20, 15)]
        return SharpPhotoTiles(width: 40, height: 30, tiles: origins.enumerated().map { index, origin in
            SharpPhotoTiles.Tile(shown: PixelArea(x: origin.0, y: origin.1, width: 20, height: 15),
                                 area: PixelArea(x: origin.0 == 0 ? 0 : 19, y: origin.1 == 0 ? 0 : 14, width: 21, height: 16),
                                 texture: UInt32(11 + index), isUp: up[index])
        }, isOpaque: up.allSatisfy { $0 })
    }
}
