import Foundation
import Glibc
import SwivelCore
import Testing
@testable import SwivelPhotos
import SwivelPhotoCore
import SwivelSystem

/// A decode whose card leaves the wish list is cancelled: it stops at its next check, reports
/// nothing, and the card is decoded afresh when it is wanted again. The stand-in decode below
/// checks every millisecond and would otherwise run for 60 s; each says whether its cancellation
/// was set when it stopped, and the loader cancels in the call that leaves the card out.
@Suite struct ImageLoaderCancellationTests {
    /// A decode that runs until it is cancelled (or 60 s pass), recording when it stopped and
    /// whether it was cancelled then.
    final class EndlessDecodes: @unchecked Sendable {
        private let condition = NSCondition()
        private var starts: [(id: Int, cancellation: DecodeCancellation)] = []
        private var stops: [(id: Int, at: Double, cancelled: Bool)] = []
        /// Seconds on the monotonic clock.
        func seconds() -> Double { MonotonicClock.now.sinceZero.milliseconds / 1000 }

        var started: [Int] { condition.withLock { starts.map(\.id) } }
        var stopped: [(id: Int, at: Double, cancelled: Bool)] { condition.withLock { stops } }
        /// The cancellation the latest decode of card `id` was given.
        func cancellation(of id: Int) -> DecodeCancellation? { condition.withLock { starts.last { $0.id == id }?.cancellation } }

        var decode: ImageLoader.Decode {
            { [self] id, width, height, cancellation throws(ImageLoadError) in
                condition.withLock { starts.append((id, cancellation)) }
                for _ in 0..<60_000 where !cancellation.isCancelled { usleep(1_000) }
                condition.withLock { stops.append((id, seconds(), cancellation.isCancelled)) }
                if cancellation.isCancelled {
                    throw ImageLoadError(path: FilePath("\(id)"), reason: "cancelled", cancelled: true)
                }
                return DecodedImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 4))
            }
        }
    }

    @Test func aDecodeLeftOutOfTheWishListStopsAndReportsNothing() throws {
        let decodes = EndlessDecodes()
        let loader = ImageLoader(onScreenThreads: 1, aheadThreads: 1, onFinished: {}, decode: decodes.decode)
        defer { loader.stop() }
        loader.resize(width: 4, height: 6)
        loader.want([0, 1], onScreen: [0])
        #expect(waitUntil { Set(decodes.started) == [0, 1] })

        // Card 1 scrolls away; card 0 stays wanted and keeps decoding.
        let asked = decodes.seconds()
        loader.want([0], onScreen: [0])
        #expect(decodes.cancellation(of: 1)?.isCancelled == true, "card 1 was not cancelled by the call that left it out")
        #expect(decodes.cancellation(of: 0)?.isCancelled == false, "card 0, still wanted, was cancelled too")
        #expect(waitUntil { decodes.stopped.count == 1 })
        let stop = try #require(decodes.stopped.first)
        print("cancelled decode stopped \(Int((stop.at - asked) * 1000)) ms after its card left the wish list")
        // Stopped by its cancel (1 ms checks), not by its 60 s running out.
        #expect(stop.id == 1 && stop.cancelled)
        #expect(loader.takeFinished(limit: 10).isEmpty, "a cancelled decode was reported")

        // Wanted again, card 1 is decoded afresh.
        loader.want([0, 1], onScreen: [0])
        #expect(waitUntil { decodes.started.count == 3 })
        #expect(decodes.started.last == 1)
    }

    @Test func stoppingAndResizingCancelEveryDecode() throws {
        let decodes = EndlessDecodes()
        let loader = ImageLoader(onScreenThreads: 1, aheadThreads: 1, onFinished: {}, decode: decodes.decode)
        loader.resize(width: 4, height: 6)
        loader.want([0, 1], onScreen: [0])
        #expect(waitUntil { decodes.started.count == 2 })
        loader.resize(width: 8, height: 12)
        #expect(waitUntil { decodes.stopped.count == 2 })
        // Both are decoded again at the new size; stopping the loader cancels them too.
        #expect(waitUntil { decodes.started.count == 4 })
        loader.stop()
        #expect(waitUntil { decodes.stopped.count == 4 })
        #expect(decodes.stopped.allSatisfy { $0.cancelled })
    }
}
