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
        #expect(deck.order == [0, 3, 1, 2] && deck.cards.count == 4)
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

    // MARK: RAW+JPEG pairs

    /// A deck of `names` in /p (RAW+JPEG pairs one card), placed by name.
    static func pairDeck(_ names: [String], pairing: RAWPairing = .together) -> DeckMembership {
        let paths = names.map { FilePath("/p/\($0)") }
        var deck = DeckMembership(cards: RAWJPEGPairs.cards(paths, pairing: pairing), pairing: pairing)
        deck.placeNewFiles(DeckPlacement(roots: [FilePath("/p")], sort: .name, reverse: false),
                           times: Array(repeating: 0, count: deck.count))
        return deck
    }

    /// Each card's files, "RAW+JPEG" for a pair.
    static func files(_ deck: DeckMembership) -> [String] {
        deck.orderedCards.map { card in
            let name = { (path: FilePath) in String(decoding: path.lastComponent, as: UTF8.self) }
            return card.raw.map { name($0) + "+" + name(card.shown) } ?? name(card.shown)
        }
    }

    /// One of a pair's files leaving leaves the other as the card, in its place, under a new id
    /// (its photo is read again: the JPEG's, or the RAW's preview); both leaving takes the card out.
    @Test func aPairLosingOneFileKeepsTheOther() {
        var deck = Self.pairDeck(["a.png", "IMG_1.CR2", "IMG_1.JPG", "z.png"])
        #expect(Self.files(deck) == ["a.png", "IMG_1.CR2+IMG_1.JPG", "z.png"] && deck.order == [0, 1, 2])
        let result = deck.apply([.removed(FilePath("/p/IMG_1.JPG"))], centred: 1, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "IMG_1.CR2", "z.png"] && deck.order == [0, 3, 2])
        #expect(result?.count == 3 && result?.centred == 1)
        #expect(!deck.contains(FilePath("/p/IMG_1.JPG")) && deck.position(of: FilePath("/p/IMG_1.CR2")) == 1)
        _ = deck.apply([.removed(FilePath("/p/IMG_1.CR2"))], centred: 1, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "z.png"])

        var other = Self.pairDeck(["IMG_2.CR2", "IMG_2.JPG"])
        _ = other.apply([.removed(FilePath("/p/IMG_2.CR2"))], centred: 0, sortTime: Self.noTime)
        #expect(Self.files(other) == ["IMG_2.JPG"] && other.order == [1])
    }

    /// A file appearing beside its lone partner joins its card (no new card; the card keeps its
    /// place, a new id), either way round, in any case; a rewrite of either file reads the pair
    /// again; with `.separate` it is a card of its own.
    @Test func aFileAppearingBesideItsPartnerJoinsItsCard() {
        var deck = Self.pairDeck(["a.png", "IMG_1.JPG", "IMG_2.cr2", "z.png"])
        var result = deck.apply([.written(FilePath("/p/IMG_1.NEF"), root: 0)], centred: 2, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "IMG_1.NEF+IMG_1.JPG", "IMG_2.cr2", "z.png"])
        #expect(result?.count == 4 && result?.centred == 2)
        result = deck.apply([.written(FilePath("/p/img_2.jpeg"), root: 0)], centred: 2, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "IMG_1.NEF+IMG_1.JPG", "IMG_2.cr2+img_2.jpeg", "z.png"])
        #expect(result?.count == 4 && result?.centred == 2 && deck.path(at: 2) == FilePath("/p/img_2.jpeg"))
        let before = deck.order
        _ = deck.apply([.written(FilePath("/p/IMG_1.NEF"), root: 0)], centred: 0, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "IMG_1.NEF+IMG_1.JPG", "IMG_2.cr2+img_2.jpeg", "z.png"])
        #expect(deck.order[1] != before[1] && deck.order[2] == before[2])
        // A third file of the name finds no lone partner: a card of its own, in name order (the
        // pair's place is its JPEG's: IMG_1.DNG comes before IMG_1.JPG).
        _ = deck.apply([.written(FilePath("/p/IMG_1.DNG"), root: 0)], centred: 0, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "IMG_1.DNG", "IMG_1.NEF+IMG_1.JPG", "IMG_2.cr2+img_2.jpeg", "z.png"])

        // A pair is sorted as the scan sorts it, by the file it draws (`App.deckFiles`): a CR2's
        // pair by its JPEG's name, so IMG_3.DNG arriving goes before IMG_3.CR2+IMG_3.JPG ("D" < "J"),
        // as a fresh scan of the three files would put it, not after it by the RAW's name.
        var third = Self.pairDeck(["IMG_3.CR2", "IMG_3.JPG", "z.png"])
        _ = third.apply([.written(FilePath("/p/IMG_3.DNG"), root: 0)], centred: 0, sortTime: Self.noTime)
        #expect(Self.files(third) == ["IMG_3.DNG", "IMG_3.CR2+IMG_3.JPG", "z.png"])

        var separate = Self.pairDeck(["IMG_1.JPG"], pairing: .separate)
        _ = separate.apply([.written(FilePath("/p/IMG_1.CR2"), root: 0)], centred: 0, sortTime: Self.noTime)
        #expect(Self.files(separate) == ["IMG_1.CR2", "IMG_1.JPG"])
    }

    /// The rating filter hides a pair as one card and shows it again as one, both files, in its
    /// place; a hidden pair's files are still the deck's (a listing that has them changes nothing);
    /// one of them leaving leaves the other hidden, and a RAW written beside that hidden JPEG
    /// brings the pair back as one card (for the filter to judge again).
    @Test func theFilterHidesAndShowsAPairAsOneCard() {
        let p = { (name: String) in FilePath("/p/\(name)") }
        var deck = Self.pairDeck(["a.png", "b.CR2", "b.JPG", "c.png"])
        var result = deck.filter(hiding: [p("b.JPG")], showing: [], centred: 1)
        #expect(Self.files(deck) == ["a.png", "c.png"] && result?.count == 2 && result?.centred == 1)
        #expect(Array(deck.hidden.keys) == [p("b.JPG")])
        #expect(deck.holds(p("b.CR2")) && !deck.contains(p("b.CR2")))
        #expect(deck.heldCard(containing: p("b.CR2")) == CardFiles(p("b.JPG"), raw: p("b.CR2")))
        let listed = FolderChange.listed(folder: FilePath("/p"), files: ["a.png", "b.CR2", "b.JPG", "c.png"].map(p), root: 0)
        #expect(deck.apply([listed], centred: 0, sortTime: Self.noTime) == nil)
        #expect(Self.files(deck) == ["a.png", "c.png"])
        result = deck.filter(hiding: [], showing: [p("b.JPG")], centred: 1)
        #expect(Self.files(deck) == ["a.png", "b.CR2+b.JPG", "c.png"] && result?.count == 3 && result?.centred == 2)
        #expect(deck.hidden.isEmpty && deck.position(of: p("b.CR2")) == 1)

        _ = deck.filter(hiding: [p("b.CR2")], showing: [], centred: 0)
        #expect(Self.files(deck) == ["a.png", "c.png"])
        _ = deck.apply([.removed(p("b.CR2"))], centred: 0, sortTime: Self.noTime)
        #expect(!deck.holds(p("b.CR2")) && deck.heldCard(containing: p("b.JPG")) == CardFiles(p("b.JPG")))
        _ = deck.apply([.written(p("b.NEF"), root: 0)], centred: 0, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "b.NEF+b.JPG", "c.png"] && deck.hidden.isEmpty)
    }

    /// A trashed pair restored (its two files, each `returned`) is one card again, in its place.
    @Test func aRestoredPairIsOneCard() {
        var deck = Self.pairDeck(["a.png", "b.CR2", "b.JPG", "c.png"])
        _ = deck.apply([.removed(FilePath("/p/b.CR2")), .removed(FilePath("/p/b.JPG"))], centred: 1, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "c.png"])
        let back = [FilePath("/p/b.CR2"), FilePath("/p/b.JPG")].map(deck.returned)
        let result = deck.apply(back, centred: 1, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["a.png", "b.CR2+b.JPG", "c.png"] && result?.count == 3)
    }

    /// A folder listed again after lost events: a pair whose JPEG is gone is its RAW, one whose
    /// files are both gone leaves, a RAW listed beside a lone JPEG joins it.
    @Test func aListedFolderKeepsPairsAsTheyAreNow() {
        var deck = Self.pairDeck(["p.CR2", "p.JPG", "q.CR2", "q.JPG", "r.JPG"])
        let listed = ["/p/p.CR2", "/p/r.JPG", "/p/r.ORF"].map(FilePath.init)
        _ = deck.apply([.listed(folder: FilePath("/p"), files: listed, root: 0)], centred: 0, sortTime: Self.noTime)
        #expect(Self.files(deck) == ["p.CR2", "r.ORF+r.JPG"])
    }
}
