/// The deck's opening: photos that arrive just after the window's first frame appear at once,
/// without the fade, and the frames then upload every photo that is ready.
///
/// Photos that arrive within `instantArrivalAfterOpen` seconds of the window's first frame
/// (`firstFrameShown`, else the deck's first update) appear at once; later ones fade in. A card
/// seen blank for less than 0.1 s does not read as a card that was empty and then filled: 0.1 s is
/// the limit under which a response feels instantaneous (Card, Moran & Newell, "The Psychology of
/// Human-Computer Interaction", 1983; Nielsen, "Usability Engineering", 1993, ch. 5), and here the
/// photos come in as part of the window opening. The rule is on arrival time alone, so a photo
/// read from the thumbnail cache and one decoded from its file are drawn alike. The window never
/// waits for them: warm, the photos on screen arrive in the frame after the first, 0–50 ms later
/// under a loaded Xvfb (docs/performance.md), inside it; cold they mostly come later and fade as
/// before.
public struct DeckOpening: Sendable {
    public static var instantArrivalAfterOpen: Double { 0.1 }
    /// Uploads per frame at most, so a frame never stalls on textures (about 0.3 ms each at 1×).
    public static var uploadsPerFrame: Int { 2 }
    /// Just after the open (`isOpening`), a frame uploads every photo that is ready rather than
    /// `uploadsPerFrame`, until this many seconds of uploading are spent: the photos a warm open
    /// has decoded by the end of the first frame then appear together in the frame after it,
    /// rather than 2 a frame over the next 5 frames (80 ms at 60 Hz).
    public static var openingUploadSeconds: Double { 0.008 }

    /// The time of the deck's first update, and when the window's first frame went up.
    private var firstUpdateAt: Double?, firstFrameAt: Double?

    public init() {}

    /// The deck's first update is at `now` (only the first call counts).
    public mutating func updated(at now: Double) {
        if firstUpdateAt == nil { firstUpdateAt = now }
    }

    /// The window's first frame was shown at `time` (on the updates' clock): the first frame can
    /// take 100 ms to draw (the shaders and the shadow), so its start is not when the user first
    /// sees the row. Only the first call counts.
    public mutating func firstFrameShown(at time: Double) {
        if firstFrameAt == nil { firstFrameAt = time }
    }

    /// Whether `now` is just after the open: within `instantArrivalAfterOpen` of the window's
    /// first frame, else of the deck's first update.
    public func isOpening(at now: Double) -> Bool {
        now - (firstFrameAt ?? firstUpdateAt ?? now) <= Self.instantArrivalAfterOpen
    }

    /// When the open ends, once the deck has had its first update.
    public var end: Double? { (firstFrameAt ?? firstUpdateAt).map { $0 + Self.instantArrivalAfterOpen } }

    /// What the frame at `now` may upload (a most and a time to spend): nothing in the window's
    /// first frame, which never waits for photos; just after the open, every photo that is ready,
    /// for up to `openingUploadSeconds`; later `uploadsPerFrame`.
    public func uploads(firstFrame: Bool, at now: Double) -> (limit: Int, seconds: Double) {
        firstFrame ? (0, .infinity) : isOpening(at: now) ? (.max, Self.openingUploadSeconds) : (Self.uploadsPerFrame, .infinity)
    }
}
