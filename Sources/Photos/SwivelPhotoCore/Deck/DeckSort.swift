/// The orders a deck can be shown in (`--sort`).
public enum DeckSort: String, CaseIterable, Sendable {
    /// The scan's natural name order (the default).
    case name
    /// Modification time, oldest first.
    case mtime
    /// When the photo was taken (EXIF DateTimeOriginal), oldest first; files without it by mtime.
    case taken
    /// Shuffled with a seed.
    case random
}
