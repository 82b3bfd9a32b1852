/// What a key does: the key table (`KeyTable`) turns each key chord into one of these for the
/// mode the app is in, and the app's state performs it. The row and the full view take the ones
/// that are theirs (`ScrollController.perform`, `FullView.perform`).
public enum Command: String, CaseIterable, Equatable, Hashable, Sendable {
    /// One card (in the full view, one photo) back or on.
    case previous, next
    /// A screenful back or on (in the full view, a photo).
    case pageBack, pageForward
    /// The first or last card (photo).
    case first, last
    /// Opens the centred card in the full view.
    case open
    /// Closes the full view.
    case close
    /// The full view's Enter: closes it, or opens it again while it closes.
    case closeOrReopen
    /// The full view's zoom: about the centre, to fit, to one image pixel a device pixel.
    case zoomIn, zoomOut, fit, actualSize
    /// The row's Esc: closes the key list, else leaves fullscreen, else quits.
    case back
    case toggleFullscreen, toggleHUD, toggleKeyList, toggleInfo, toggleSlideshow
    /// Saves the frame on screen as a PNG.
    case screenshot
    /// Marks or unmarks the current card; marks all; clears the marks.
    case mark, markAll, clearMarks
    /// Puts the current photo's path on the clipboard.
    case copyPath
    /// Moves the current photo (or the marked ones) to the trash; puts back the last ones moved.
    case trash, undo
    /// Answers the question a Delete of several photos asks.
    case confirm, cancel
    /// `--pick`'s Enter: chooses the marked photos (else the current one) and ends the session.
    case pick
    /// Turns the current photo a quarter clockwise or anticlockwise, mirrors it (left and right
    /// swapped) or flips it (upside down), on screen and in its file.
    case turnClockwise, turnAnticlockwise, mirror, flip
    /// Opens the current photo in another program: `--editor`'s, else the desktop's default
    /// application for its type.
    case openElsewhere
    /// Ctrl+X: the next key runs the user's key handler with it (`$XDG_CONFIG_HOME/swivel/key-handler`).
    case keyHandler

    /// Whether a key held down for it repeats it (the arrows, the page keys, the zoom keys); a
    /// toggle or an open does not.
    public var repeats: Bool {
        switch self {
        case .previous, .next, .pageBack, .pageForward, .zoomIn, .zoomOut: true
        default: false
        }
    }
}
