import Testing
import SwivelCore

@Suite struct PolynomialFitTests {
    @Test func fitsAQuadraticExactly() throws {
        let x = [-0.03, -0.02, -0.01, 0]
        let c = try #require(PolynomialFit.coefficients(degree: 2, x: x, y: x.map { 5 + 300 * $0 - 4000 * $0 * $0 }))
        #expect(abs(c[0] - 5) < 1e-9 && abs(c[1] - 300) < 1e-6 && abs(c[2] + 4000) < 1e-3)
    }

    @Test func refusesTooFewDistinctPoints() {
        #expect(PolynomialFit.coefficients(degree: 2, x: [0, 0, 1], y: [1, 2, 3]) == nil)
        #expect(PolynomialFit.coefficients(degree: 1, x: [2, 2], y: [1, 2]) == nil)
    }
}
