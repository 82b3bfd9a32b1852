import Testing
import SwivelCore

@Suite struct PhotoPlacementTests {
    let big = Size(4000, 3000), window = Size(1920, 1080)

    @Test func fitIsAspectFitCappedAtOne() {
        // 4000×3000 in 1920×1080: min(1920/4000, 1080/3000) = min(0.48, 0.36) = 0.36, 1440×1080, centred.
        let fitted = PhotoPlacement(imageSize: big, windowSize: window)
        #expect(fitted.fitScale == 0.36)
        #expect(fitted.scale == 0.36)
        #expect(fitted.frame == Rect(x: 240, y: 0, width: 1440, height: 1080))
        #expect(fitted.isFitted)
        // A panorama 3000×1000 in 1000×1000: 1/3, 1000×333.3 at y = 333.3.
        let wide = PhotoPlacement(imageSize: Size(3000, 1000), windowSize: Size(1000, 1000))
        #expect(abs(wide.scale - 1.0 / 3) < 1e-12 && abs(wide.origin.y - 1000.0 / 3) < 1e-9 && wide.origin.x == 0)
        // 800×600 in 1920×1080 is never enlarged: 1:1 at (560, 240).
        let small = PhotoPlacement(imageSize: Size(800, 600), windowSize: window)
        #expect(small.scale == 1)
        #expect(small.frame == Rect(x: 560, y: 240, width: 800, height: 600))
        #expect(small.scaleRange == 1...16)
    }

    @Test func scaleStaysBetweenFitAndSixteen() {
        let fitted = PhotoPlacement(imageSize: big, windowSize: window)
        #expect(fitted.zoomed(to: 100, about: Point(0, 0)).scale == 16)
        #expect(fitted.zoomed(to: 0.01, about: Point(0, 0)).scale == 0.36)
        #expect(fitted.zoomed(by: 2, about: Point(0, 0)).scale == 0.72)
    }

    @Test func theAnchorStaysPut() {
        // Ten wheel notches of 2^(1/4) in, then four out, about (1500, 700), from 1:1 at (−1000, −500):
        // the photo covers the window throughout, so no clamp moves it. The image point there is
        // ((1500 + 1000)/1, (700 + 500)/1) = (2500, 1200) and must stay within 0.5 px of (1500, 700).
        let anchor = Point(1500, 700)
        var p = PhotoPlacement(imageSize: big, windowSize: window, scale: 1, origin: Point(-1000, -500))
        let factor = 1.189_207_115 // 2^(1/4)
        for step in 0..<14 {
            p = p.zoomed(by: step < 10 ? factor : 1 / factor, about: anchor).clamped()
            let shown = p.windowPoint(of: Point(2500, 1200))
            #expect(abs(shown.x - 1500) <= 0.5 && abs(shown.y - 700) <= 0.5, "step \(step): \(shown)")
        }
        // 1·2^(6/4) = 2.828.
        #expect(abs(p.scale - 2.828_427) < 1e-5)
    }

    @Test func clampingCoversTheWindowOrCentres() {
        // 1:1 pushed to (100, −2500): x back to 0 (left edge), y to 1080 − 3000 = −1920 (bottom edge).
        let pushed = PhotoPlacement(imageSize: big, windowSize: window, scale: 1, origin: Point(100, -2500)).clamped()
        #expect(pushed.origin == Point(0, -1920))
        // Zoomed out to 0.5 about the bottom-right corner: unclamped (1920 − 2920·0.5, 1080 − 1580·0.5)
        // = (460, 290); 2000×1500 covers the window, so both go to 0.
        let out = PhotoPlacement(imageSize: big, windowSize: window, scale: 1, origin: Point(-1000, -500))
            .zoomed(to: 0.5, about: Point(1920, 1080))
        #expect(out.origin == Point(460, 290))
        #expect(out.clamped().origin == Point(0, 0))
        // At 0.4 the photo is 1600 wide, narrower than 1920: centred at x = 160 whatever the anchor.
        let narrow = out.zoomed(to: 0.4, about: Point(0, 0)).clamped()
        #expect(narrow.origin.x == 160 && narrow.origin.y == 0)
    }

    @Test func pastTheEdgesTheRowsRubberBand() {
        // 100 px past the left edge in a 1920 px window: 100·0.55/(1 + 0.55·100/1920) = 53.468;
        // 300 px past the bottom (range −1920…0) in a 1080 px window: 300·0.55/(1 + 0.55·300/1080) = 143.13.
        let raw = PhotoPlacement(imageSize: big, windowSize: window, scale: 1, origin: Point(100, -2220))
        let shown = raw.rubberBanded()
        #expect(abs(shown.origin.x - 53.468) < 0.001)
        #expect(abs(shown.origin.y - (-1920 - 143.133)) < 0.001)
        let inside = raw.with(Point(-50, -60))
        #expect(inside.rubberBanded() == inside)
    }
}

extension PhotoPlacement {
    func with(_ origin: Point) -> PhotoPlacement { var copy = self; copy.origin = origin; return copy }
}
