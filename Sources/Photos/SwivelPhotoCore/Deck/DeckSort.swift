/// The orders a deck can be shown in (`--sort`).
public enum DeckSort: String, CaseIterable, Sendable {
    /// The scan's natural name order (the default).
    case name
    /// Modification time, oldest first.
    case mtime
    /// When the photo was taken (EXIF DateTimeOriginal), oldest first; files without it by mtime.
    case taken
    /// By `xmp:Rating`, most stars first, unrated after the rated, rejected last; ties in name order.
    case rating
    /// Shuffled with a seed.
    case random
}
