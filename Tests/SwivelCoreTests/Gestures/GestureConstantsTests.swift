import Testing
@testable import SwivelCore

/// The numbers in `GestureConstants` are the ones the gestures and simulations use.
@Suite struct GestureConstantsTests {
    @Test func valuesAndUnits() {
        #expect(GestureConstants.touchSlop == 18 && GestureConstants.mouseSlop == 4)
        #expect(GestureConstants.centredWithin == 0.5)
        #expect(GestureConstants.minimumFlingSpeed == 50 && GestureConstants.maximumFlingSpeed == 8000)
        #expect(GestureConstants.velocityHorizon == 0.1 && GestureConstants.velocitySamples == 20)
        #expect(GestureConstants.pointerStoppedAfter == 0.04)
        #expect(GestureConstants.wheelNotch == 60 && GestureConstants.easeDuration == 0.15)
        #expect(GestureConstants.normalDeceleration == 0.998 && GestureConstants.fastDeceleration == 0.99)
        #expect(GestureConstants.rubberBandCoefficient == 0.55)
        #expect(GestureConstants.springMass == 1 && GestureConstants.springStiffness == 100)
        #expect(GestureConstants.snapHandoverDistance == 2)
        #expect(abs(GestureConstants.slowestSnapDecay - 1.001) < 0.001)
        #expect(GestureConstants.restDistance == 0.01 && GestureConstants.restSpeed == 1)
    }

    @Test func theGesturesAndSimulationsReadThem() {
        #expect(PointerSource.touch.slop == GestureConstants.touchSlop)
        #expect(PointerSource.mouse.slop == GestureConstants.mouseSlop)
        #expect(ScrollController.flingThreshold == GestureConstants.minimumFlingSpeed)
        #expect(ScrollController.notchDistance == GestureConstants.wheelNotch)
        #expect(VelocityTracker.maximumSpeed == GestureConstants.maximumFlingSpeed)
        #expect(VelocityTracker.horizon == GestureConstants.velocityHorizon)
        #expect(VelocityTracker.stopGap == GestureConstants.pointerStoppedAfter)
        #expect(VelocityTracker.maximumSamples == GestureConstants.velocitySamples)
        #expect(EaseSimulation.standardDuration == GestureConstants.easeDuration)
        #expect(FrictionSimulation.normal == 0.998 && FrictionSimulation.fast == 0.99)
        #expect(RubberBand.coefficient == GestureConstants.rubberBandCoefficient)
        #expect(SpringSimulation.omega == 10)
        #expect(SnapSimulation.handoverDistance == 2 && SnapSimulation.fastestDecay == 10)
        #expect(Tolerance.scroll == Tolerance(distance: 0.01, velocity: 1))
        // Half a point from a slot is still that slot: the next card is its neighbour.
        let layout = CarouselLayout(viewport: Size(1280, 720), cardCount: 7)
        #expect(layout.nextCard(after: 240.4, direction: 1) == 2)
        #expect(layout.nextCard(after: 240.6, direction: 1) == 2)
        #expect(layout.nextCard(after: 239.6, direction: 1) == 2)
        #expect(layout.nextCard(after: 239.4, direction: 1) == 1)
    }
}
