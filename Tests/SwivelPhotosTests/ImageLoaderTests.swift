import Foundation
import SwivelCore
import Testing
@testable import SwivelPhotos

/// The decoding threads' bookkeeping.
@Suite struct ImageLoaderTests {
    /// A finished decode that has been taken is not started again before the deck asks anew: a
    /// bad file was decoded (and reported) twice when an idle worker found it still wished for.
    @Test func takenDecodesLeaveTheWishList() throws {
        let sources = [PhotoSource(file: FilePath("/nonexistent/a.png")), PhotoSource(file: FilePath("/nonexistent/b.png"))]
        let loader = ImageLoader(sources: sources, threads: 1, onFinished: {})
        defer { loader.stop() }
        loader.resize(width: 4, height: 6)
        loader.want([0, 1])
        var taken: [ImageLoader.Finished] = []
        for _ in 0..<5000 where taken.count < 2 {     // at most 10 s
            taken += loader.takeFinished(limit: 1)
            if taken.count < 2 { usleep(2_000) }
        }
        #expect(taken.map(\.id).sorted() == [0, 1])
        #expect(loader.wantedIDs == [])
        #expect(!loader.hasWork)
        for item in taken {
            guard case .failure(let error) = item.result else { Issue.record("decoded \(item.id)"); continue }
            #expect(error.reason == "cannot open: No such file or directory")
        }
    }

    /// With two threads, one decodes only on-screen photos (at normal priority) and the other
    /// everything: photos off screen are still decoded, on-screen ones too, and each once.
    @Test func onScreenAndOffScreenPhotosAreAllDecodedOnce() throws {
        let sources = (0..<6).map { PhotoSource(file: FilePath("/nonexistent/\($0).png")) }
        let loader = ImageLoader(sources: sources, threads: 2, onFinished: {})
        defer { loader.stop() }
        loader.resize(width: 4, height: 6)
        loader.want([2, 3, 1, 4, 0, 5], onScreen: [2, 3])
        var taken: [ImageLoader.Finished] = []
        for _ in 0..<5000 where taken.count < 6 {     // at most 10 s
            taken += loader.takeFinished(limit: 6)
            if taken.count < 6 { usleep(2_000) }
        }
        #expect(taken.map(\.id).sorted() == [0, 1, 2, 3, 4, 5])
        // None decoded twice: nothing is left wanted, decoding or finished to take.
        #expect(loader.wantedIDs.isEmpty && !loader.hasWork)
        #expect(loader.takeFinished(limit: 6).isEmpty)
    }
}
