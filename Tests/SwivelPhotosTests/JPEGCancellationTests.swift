import Foundation
import SwivelCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// A JPEG decode whose card is no longer wanted stops at libjpeg's next stopping point, however big
/// the JPEG: it is asked between output rows, input scan rows and reads. The cancel is placed by the
/// decode's progress (`CountedDecode`: its looks at the cancellation, and the bytes its thread
/// read), not by time.
@Suite(.serialized) struct JPEGCancellationTests {
    /// 16000 × 16000 baseline (3 components, 4:4:4), decoded at 1/8 for the card: libjpeg-turbo
    /// makes one output row of the 1/8 image from an 8-row strip of 2000 × 3 blocks, and is asked
    /// before each. Cancelled halfway through the whole decode's looks, it stops at the next one,
    /// having read about half the file.
    @Test func aBigBaselineJPEGStopsAtItsNextRow() throws {
        let folder = TemporaryDirectory()
        let path = folder.write("baseline.jpg", bytes: SyntheticJPEG.baseline(width: 16000, height: 16000))
        let whole = try CountedDecode.run(path, width: 200, height: 300, cancellingAfter: .max)
        #expect(whole.error == nil, "\(String(describing: whole.error))")
        let half = whole.looks / 2
        let cancelled = try CountedDecode.run(path, width: 200, height: 300, cancellingAfter: half)
        print("16000² baseline JPEG at 1/8: the whole decode looked \(whole.looks) times and read \(whole.bytesRead) bytes; "
              + "cancelled after \(half) looks, it stopped at look \(cancelled.looks), having read \(cancelled.bytesRead)")
        // Over the 2000 rows of the 1/8 image: one look or more a row.
        #expect(whole.looks >= 2000)
        #expect(cancelled.cancelled, "\(String(describing: cancelled.error))")
        #expect(cancelled.looks == half + 1)
        #expect(cancelled.bytesRead > whole.bytesRead / 4 && cancelled.bytesRead < whole.bytesRead * 3 / 4,
                "read \(cancelled.bytesRead) of \(whole.bytesRead) bytes")
    }

    /// 16000 × 16000 progressive grey: jpeg_start_decompress takes in every scan before the first
    /// row comes out (into a 512 MB coefficient buffer, 2 bytes a coefficient), asked at each iMCU row
    /// of the scan it reads (libjpeg's progress monitor: 2000 a scan). Its scans are counted from
    /// the file's bytes first (`JPEGDecoder.checkScanCount`: the whole file, a look every 256 KiB),
    /// then libjpeg reads it again. Cancelled after 1000 looks, it stops at the next, in libjpeg's
    /// first scans: under half of the file read a second time. (The whole decode, which touches all
    /// 512 MB, is not run.)
    @Test func aBigProgressiveJPEGStopsWhileItsScansAreReadIn() throws {
        let folder = TemporaryDirectory()
        let path = folder.write("progressive.jpg", bytes: SyntheticJPEG.progressive(width: 16000, height: 16000, acScans: 4))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path.text)[.size] as? Int)
        let cancelled = try CountedDecode.run(path, width: 200, height: 300, cancellingAfter: 1000)
        print("16000² progressive JPEG (\(size) bytes): cancelled after 1000 looks, it stopped at look \(cancelled.looks), "
              + "having read \(cancelled.bytesRead) bytes")
        #expect(cancelled.cancelled, "\(String(describing: cancelled.error))")
        #expect(cancelled.looks == 1001)
        #expect(cancelled.bytesRead >= size, "the scans were counted from the whole file first")
        #expect(cancelled.bytesRead < size + size / 2, "read \(cancelled.bytesRead) of \(size) bytes")
    }
}
