import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import swivel

/// `--record`'s file, written in this process.
@Suite struct RecorderTests {
    /// Input carries SDL's time (whole milliseconds, when it was queued), a resize the clock's when
    /// the loop saw it: a key queued in the millisecond of a resize but read after it is written at
    /// the resize's time, not before it, and the recording reads back (a time going backwards is a
    /// parse error). Each time is the one handed in, or the last written if that was later.
    @Test func timesNeverGoBackwards() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("r.rec").text
        let recorder = Recorder(path: path, start: 10)
        recorder.write(.pointer(PointerEvent(.down, .mouse, at: Point(1, 2), time: 10.5)))
        recorder.resize(Size(800, 600), at: 10.5012345)
        recorder.write(.keyDown(KeyChord(.f12), time: 10.501))
        recorder.write(.keyDown(KeyChord(.right), time: 10.75))
        recorder.end(at: 11)
        let entries = try RecordedEntry.parseRecording(String(contentsOfFile: path, encoding: .utf8))
        #expect(entries.map(\.time) == [0.5, 0.501235, 0.501235, 0.75, 1])
        #expect(entries[2] == .input(.keyDown(KeyChord(.f12), time: 0.501235)))
    }
}
