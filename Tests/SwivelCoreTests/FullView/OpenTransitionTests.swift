import Testing
import SwivelCore

@Suite struct OpenTransitionTests {
    /// The centred 200 × 300 card of a 1280 × 720 window, holding a 4000 × 3000 photo: covered at
    /// max(200/4000, 300/3000) = 0.1, the photo is 400 × 300 around the card, (440, 210). Open, it
    /// fits at min(1280/4000, 720/3000) = 0.24: 960 × 720 at (160, 0).
    static let card = FlightFrame.card(Rect(x: 540, y: 210, width: 200, height: 300), imageSize: Size(4000, 3000),
                                       cornerRadius: 16)
    static let full = FlightFrame.fullView(photo: Rect(x: 160, y: 0, width: 960, height: 720), window: Size(1280, 720))

    @Test func theEndsAreTheCardAndTheFittedPhoto() {
        #expect(Self.card.photo == Rect(x: 440, y: 210, width: 400, height: 300))
        // The aspect-fill crop of 4000×3000 to 2:3 is the middle 2000 px: x 0.25, width 0.5.
        #expect(Self.card.crop == Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        #expect(Self.full.clip == Rect(x: 160, y: 0, width: 960, height: 720))
        #expect(Self.full.crop == .unit)
        let flight = OpenTransition(card: Self.card, full: Self.full, openingAt: 1)
        #expect(flight.frame(at: 1) == Self.card)
        #expect(flight.frame(at: 1.3) == Self.full)
        #expect(flight.isDone(at: 1.3) && !flight.isDone(at: 1.29))
    }

    @Test func halfwayEverythingIsHalfwayAndThePhotoKeepsItsAspect() {
        // Smoothstep at half time is 0.5.
        let middle = OpenTransition(card: Self.card, full: Self.full, openingAt: 0).frame(at: 0.15)
        #expect(middle.clip == Rect(x: 350, y: 105, width: 580, height: 510))
        #expect(middle.photo == Rect(x: 300, y: 105, width: 680, height: 510))
        #expect(abs(middle.photo.width / middle.photo.height - 4.0 / 3) < 1e-12)
        #expect(middle.cornerRadius == 8 && middle.othersOpacity == 0.5)
    }

    @Test func everyNumberMovesOneWay() {
        let flight = OpenTransition(card: Self.card, full: Self.full, openingAt: 0)
        var last = flight.frame(at: 0)
        for frame in 1...30 {
            let now = flight.frame(at: Double(frame) / 60)
            #expect(now.clip.x <= last.clip.x && now.clip.y <= last.clip.y)
            #expect(now.clip.maxX >= last.clip.maxX && now.clip.maxY >= last.clip.maxY)
            #expect(now.crop.x <= last.crop.x && now.crop.width >= last.crop.width)
            #expect(now.cornerRadius <= last.cornerRadius && now.othersOpacity <= last.othersOpacity)
            last = now
        }
    }

    @Test func reversedMidFlightItNeitherJumpsNorChangesSpeed() {
        // The fastest edge moves 380 pt (540 → 160); smoothstep's top speed is 1.5/0.3 s = 5 a
        // second, so an uninterrupted flight moves an edge at most 380·5/60 = 31.67 pt a 60 Hz frame.
        // Reversed at 0.1 s, 0.2 s or 0.25 s, closing and reopening, no frame may step further.
        for reversal in [0.1, 0.2, 0.25] {
            var flight = OpenTransition(card: Self.card, full: Self.full, openingAt: 0)
            // A frame loop: the reversals (closing at `reversal`, reopening 0.1 s later) arrive as
            // events before the frame that follows them.
            var pending = [reversal, reversal + 0.1]
            var worst = 0.0, last = flight.frame(at: 0)
            for frame in 1...60 {
                let time = Double(frame) / 60
                while let next = pending.first, next <= time {
                    let before = flight.progressVelocity(at: next), at = flight.progress(at: next)
                    flight.reverse(at: next)
                    #expect(flight.progress(at: next) == at)
                    #expect(abs(flight.progressVelocity(at: next) - before) < 1e-9)
                    pending.removeFirst()
                }
                let now = flight.frame(at: time)
                worst = max(worst, now.clip.largestEdgeDistance(to: last.clip))
                last = now
            }
            #expect(worst <= 31.67, "reversed at \(reversal): \(worst)")
            #expect(flight.isOpening && flight.frame(at: 2) == Self.full)
        }
    }

    @Test func closingEndsInTheSlotAndReducedMotionJumps() {
        var flight = OpenTransition(card: Self.card, full: Self.full, at: 0, progress: 1)
        flight.close(at: 1)
        #expect(!flight.isClosed(at: 1.29) && flight.isClosed(at: 1.3) && flight.frame(at: 1.3) == Self.card)
        var reduced = OpenTransition(card: Self.card, full: Self.full, openingAt: 0, reducesMotion: true)
        #expect(reduced.frame(at: 0) == Self.full)
        reduced.close(at: 1)
        #expect(reduced.isClosed(at: 1))
    }
}
