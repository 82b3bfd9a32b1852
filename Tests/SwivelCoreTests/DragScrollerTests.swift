import Testing
@testable import SwivelCore

@Suite struct DragScrollerTests {
    func pointer(_ phase: PointerPhase, _ x: Double, _ pointer: PointerID = .mouse, t: Double = 0) -> InputEvent {
        .pointer(PointerEvent(phase, pointer, at: Point(x, 300), time: t))
    }

    @Test func followsThePointerOneToOne() {
        var scroller = DragScroller(range: 0...1440)
        scroller.handle(pointer(.down, 900))
        let changed = scroller.handle(pointer(.move, 800))
        #expect(changed)
        #expect(scroller.offset == 100)
        scroller.handle(pointer(.move, 650.5))
        #expect(scroller.offset == 249.5)
        scroller.handle(pointer(.up, 660.5))
        #expect(scroller.offset == 239.5)
        #expect(!scroller.isDragging)
        // Moves without a press do nothing.
        let changedWithoutPress = scroller.handle(pointer(.move, 0))
        #expect(!changedWithoutPress)
    }

    @Test func clampsToTheRange() {
        var scroller = DragScroller(offset: 100, range: 0...1440)
        scroller.handle(pointer(.down, 500))
        scroller.handle(pointer(.move, 900))
        #expect(scroller.offset == 0)
        scroller.handle(pointer(.move, -5000))
        #expect(scroller.offset == 1440)
        #expect(DragScroller(offset: 99999, range: 0...1440).offset == 1440)
    }

    @Test func secondFingerIsIgnored() {
        let first = PointerID(source: .touch, id: 1), second = PointerID(source: .touch, id: 2)
        var scroller = DragScroller(range: 0...1440)
        scroller.handle(pointer(.down, 600, first))
        scroller.handle(pointer(.down, 100, second))
        let changed = scroller.handle(pointer(.move, 0, second))
        #expect(!changed)
        scroller.handle(pointer(.move, 500, first))
        #expect(scroller.offset == 100)
        scroller.handle(pointer(.up, 0, second))
        #expect(scroller.isDragging)
    }

    @Test func relayoutReclamps() {
        var scroller = DragScroller(offset: 1440, range: 0...1440)
        scroller.range = 0...240
        #expect(scroller.offset == 240)
    }

    @Test func nonFiniteInputIsIgnored() {
        var scroller = DragScroller(offset: 50, range: 0...1440)
        scroller.handle(pointer(.down, 10))
        let changed = scroller.handle(pointer(.move, .nan))
        #expect(!changed)
        #expect(scroller.offset == 50)
    }
}
