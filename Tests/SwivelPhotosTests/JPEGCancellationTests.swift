import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// A JPEG decode whose card is no longer wanted stops within a fraction of a second, however big
/// the JPEG: libjpeg is asked between output rows, input scan rows and reads.
@Suite(.serialized) struct JPEGCancellationTests {
    final class Outcome: @unchecked Sendable {
        let condition = NSCondition()
        var done = false
        var error: ImageLoadError?
        var end = ContinuousClock.now
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Decodes `path` into a 200 × 300 card on a thread of its own, cancelled `cancelAfter`
    /// seconds after it starts (never when nil); the error (nil when it decoded), its seconds
    /// from start to end, and from the cancel to the end.
    static func decode(_ path: FilePath, cancelAfter: Double?) throws -> (error: ImageLoadError?, total: Double, afterCancel: Double) {
        let cancellation = DecodeCancellation(), outcome = Outcome()
        let start = ContinuousClock.now
        let thread = Thread {
            var error: ImageLoadError?
            do throws(ImageLoadError) {
                _ = try ImageDecoder.decode(path, width: 200, height: 300, cancellation: cancellation)
            } catch let failure {
                error = failure
            }
            outcome.condition.withLock {
                outcome.error = error
                outcome.end = ContinuousClock.now
                outcome.done = true
                outcome.condition.broadcast()
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        var cancelledAt = ContinuousClock.now
        if let cancelAfter {
            Thread.sleep(forTimeInterval: cancelAfter)
            cancelledAt = ContinuousClock.now
            cancellation.cancel()
        }
        let finished = outcome.condition.withLock {
            let deadline = Date().addingTimeInterval(120)
            while !outcome.done && outcome.condition.wait(until: deadline) {}
            return outcome.done
        }
        try #require(finished, "the decode did not end within 120 s")
        return outcome.condition.withLock {
            (outcome.error, seconds(outcome.end - start), cancelAfter == nil ? 0 : seconds(outcome.end - cancelledAt))
        }
    }

    /// 16000 × 16000 baseline (3 components, 4:4:4), decoded at 1/8 for the card: the whole decode
    /// takes seconds; cancelled after 200 ms, it stops at the next output row (libjpeg-turbo makes
    /// one output row of the 1/8 image from an 8-row strip of 2000 × 3 blocks).
    @Test func aBigBaselineJPEGStopsSoonAfterItIsCancelled() throws {
        let folder = TemporaryDirectory()
        let path = folder.write("baseline.jpg", bytes: SyntheticJPEG.baseline(width: 16000, height: 16000))
        let whole = try Self.decode(path, cancelAfter: nil)
        #expect(whole.error == nil, "\(String(describing: whole.error))")
        let cancelled = try Self.decode(path, cancelAfter: 0.2)
        print("16000² baseline JPEG at 1/8: whole decode \(Int(whole.total * 1000)) ms; cancelled at 200 ms, "
              + "it stopped \(Int(cancelled.afterCancel * 1000)) ms later")
        #expect(cancelled.error?.cancelled == true && cancelled.error?.reason == "cancelled",
                "\(String(describing: cancelled.error))")
        // Had it gone on, it would have ended about `whole.total - 0.2` s after the cancel.
        #expect(cancelled.afterCancel < whole.total / 10, "\(cancelled.afterCancel) s")
    }

    /// 16000 × 16000 progressive grey: jpeg_start_decompress takes in every scan before the first
    /// row comes out (into a 512 MB coefficient buffer, 2 bytes a coefficient); cancelled after
    /// 200 ms, it stops at the next iMCU row of the scan it is reading (libjpeg's progress monitor).
    /// The whole decode is not timed here (it touches all 512 MB): four repetitions of the AC scan
    /// make it seconds long.
    @Test func aBigProgressiveJPEGStopsWhileItsScansAreReadIn() throws {
        let folder = TemporaryDirectory()
        let path = folder.write("progressive.jpg", bytes: SyntheticJPEG.progressive(width: 16000, height: 16000, acScans: 4))
        let cancelled = try Self.decode(path, cancelAfter: 0.2)
        print("16000² progressive JPEG: cancelled at 200 ms, it stopped \(Int(cancelled.afterCancel * 1000)) ms later")
        #expect(cancelled.error?.cancelled == true, "\(String(describing: cancelled.error))")
        #expect(cancelled.afterCancel < 1, "\(cancelled.afterCancel) s")
    }
}
