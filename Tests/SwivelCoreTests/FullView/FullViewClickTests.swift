import Testing
import SwivelCore

/// Clicks, double-clicks and pinches through `FullViewState`, as the frame loop sends events: the
/// view first, the row when the view does not take them.
@Suite struct FullViewClickTests {
    struct Session {
        var row: ScrollController
        var state: FullViewState

        /// Seven colour cards (200 × 300) in a `window`, the first centred.
        init(window: Size = Size(1280, 720), pixelsPerPoint: Double = 1) {
            row = ScrollController(layout: CarouselLayout(viewport: window, cardCount: 7))
            state = FullViewState(pixelsPerPoint: pixelsPerPoint)
        }

        /// Sends `event` as the frame loop does; returns whether the full view took it.
        @discardableResult
        mutating func send(_ event: PointerEvent) -> Bool {
            if state.handle(.pointer(event), row: &row) { return true }
            row.handle(.pointer(event))
            return false
        }

        /// A mouse click at `p`, pressed at `time`, released 50 ms later in the same place.
        mutating func click(_ p: Point, at time: Double) {
            send(PointerEvent(.down, at: p, time: time))
            send(PointerEvent(.up, at: p, time: time + 0.05))
        }

        func centre(of card: Int) -> Point { row.layout.cardCenter(card, scroll: row.offset(at: 0)) }
    }

    @Test func aClickOnTheCentredCardOpensItAtOnce() {
        var s = Session()
        s.send(PointerEvent(.down, at: s.centre(of: 0), time: 1))
        let taken = s.send(PointerEvent(.up, at: s.centre(of: 0), time: 1.05))
        #expect(taken)
        #expect(s.state.shown(at: 1.05)?.index == 0 && s.state.view?.transition.isOpening == true)
    }

    @Test func aClickOnASideCardCentresItWithoutOpening() {
        var s = Session()
        let side = s.centre(of: 1)
        s.click(side, at: 1)
        #expect(s.state.view == nil)
        #expect(s.row.offset(at: 2) == s.row.layout.offset(centering: 1))
        // Slow presses are clicks too; a press dragged past the slop is not.
        var t = Session()
        t.send(PointerEvent(.down, at: t.centre(of: 0), time: 1))
        t.send(PointerEvent(.move, at: Point(t.centre(of: 0).x + 5, t.centre(of: 0).y), time: 1.1))
        t.send(PointerEvent(.up, at: t.centre(of: 0), time: 1.2))
        #expect(t.state.view == nil)
    }

    @Test func aDoubleClickOnASideCardOpensThatCard() {
        // The first click starts bringing card 2 to the centre; the second, 0.3 s after the first
        // press at the same place, opens card 2 (the card under the first press).
        var s = Session()
        let p = s.centre(of: 2)
        s.click(p, at: 1)
        #expect(s.state.view == nil)
        s.click(p, at: 1.3)
        #expect(s.state.shown(at: 1.35)?.index == 2)
        #expect(s.row.offset(at: 1.35) == s.row.layout.offset(centering: 2))
        // 0.45 s apart it is two clicks: card 2 is centred by then, so the second opens it too,
        // but a double-click between cards opens nothing.
        var gap = Session()
        let between = Point(gap.centre(of: 0).x, 20)
        gap.click(between, at: 1)
        gap.click(between, at: 1.2)
        #expect(gap.state.view == nil)
    }

    @Test func theDoubleClickAClickOnTheCentredCardBeginsIsIgnored() {
        var s = Session()
        s.click(s.centre(of: 0), at: 1)
        s.click(s.centre(of: 0), at: 1.2)
        let view = s.state.shown(at: 2)
        #expect(view?.transition.isOpening == true && view?.zoom.isFitted(at: 2) == true)
    }

    /// A 400 × 200 window: the 200 × 300 card fits at 2/3 (133⅓ × 200 pt at x 133⅓); its texture,
    /// 200 × 300 px a point of scale, is the image placed.
    static func zoomable(pixelsPerPoint: Double = 1) -> Session {
        var s = Session(window: Size(400, 200), pixelsPerPoint: pixelsPerPoint)
        s.state.open(0, row: &s.row, at: 0, flying: false)
        return s
    }

    @Test(arguments: [1.0, 2.0])
    func aDoubleClickOnThePhotoTogglesFitAndOneToOneAboutThePoint(pixelsPerPoint k: Double) throws {
        // At (180, 100) pt = (180k, 100k) px over the fitted texture (origin (133⅓k, 0), scale 2/3):
        // image point ((180 − 133⅓)·1.5k, 100·1.5k) = (70k, 150k). At 1:1 it stays under the point in
        // y: origin y = 100k − 150k = −50k; in x the 200k px wide image is narrower than the 400k px
        // window, so it is centred at 100k.
        var s = Self.zoomable(pixelsPerPoint: k)
        s.click(Point(180, 100), at: 1)
        #expect(s.state.shown(at: 1.1)?.zoom.isFitted(at: 1.1) == true)    // one click does nothing
        s.click(Point(180, 100), at: 1.2)
        let zoomed = try #require(s.state.shown(at: 2)).zoom.placement(at: 2)
        #expect(zoomed.scale == 1)
        #expect(abs(zoomed.origin.x - 100 * k) < 1e-9 && abs(zoomed.origin.y - -50 * k) < 1e-9, "\(zoomed.origin)")
        // Again: back to fit.
        s.click(Point(30, 30), at: 3)
        s.click(Point(30, 30), at: 3.2)
        let view = try #require(s.state.shown(at: 4))
        #expect(view.zoom.isFitted(at: 4) && view.transition.isOpening)
    }

    @Test func aDoubleClickAtFitOnTheLetterboxOrOnAPhotoAlreadyOneToOneCloses() {
        var s = Self.zoomable()
        s.click(Point(50, 100), at: 1)    // left of the photo (x 133⅓ …)
        s.click(Point(50, 100), at: 1.2)
        #expect(s.state.view?.transition.isOpening == false && s.state.shown(at: 2) == nil)
        // 1280 × 720: the card's 200 × 300 texture is smaller than its fit, 480 × 720, so the
        // stand-in is taken at fit size: already 1:1.
        var big = Session()
        big.state.open(0, row: &big.row, at: 0, flying: false)
        big.click(Point(640, 360), at: 1)
        big.click(Point(640, 360), at: 1.2)
        #expect(big.state.shown(at: 2) == nil)
    }

    @Test func twoFingersPinchAboutTheirMidpoint() throws {
        // One finger starts a page drag; the second, 160 pt from it, takes over: midpoint (200, 100),
        // over image point ((200 − 133⅓)·1.5, 100·1.5) = (100, 150) at fit. Spread to 640 pt (4×) about
        // the same midpoint: scale 2/3·4 = 8/3; then both 30 pt right: the image point follows the
        // midpoint to (230, 100), origin (230 − 100·8/3, 100 − 150·8/3) = (−36⅔, −300).
        var s = Self.zoomable()
        let a = PointerID(source: .touch, id: 1), b = PointerID(source: .touch, id: 2)
        s.send(PointerEvent(.down, a, at: Point(150, 100), time: 1))
        s.send(PointerEvent(.move, a, at: Point(120, 100), time: 1.05))    // past the touch slop, 18 pt
        #expect(s.state.view?.strip.isDragging == true)
        s.send(PointerEvent(.down, b, at: Point(280, 100), time: 1.1))
        #expect(s.state.view?.strip.isDragging == false && s.state.view?.zoom.isHeld == true)
        s.send(PointerEvent(.move, a, at: Point(-120, 100), time: 1.2))
        s.send(PointerEvent(.move, b, at: Point(520, 100), time: 1.2))
        var p = try #require(s.state.view).zoom.placement(at: 1.2)
        #expect(abs(p.scale - 8.0 / 3) < 1e-12, "\(p.scale)")
        var q = p.windowPoint(of: Point(100, 150))
        #expect(abs(q.x - 200) < 1e-9 && abs(q.y - 100) < 1e-9, "\(q)")
        s.send(PointerEvent(.move, a, at: Point(-90, 100), time: 1.3))
        s.send(PointerEvent(.move, b, at: Point(550, 100), time: 1.3))
        s.send(PointerEvent(.up, b, at: Point(550, 100), time: 1.4))
        s.send(PointerEvent(.move, a, at: Point(0, 0), time: 1.5))     // the finger left behind is ignored
        s.send(PointerEvent(.up, a, at: Point(0, 0), time: 1.6))
        let view = try #require(s.state.shown(at: 5))
        p = view.zoom.placement(at: 5)
        q = p.windowPoint(of: Point(100, 150))
        #expect(abs(p.scale - 8.0 / 3) < 1e-12 && abs(q.x - 230) < 1e-9 && abs(q.y - 100) < 1e-9, "\(p)")
        #expect(!view.zoom.isHeld && view.strip.page(at: 5) == 0)
    }
}
