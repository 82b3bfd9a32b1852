import Glibc
import SwivelPhotos
import SwivelCore
import SwivelSystem

/// Debug builds only, for the tests: with `SWIVEL_TEST_FRAME_LOG=1` the frame loop writes one line
/// to stderr for each frame it draws, so a test running the real binary can tell what was on
/// screen and count frames:
///
///     swivel-frame t=12.345678 at=12.331002 cards=5 centre=2 first=1 shift=0.00 photos=3/4 showing=b|c|d|e
///
/// `t`: CLOCK_MONOTONIC seconds when the line is written, after the frame is drawn; `at`: the time
/// the frame's scene was worked out for (its animations' clock); `cards`: the deck's size; `centre`: the centred card's place;
/// `first`: the place of the first card showing; `open` (only while the full view shows): its page;
/// `sharp` (only while the open page's sharp photo is drawn): how far it has faded in over its
/// card's texture (0…1, `SharpPhotoPlan.opacity`);
/// `shift`: where its slot is, in points from the centre; `photos`: of the cards showing, how
/// many have their photo fully faded in; `showing`: their captions; `row`: each card drawn in the
/// row, in paint order, as its centre's x and its scale (`x@scale`; under 1 for a card leaving the
/// row, `RowClosing`); `programs=built` (only then): the frame built the renderer's programs left
/// for later (`FrameRenderer.deferredProgramsDue`). With `SWIVEL_TEST_FRAME_LOG=pixels` each line ends with `pixels=HASH`, the frame's pixels hashed
/// (FNV-1a, 64 bits, hex), so a test can tell whether a frame changed on screen. Release builds
/// never read it.
struct FrameLog {
    /// Whether each line hashes the frame's pixels.
    let hashesPixels: Bool

    init?(_ configuration: TestConfiguration = .current) {
        guard let log = configuration.frameLog else { return nil }
        hashesPixels = log == .pixels
    }

    /// The line for `frame`, drawn from `state` (the deck's photos: `deck`).
    func drew(_ frame: Frame, state: AppState, deck: DeckModel?, builtPrograms: Bool = false, pixels: [UInt8]? = nil) {
        let facts = FrameFacts(frame, state: state, deck: deck)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        let line = "swivel-frame t=\(seconds.fixed(6)) at=\(facts.time.fixed(6)) cards=\(facts.cards) centre=\(facts.centre) "
            + "first=\(facts.first) shift=\(facts.shift.fixed(2)) photos=\(facts.photos)/\(facts.showing.count) "
            + "showing=\(facts.showing.joined(separator: "|"))"
            + " row=" + facts.row.map { "\($0.x.fixed(1))@\($0.scale.fixed(3))" }.joined(separator: ",")
            + (facts.open.map { " open=\($0)" } ?? "") + (facts.sharp.map { " sharp=\($0.fixed(3))" } ?? "")
            + (builtPrograms ? " programs=built" : "") + (pixels.map { " pixels=" + Self.hash($0) } ?? "") + "\n"
        FileDescriptor.write(STDERR_FILENO, Array(line.utf8))
    }

    /// FNV-1a (64 bits) of `bytes`, in hex.
    private static func hash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}

/// What a drawn frame shows, as the frame log (and the tests that run the app in their own
/// process) tell it.
struct FrameFacts {
    /// The time the frame's scene was worked out for.
    let time: Double
    /// The deck's size; the centred card's place; the place of the first card showing; where the
    /// centred slot is, in points from the centre; of the cards showing, how many have their photo
    /// fully faded in, and their captions.
    let cards: Int, centre: Int, first: Int, shift: Double, photos: Int
    let showing: [String]
    /// Each card drawn in the row, in paint order: its centre's x and its scale (under 1 for a
    /// card leaving the row, `RowClosing`).
    let row: [(x: Double, scale: Double)]
    /// The full view's page, while it shows; how far its sharp photo has faded in, while drawn.
    let open: Int?, sharp: Double?

    init(_ frame: Frame, state: AppState, deck: DeckModel?) {
        let at = frame.time
        let controller = state.row
        let view = state.fullView.shown(at: at)
        let page = view.map { $0.strip.destinationPage(at: at) }
        let layout = controller.layout, scroll = controller.offset(at: at)
        // Slots (in an endless row, slot i shows card i mod N).
        let slot = Int((scroll / layout.parameters.pitch).rounded())
        let slots = layout.showingIndices(scroll: scroll)
        time = at
        open = page
        sharp = page.flatMap { state.sharp.opacity(ofPage: $0, in: view, now: at) }
        centre = layout.card(atSlot: slot)
        shift = layout.slotMinX(slot, scroll: scroll) - layout.padding
        first = slots.lowerBound
        cards = layout.cardCount
        showing = slots.map { deck?.name(at: layout.card(atSlot: $0)) ?? "\(layout.card(atSlot: $0))" }
        photos = slots.filter { (deck?.photo(at: layout.card(atSlot: $0), now: at)?.opacity ?? 0) >= 1 }.count
        row = layout.instances(scroll: scroll, closing: controller.closing, at: at).map { (Double($0.centerX), Double($0.scale)) }
    }

    /// The caption of the centred card, if it is showing.
    var centreName: String? { showing.indices.contains(centre - first) ? showing[centre - first] : nil }
}
