import SwivelCore
import SwivelPhotoCore
import SwivelTestSupport
import Testing
@testable import SwivelPhotos

/// Where a file that appears while the deck is open goes: where the scan and the sort would have
/// put it at the start.
@Suite struct DeckPlacementTests {
    func sorted(_ paths: [String], _ placement: DeckPlacement, times: [String: Double] = [:]) -> [String] {
        paths.map { (path: $0, key: placement.key(for: FilePath($0), time: times[$0] ?? 0)) }
            .sorted { placement.areInIncreasingOrder($0.key, $1.key) }.map(\.path)
    }

    /// Natural order within a folder, a folder's own files before its subfolders, command-line
    /// paths in their order; `--reverse` turns all of it round.
    @Test func nameOrderIsTheWalksOrder() {
        let placement = DeckPlacement(roots: [FilePath("x"), FilePath("one.png"), FilePath("y/")], sort: .name, reverse: false)
        let paths = ["y/c.png", "x/sub/a1.png", "x/b.png", "one.png", "x/a10.png", "x/sub/deeper/z.png", "x/a2.png",
                     "x/sub/b.png", "x/a.png"]
        let expected = ["x/a.png", "x/a2.png", "x/a10.png", "x/b.png", "x/sub/a1.png", "x/sub/b.png",
                        "x/sub/deeper/z.png", "one.png", "y/c.png"]
        #expect(sorted(paths, placement) == expected)
        let reversed = DeckPlacement(roots: placement.roots, sort: .name, reverse: true)
        #expect(sorted(paths, reversed) == expected.reversed())
    }

    /// By time first, ties in name order.
    @Test func timeOrderKeepsNameOrderForTies() {
        let placement = DeckPlacement(roots: [FilePath("x")], sort: .mtime, reverse: false)
        let times = ["x/a.png": 5, "x/b.png": 1, "x/c.png": 5, "x/d.png": 3.0]
        #expect(sorted(["x/c.png", "x/a.png", "x/d.png", "x/b.png"], placement, times: times)
                == ["x/b.png", "x/d.png", "x/a.png", "x/c.png"])
    }

    /// The placement agrees with `DeckScanner`'s recursive walk of a real tree.
    @Test func placementAgreesWithTheScan() throws {
        let folder = TemporaryDirectory()
        folder.makeDirectories("sub", "sub/inner", "other")
        folder.touch("z.png", "img10.jpg", "img2.jpg", "sub/b.png", "sub/a.png", "sub/inner/c.png", "other/a.png")
        let scanned = try DeckScanner.scan([folder.path], recursive: true).images.map(\.text)
        let placement = DeckPlacement(roots: [folder.path], sort: .name, reverse: false)
        #expect(scanned.count == 7)
        #expect(sorted(scanned.reversed(), placement) == scanned)
    }
}
