import Foundation
import SwivelCore
import SwivelTestSupport
import Synchronization
import Testing
@testable import SwivelPhotos

/// One decode cancelled by its progress rather than by time: `DecodeCancellation(cancellingAfterLooks:)`
/// answers no to the decode's first `looks` looks at it and yes to every later one, and counts them;
/// what the decoding thread read (`threadReadBytes`) tells how far into the file it
/// got. So a test can say at which look a decode stopped, whatever the machine's speed or load.
struct CountedDecode {
    /// The looks the decode took, the bytes its thread read, and its error (nil: it decoded).
    let looks: Int, bytesRead: Int
    let error: ImageLoadError?

    var cancelled: Bool { error?.cancelled == true && error?.reason == "cancelled" }

    /// Decodes `path` for a `width` × `height` card on a thread of its own (8 MiB of stack, as the
    /// decode threads have), cancelled after its `looks`th look (`.max`: never), waiting for it at
    /// most `ceiling` seconds.
    static func run(_ path: FilePath, width: Int = 200, height: Int = 200, cancellingAfter looks: Int,
                    ceiling: Double = 300) throws -> CountedDecode {
        let cancellation = DecodeCancellation(cancellingAfterLooks: looks)
        let outcome = Mutex<(bytesRead: Int, error: ImageLoadError?)?>(nil)
        let thread = Thread {
            let before = threadReadBytes()
            var failure: ImageLoadError?
            do throws(ImageLoadError) {
                _ = try ImageDecoder.decode(path, width: width, height: height, cancellation: cancellation)
            } catch {
                failure = error
            }
            let read = threadReadBytes() - before
            outcome.withLock { $0 = (read, failure) }
        }
        thread.stackSize = 8 << 20
        thread.start()
        try #require(waitUntil(ceiling: ceiling, every: 0.01) { outcome.withLock { $0 != nil } },
                     "the decode of \(path.text) did not end within \(ceiling) s")
        let (read, error) = outcome.withLock { $0! }
        #expect(read >= 0, "no /proc/thread-self/io")
        return CountedDecode(looks: cancellation.looks, bytesRead: read, error: error)
    }
}
