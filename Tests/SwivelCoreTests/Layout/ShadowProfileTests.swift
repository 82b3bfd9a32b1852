import Testing
@testable import SwivelCore

@Suite struct ShadowProfileTests {
    let seed = ShadowProfile(EffectParameters())

    @Test func alphaOutsideTheEdge() {
        #expect(seed.sigma == 20 && seed.opacity == 0.2)
        #expect(abs(seed.alphaOutsideEdge(0) - 0.100) < 1e-9)
        #expect(abs(seed.alphaOutsideEdge(20) - 0.0317) < 1e-4)
        #expect(abs(seed.alphaOutsideEdge(40) - 0.00455) < 1e-5)
        #expect(abs(seed.alphaOutsideEdge(-1000) - 0.2) < 1e-9)
    }

    @Test func fadesBelowOneStepAbout41PointsOut() {
        #expect(abs(seed.visibleReach - 41.2) < 0.1)
        #expect(seed.visibleReach < EffectParameters().shadowReach)
    }
}
