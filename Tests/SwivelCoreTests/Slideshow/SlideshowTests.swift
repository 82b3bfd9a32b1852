import Testing
import SwivelCore

@Suite struct SlideshowTests {
    @Test func countsFromThePhotoOnScreen() {
        var show = Slideshow(interval: 2, running: true)
        // The photo is still decoding for 3 s: no count.
        #expect(show.step(at: 0, photoShown: false, atEnd: false) == .wait)
        #expect(show.due == nil)
        #expect(show.step(at: 3, photoShown: true, atEnd: false) == .wait)
        #expect(show.due == 5)
        #expect(show.step(at: 4.99, photoShown: true, atEnd: false) == .wait)
        #expect(show.step(at: 5, photoShown: true, atEnd: false) == .advance)
        // Moving to the next one: the count starts again when it is on screen.
        #expect(show.step(at: 5.1, photoShown: false, atEnd: false) == .wait)
        #expect(show.step(at: 5.2, photoShown: true, atEnd: false) == .wait)
        #expect(show.due == 7.2)
    }

    @Test func inputPausesItForAnInterval() {
        var show = Slideshow(interval: 2, running: true)
        _ = show.step(at: 0, photoShown: true, atEnd: false)
        show.noteInput(at: 1.5)
        #expect(show.due == 3.5)
        #expect(show.step(at: 2, photoShown: true, atEnd: false) == .wait)
        #expect(show.step(at: 3.5, photoShown: true, atEnd: false) == .advance)
    }

    @Test func stopsAtTheEndUnlessItLoops() {
        var show = Slideshow(interval: 1, running: true)
        _ = show.step(at: 0, photoShown: true, atEnd: true)
        #expect(show.step(at: 1, photoShown: true, atEnd: true) == .finished)
        #expect(!show.isRunning)
        #expect(show.step(at: 5, photoShown: true, atEnd: true) == .wait)
        var looping = Slideshow(interval: 1, loops: true, running: true)
        _ = looping.step(at: 0, photoShown: true, atEnd: true)
        #expect(looping.step(at: 1, photoShown: true, atEnd: true) == .advance)
    }

    @Test func theKeyStartsAndStopsIt() {
        var show = Slideshow(interval: 1)
        #expect(show.step(at: 0, photoShown: true, atEnd: false) == .wait)
        show.toggle()
        #expect(show.step(at: 1, photoShown: true, atEnd: false) == .wait)
        #expect(show.step(at: 2, photoShown: true, atEnd: false) == .advance)
        show.toggle()
        #expect(show.due == nil)
    }
}
