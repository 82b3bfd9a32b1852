/// The line of text at the foot of the window, over the row and the full view: what a key just did
/// ("Moved beach to the trash — Ctrl+Z to undo", or why not; "Copied PATH"), or a question waiting
/// for Enter or Esc. A message goes after its duration; a question stays until answered. A new line
/// replaces the one showing. (Drawn by `NoticeOverlay`.)
struct Notice: Equatable, Sendable {
    /// Seconds a message stays: long enough to read a line and reach for Ctrl+Z.
    static let duration = 4.0
    /// Seconds a message that only confirms a key stays (Ctrl+C's "Copied PATH"): Android's short
    /// toast is 2 s; this one says only what the key just did.
    static let briefDuration = 1.5

    private(set) var text: String?
    /// When the message goes; nil while a question waits or nothing shows.
    private(set) var hideTime: Double?

    /// Shows `text` for `seconds` from `now`.
    mutating func show(_ text: String, at now: Double, for seconds: Double = Notice.duration) {
        self.text = text
        hideTime = now + seconds
    }

    /// Shows `question` until `clear`.
    mutating func ask(_ question: String) {
        text = question
        hideTime = nil
    }

    mutating func clear() {
        text = nil
        hideTime = nil
    }

    /// Hides a message whose time is up; whether it did.
    @discardableResult
    mutating func expire(at now: Double) -> Bool {
        guard let hideTime, now >= hideTime else { return false }
        clear()
        return true
    }
}
