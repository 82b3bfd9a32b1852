import Testing
@testable import SwivelCore

@Suite struct InputRecordingTests {
    let entries: [RecordedEntry] = [
        .resize(Size(1280, 720), time: 0),
        .input(.pointer(PointerEvent(.down, .mouse, at: Point(900, 360), time: 0.512))),
        .input(.pointer(PointerEvent(.move, PointerID(source: .touch, id: 7), at: Point(880.25, 360.5), time: 0.528))),
        .input(.pointer(PointerEvent(.up, .mouse, at: Point(0.1 + 0.2, 360), time: 0.6))),
        .input(.wheel(WheelEvent(dx: 0, dy: -1.25, time: 1.25))),
        .input(.wheel(WheelEvent(dx: 0, dy: 0.375, at: Point(640.5, 12), time: 1.3))),
        .input(.key(.right, time: 1.5)),
        .end(time: 3),
    ]

    @Test func roundTripsExactly() throws {
        let text = ([RecordedEntry.header] + entries.map(\.line)).joined(separator: "\n") + "\n"
        #expect(try RecordedEntry.parseRecording(text) == entries)
        // 0.1 + 0.2 is not 0.3; the shortest round-trip form keeps every bit.
        #expect(entries[3].line == "0.6 up mouse 0 0.30000000000000004 360.0")
    }

    @Test func commentsAndBlankLinesAreSkipped() throws {
        let text = "swivel-recording 1\n# a comment\n\n0.5 key left\n"
        #expect(try RecordedEntry.parseRecording(text) == [.input(.key(.left, time: 0.5))])
    }

    @Test(arguments: [
        ("hello\n", 1, "not a swivel recording (the first line must be 'swivel-recording 1')"),
        ("swivel-recording 1\n0.1 key left\n0.05 key right\n", 3, "time goes backwards"),
        ("swivel-recording 1\nabc key left\n", 2, "the time must be a finite number"),
        ("swivel-recording 1\n1 down mouse 0 nan 3\n", 2, "x must be a finite number"),
        ("swivel-recording 1\n1 down pen 0 1 3\n", 2, "device must be mouse or touch"),
        ("swivel-recording 1\n1 wheel 1\n", 2, "'wheel' takes 2 values, or 4 with the pointer's x y"),
        ("swivel-recording 1\n1 jump\n", 2, "unknown entry 'jump'"),
        ("swivel-recording 1\n1 resize 0 10\n", 2, "a window is at least 1x1"),
        ("swivel-recording 1\n1 resize 20000 300\n", 2, "a window is at most 16384x16384 points (got 20000x300)"),
        ("swivel-recording 1\n1 resize 300 16384.5\n", 2, "a window is at most 16384x16384 points (got 300x16384.5)"),
        ("swivel-recording 1\n-1 end\n", 2, "the time must not be negative"),
        ("swivel-recording 1\n0.5 down mouse 0 1e308 300\n0.6 move mouse 0 -1e308 300\n", 2,
         "x 1e308 is further out than any window reaches (±1000000)"),
        ("swivel-recording 1\n0.5 down mouse 0 10 300\n# far\n0.6 move mouse 0 -1e308 300\n", 4,
         "x -1e308 is further out than any window reaches (±1000000)"),
        ("swivel-recording 1\n0.5 up touch 1 10 -1000000.5\n", 2,
         "y -1000000.5 is further out than any window reaches (±1000000)"),
        ("swivel-recording 1\n0 resize 1e7 720\n", 2, "width 1e7 is further out than any window reaches (±1000000)"),
    ])
    func badRecordingsSayWhereAndWhy(text: String, line: Int, reason: String) {
        #expect(throws: RecordedEntry.ParseError(line: line, reason: reason)) {
            _ = try RecordedEntry.parseRecording(text)
        }
    }
}
