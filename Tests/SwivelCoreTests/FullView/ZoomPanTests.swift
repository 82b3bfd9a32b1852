import Testing
import SwivelCore

@Suite struct ZoomPanTests {
    static let big = Size(4000, 3000), window = Size(1920, 1080)

    /// 1:1 about the window's centre, settled by t = 1: from fit (0.36 at (240, 0)) the origin is
    /// (960 − 720/0.36, 540 − 540/0.36) = (−1040, −960).
    func oneToOne(pixelsPerPoint: Double = 1) -> ZoomPan {
        var zoom = ZoomPan(imageSize: Self.big, windowSize: Self.window, pixelsPerPoint: pixelsPerPoint)
        zoom.oneToOne(at: 0)
        return zoom
    }

    @Test func oneToOneAboutTheCentre() {
        let zoom = oneToOne()
        #expect(zoom.isAnimating(at: 0.1) && !zoom.isAnimating(at: 0.3))
        #expect(zoom.placement(at: 1) == PhotoPlacement(imageSize: Self.big, windowSize: Self.window, scale: 1,
                                                       origin: Point(-1040, -960)))
        #expect(!zoom.isFitted(at: 0.01))
    }

    @Test func wheelNotchesKeepThePointUnderThePointer() {
        // At 2 device pixels a point, the pointer at (750, 350) pt is (1500, 700) px, over image
        // pixel (1500 + 1040, 700 + 960) = (2540, 1660). Eight notches, one every 30 ms (each one
        // interrupting the last), end at 2^(8/4) = 4; every 60 Hz frame keeps that pixel within
        // 0.5 device pixel of the pointer.
        var zoom = oneToOne(pixelsPerPoint: 2)
        for notch in 0..<8 { zoom.zoom(notches: 1, about: Point(750, 350), at: 1 + 0.03 * Double(notch)) }
        var worst = 0.0
        for frame in 0...90 {
            let p = zoom.placement(at: 1 + Double(frame) / 60).windowPoint(of: Point(2540, 1660))
            worst = max(worst, abs(p.x - 1500), abs(p.y - 700))
        }
        #expect(worst <= 0.5, "\(worst)")
        #expect(abs(zoom.placement(at: 3).scale - 4) < 1e-9)
    }

    @Test func zoomOutStopsAtFitAndKeysUseTheCentre() {
        var zoom = oneToOne()
        zoom.zoom(notches: -40, about: Point(0, 0), at: 1)
        #expect(zoom.placement(at: 2) == PhotoPlacement(imageSize: Self.big, windowSize: Self.window))
        #expect(zoom.isFitted(at: 1.01))
        // + twice: 0.36·√2·√2 = 0.72 about (960, 540): origin (960 − 720·2, 540 − 540·2) = (−480, −540).
        zoom.zoom(keySteps: 1, at: 3)
        zoom.zoom(keySteps: 1, at: 3.05)
        let p = zoom.placement(at: 4)
        #expect(abs(p.scale - 0.72) < 1e-12)
        #expect(abs(p.origin.x - -480) < 1e-9 && abs(p.origin.y - -540) < 1e-9)
    }

    @Test func doubleClickTogglesFitAndOneToOne() {
        var zoom = ZoomPan(imageSize: Self.big, windowSize: Self.window)
        // About (600, 300): image pixel ((600 − 240)/0.36, 300/0.36) = (1000, 833.3) ends under it at
        // 1:1, origin (−400, −533.3).
        zoom.toggleZoom(about: Point(600, 300), at: 0)
        let near = zoom.placement(at: 1)
        #expect(near.scale == 1 && abs(near.origin.x - -400) < 1e-9 && abs(near.origin.y - (300 - 2500.0 / 3)) < 1e-9)
        zoom.toggleZoom(about: Point(10, 10), at: 1)
        #expect(zoom.placement(at: 2) == PhotoPlacement(imageSize: Self.big, windowSize: Self.window))
    }

    @Test func aDragPansOneToOneAfterTheSlop() {
        // Moved (−100, −50) pt from the press: the photo follows, trailing by the mouse's 4 pt slop
        // along the way it went: (−100, −50)·(1 − 4/111.80) = (−96.42, −48.21).
        var zoom = oneToOne()
        let used1 = zoom.handlePointer(PointerEvent(.down, at: Point(900, 500), time: 1))
        #expect(used1)
        zoom.handlePointer(PointerEvent(.move, at: Point(800, 450), time: 1.1))
        let p = zoom.placement(at: 1.1)
        #expect(abs(p.origin.x - (-1040 - 96.422)) < 0.001 && abs(p.origin.y - (-960 - 48.211)) < 0.001)
    }

    @Test func pastAnEdgeItBandsAndSpringsBack() {
        // Dragged 1340 pt right from 1:1: raw origin.x = −1040 + 1340 − 4 (slop) = 296 past the left
        // edge, shown 296·0.55/(1 + 0.55·296/1920) = 150.07.
        var zoom = oneToOne()
        zoom.handlePointer(PointerEvent(.down, at: Point(100, 500), time: 1))
        zoom.handlePointer(PointerEvent(.move, at: Point(1440, 500), time: 1.5))
        #expect(abs(zoom.placement(at: 1.5).origin.x - 150.07) < 0.01)
        zoom.handlePointer(PointerEvent(.up, at: Point(1440, 500), time: 1.6))
        #expect(zoom.isAnimating(at: 1.7))
        // The row's critically damped spring from 150.07 at rest (ω = 10/s): x(t) = 150.07·(1 + ωt)·e^(−ωt),
        // 150.07·8·e^(−7) = 1.0945 at 0.7 s; at rest on the edge by 2 s.
        #expect(abs(zoom.placement(at: 1.6 + 0.7).origin.x - 1.0945) < 0.001)
        #expect(!zoom.isAnimating(at: 4) && zoom.placement(at: 4).origin.x == 0)
    }

    @Test func aFlickGlidesWithTheRowsFriction() {
        // A steady 1000 pt/s flick left: it rests v/λ = 1000/(−1000·ln 0.998) = 499.5 px further on.
        var zoom = oneToOne()
        zoom.handlePointer(PointerEvent(.down, at: Point(1000, 500), time: 1))
        for step in 1...12 { zoom.handlePointer(PointerEvent(.move, at: Point(1000 - 10 * Double(step), 500), time: 1 + 0.01 * Double(step))) }
        let released = zoom.placement(at: 1.12).origin.x
        zoom.handlePointer(PointerEvent(.up, at: Point(880, 500), time: 1.12))
        let rested = zoom.placement(at: 20).origin.x
        #expect(abs(rested - (released - 499.5)) < 1, "\(released) → \(rested)")
    }

    @Test func atFitThePressIsLeftToPagingAndReducedMotionJumps() {
        var zoom = ZoomPan(imageSize: Self.big, windowSize: Self.window, reducesMotion: true)
        let used2 = zoom.handlePointer(PointerEvent(.down, at: Point(900, 500), time: 0))
        #expect(!used2)
        zoom.oneToOne(at: 1)
        #expect(zoom.placement(at: 1).scale == 1 && !zoom.isAnimating(at: 1))
    }

    @Test func aPinchKeepsTheImagePointUnderTheMidpoint() {
        // From 1:1, fingers around (500, 400) spread to 1.5× while their midpoint moves to (600, 420):
        // image pixel (1540, 1360) under the start midpoint ends under (600, 420), at scale 1.5.
        var zoom = oneToOne()
        zoom.beginPinch(midpoint: Point(500, 400), at: 1)
        zoom.changePinch(spread: 1.5, midpoint: Point(600, 420), at: 1.2)
        let p = zoom.placement(at: 1.2)
        let q = p.windowPoint(of: Point(1540, 1360))
        #expect(p.scale == 1.5 && abs(q.x - 600) < 1e-9 && abs(q.y - 420) < 1e-9)
        zoom.endPinch(at: 1.2)
        #expect(zoom.placement(at: 5) == p)
    }
}
