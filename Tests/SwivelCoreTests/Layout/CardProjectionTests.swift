import Testing
@testable import SwivelCore

@Suite struct CardProjectionTests {
    @Test func flatCardIsUnchanged() {
        let p = CardProjection(center: Point(640, 360), degrees: 0, eyeDistance: 300)
        #expect(p.project(u: -100, v: -150) == Point(540, 210))
        #expect(p.w(u: 100) == 1)
    }

    @Test func minusTwelveDegrees() {
        let p = CardProjection(center: Point(880, 360), degrees: -12, eyeDistance: 300)
        // w = 1 + u·sinθ/d: the right edge comes towards the eye.
        #expect(abs(p.w(u: 100) - 0.930696) < 1e-6)
        let tr = p.project(u: 100, v: -150)
        #expect(abs(tr.x - 985.10) < 0.05 && abs(tr.y - 198.83) < 0.05)
    }

    @Test(arguments: [90.0, -90.0, 270.0, 180.0])
    func edgeOnAndBackFacingStayFinite(degrees: Double) {
        let p = CardProjection(center: Point(640, 360), degrees: degrees, eyeDistance: 300)
        for u in [-160.0, -100, 0, 100, 160] {
            let point = p.project(u: u, v: 150)
            #expect(point.x.isFinite && point.y.isFinite)
        }
        // Edge-on, the card is a vertical line through its centre.
        if abs(degrees) == 90 {
            #expect(abs(p.project(u: 100, v: 0).x - 640) < 1e-9)
        }
    }

    @Test func maximumReachBoundsEveryAngle() {
        let reach = CardProjection.maximumReach(halfWidth: 160, eyeDistance: 300)
        #expect(abs(reach - 189.146) < 0.001)
        var largest = 0.0
        for tenth in -900...900 {
            let p = CardProjection(center: Point(0, 0), degrees: Double(tenth) / 10, eyeDistance: 300)
            largest = max(largest, abs(p.project(u: 160, v: 0).x), abs(p.project(u: -160, v: 0).x))
        }
        #expect(largest <= reach + 1e-9)
        #expect(largest > reach - 0.01)
        #expect(CardProjection.maximumReach(halfWidth: 300, eyeDistance: 300) == .infinity)
    }
}
