import SwivelCore
import SwivelPhotoCore
@testable import SwivelPhotos
import Testing

/// `FullViewPhotos.prepare`: with the view closed, one photo decoded at window size ahead, through
/// the stand-in decoder of `FullViewDecodeTests` (a 4000×3000 photo: 960×720 in 1280×720).
struct FullViewPrepareTests {
    typealias Recorder = FullViewDecodeTests.Recorder
    static let window = (width: 1280, height: 720), budget = 64 << 20
    /// One 960×720 RGBA decode, in bytes.
    static let oneImage = 960 * 720 * 4

    static func waitFor(_ condition: () -> Bool) { FullViewDecodeTests.waitFor(condition) }
    static func ids(_ recorder: Recorder) -> [Int] { recorder.asked.withLock { $0.map(\.0) } }
    /// Prepares photo `id` in `photos` and waits until its decode is held and nothing else runs.
    static func prepareAndWait(_ id: Int, _ photos: FullViewPhotos) {
        photos.prepare(id, window: window, budgetBytes: budget)
        waitFor { photos.heldBytes == oneImage && !photos.hasWork }
    }

    /// Prepared, then opened at the same size: its decode is in `takeFinished` at once, with no
    /// second decode; held meanwhile (counted in `heldBytes`), and no frame step woken for it.
    @Test func aPreparedPhotoOpensDecoded() {
        let recorder = Recorder()
        let photos = recorder.photos()
        defer { photos.stop() }
        Self.prepareAndWait(5, photos)
        #expect(photos.heldBytes == Self.oneImage)
        #expect(photos.takeFinished().isEmpty)
        #expect(recorder.finishedCalls.withLock { $0 } == 0)
        let freed = photos.open(5, window: Self.window, neighbours: [6, 4], budgetBytes: Self.budget)
        #expect(freed.isEmpty)
        let finished = photos.takeFinished()
        #expect(finished.map(\.image) == [.init(id: 5, resolution: .window)])
        #expect((try? finished.first?.result.get())?.width == 960)
        // Taken: the neighbours follow, and photo 5 was decoded once.
        var more: [FullViewPhotos.Finished] = []
        Self.waitFor { more += photos.takeFinished(); return more.count == 2 }
        #expect(Self.ids(recorder) == [5, 6, 4])
        #expect(photos.heldBytes == 3 * Self.oneImage)
    }

    /// Opened while its decode ahead is under way: that decode goes on as the open photo's (not
    /// cancelled, not started again) and arrives through `takeFinished`.
    @Test func aPrepareUnderWayBecomesTheOpenPhotosDecode() {
        let recorder = Recorder(gated: 5)
        let photos = recorder.photos()
        defer { photos.stop() }
        photos.prepare(5, window: Self.window, budgetBytes: Self.budget)
        Self.waitFor { !Self.ids(recorder).isEmpty }
        // Under way: the bytes set aside for it count (up to 1.5× the fit each way, unresampled).
        #expect(photos.heldBytes == Int((Double(1280 * 720 * 4) * 1.5 * 1.5).rounded(.up)))
        photos.open(5, window: Self.window, neighbours: [], budgetBytes: Self.budget)
        recorder.gate.withLock { $0 = true }
        var finished: [FullViewPhotos.Finished] = []
        Self.waitFor { finished += photos.takeFinished(); return !finished.isEmpty }
        #expect(finished.map(\.image.id) == [5])
        #expect(Self.ids(recorder) == [5])
        #expect(recorder.cancelled.withLock { $0 }.isEmpty)
    }

    /// Another card prepared: the running decode stops, a finished one is freed; nil frees it.
    @Test func preparingAnotherPhotoCancelsOrFreesTheFirst() {
        let recorder = Recorder(slow: 1)
        let photos = recorder.photos()
        defer { photos.stop() }
        photos.prepare(1, window: Self.window, budgetBytes: Self.budget)
        Self.waitFor { !Self.ids(recorder).isEmpty }
        photos.prepare(2, window: Self.window, budgetBytes: Self.budget)
        Self.waitFor { Self.ids(recorder) == [1, 2] && photos.heldBytes == Self.oneImage && !photos.hasWork }
        #expect(recorder.cancelled.withLock { $0 } == [1])
        #expect(photos.heldBytes == Self.oneImage)
        photos.prepare(3, window: Self.window, budgetBytes: Self.budget)
        Self.waitFor { Self.ids(recorder) == [1, 2, 3] && !photos.hasWork }
        #expect(photos.heldBytes == Self.oneImage)    // 2 freed, 3 held: one at a time
        photos.prepare(nil, window: Self.window, budgetBytes: Self.budget)
        #expect(photos.heldBytes == 0)
    }

    /// Another photo opened, or the same at another size, or the view closed: the prepared one is
    /// freed (never given to the caller, so not in what `open` returns to free).
    @Test func openingAnotherPhotoFreesIt() {
        let recorder = Recorder()
        let photos = recorder.photos()
        defer { photos.stop() }
        Self.prepareAndWait(1, photos)
        #expect(photos.open(2, window: Self.window, neighbours: [], budgetBytes: Self.budget).isEmpty)
        var finished: [FullViewPhotos.Finished] = []
        Self.waitFor { finished += photos.takeFinished(); return !finished.isEmpty }
        #expect(finished.map(\.image.id) == [2])
        #expect(photos.heldBytes == Self.oneImage)    // 2's alone
        photos.close()
        #expect(photos.heldBytes == 0)
        // Prepared at 1280×720, opened at 640×360: decoded again at the new size.
        Self.prepareAndWait(3, photos)
        photos.open(3, window: (640, 360), neighbours: [], budgetBytes: Self.budget)
        finished = []
        Self.waitFor { finished += photos.takeFinished(); return !finished.isEmpty }
        #expect((try? finished.first?.result.get())?.width == 480)
        #expect(Self.ids(recorder) == [1, 2, 3, 3])
        photos.close()
        Self.prepareAndWait(4, photos)
        photos.close()
        #expect(photos.heldBytes == 0)
    }
}
