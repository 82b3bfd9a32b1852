import SwivelCore
import SwivelPhotoCore
import Testing

/// The deck's cards as a value: what a folder's changes do to them, without a deck, threads or files.
@Suite struct DeckMembershipTests {
    static func deck(_ names: [String], sort: DeckSort = .name, times: [Double]? = nil) -> DeckMembership {
        var deck = DeckMembership(paths: names.map { FilePath("/p/\($0).png") })
        deck.placeNewFiles(DeckPlacement(roots: [FilePath("/p")], sort: sort, reverse: false),
                           times: times ?? names.map { _ in 0 })
        return deck
    }

    static func names(_ deck: DeckMembership) -> [String] {
        deck.orderedPaths.map { String(decoding: $0.stem, as: UTF8.self) }
    }

    static func noTime(_ path: FilePath, _ sort: DeckSort) -> Double { 0 }

    @Test func aNewFileGoesInNameOrderAndTheCentredCardStays() {
        var deck = Self.deck(["a", "c", "d"])
        let result = deck.apply([.written(FilePath("/p/b.png"), root: 0)], centred: 1, sortTime: Self.noTime)
        #expect(Self.names(deck) == ["a", "b", "c", "d"])
        #expect(result?.count == 4 && result?.centred == 2)   // c moved from 1 to 2
        #expect(deck.order == [0, 3, 1, 2] && deck.paths.count == 4)
    }

    /// A file rewritten keeps its place under a new id (no decode of its old bytes is shown for it).
    @Test func aRewrittenFileGetsANewIdInItsPlace() {
        var deck = Self.deck(["a", "b"])
        let result = deck.apply([.written(FilePath("/p/a.png"), root: 0)], centred: 0, sortTime: Self.noTime)
        #expect(deck.order == [2, 1] && Self.names(deck) == ["a", "b"])
        #expect(result?.count == 2 && result?.centred == 0)
        #expect(deck.position(of: FilePath("/p/a.png")) == 0)
    }

    /// The centred card deleted: the one after it takes its place; the last one deleted, the one before.
    @Test func theCentredCardLeavingHandsTheCentreOn() {
        var deck = Self.deck(["a", "b", "c"])
        #expect(deck.apply([.removed(FilePath("/p/b.png"))], centred: 1, sortTime: Self.noTime).map { [$0.count, $0.centred] } == [2, 1])
        #expect(Self.names(deck) == ["a", "c"])
        #expect(deck.apply([.removed(FilePath("/p/c.png"))], centred: 1, sortTime: Self.noTime).map { [$0.count, $0.centred] } == [1, 1])
        #expect(deck.apply([.removed(FilePath("/p/nothere.png"))], centred: 0, sortTime: Self.noTime) == nil)
    }

    /// A folder listed again after lost events: its cards whose file is gone leave, its new files
    /// come; a subfolder's cards are not its own and stay.
    @Test func aListedFolderIsTakenAsItIsNow() {
        var deck = DeckMembership(paths: ["/p/a.png", "/p/b.png", "/p/sub/s.png", "/p/c.png"].map(FilePath.init))
        deck.placeNewFiles(DeckPlacement(roots: [FilePath("/p")], sort: .name, reverse: false), times: [0, 0, 0, 0])
        _ = deck.apply([.listed(folder: FilePath("/p"), files: ["/p/a.png", "/p/d.png"].map(FilePath.init), root: 0)],
                       centred: 0, sortTime: Self.noTime)
        #expect(deck.orderedPaths.map(\.description) == ["/p/a.png", "/p/d.png", "/p/sub/s.png"])
        _ = deck.apply([.removedFolder(FilePath("/p/sub"))], centred: 0, sortTime: Self.noTime)
        #expect(Self.names(deck) == ["a", "d"])
    }

    /// Sorted by time, a new file goes by the time the caller reads for the deck's sort.
    @Test func byTimeANewFileGoesByItsTime() {
        var deck = Self.deck(["a", "c"], sort: .mtime, times: [1, 3])
        var asked: [DeckSort] = []
        _ = deck.apply([.written(FilePath("/p/z.png"), root: 0)], centred: 0) { path, sort in
            asked.append(sort)
            return 2
        }
        _ = deck.apply([.written(FilePath("/p/b.png"), root: 0)], centred: 0) { _, _ in 5 }
        #expect(Self.names(deck) == ["a", "z", "c", "b"])
        #expect(asked == [.mtime])
    }

    @Test func anUnreadableCardLeavesByItsId() {
        var deck = Self.deck(["a", "b", "c"])
        #expect(deck.remove(1) == 1 && deck.remove(1) == nil)
        #expect(Self.names(deck) == ["a", "c"] && !deck.contains(FilePath("/p/b.png")))
        #expect(deck.returned(FilePath("/p/b.png")) == .written(FilePath("/p/b.png"), root: 0))
        #expect(deck.returned(FilePath("/elsewhere/x.png")) == .written(FilePath("/elsewhere/x.png"), root: 1))
    }
}
