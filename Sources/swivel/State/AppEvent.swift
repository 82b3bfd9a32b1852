import SwivelCore
import SwivelPhotoCore
import SwivelPhotos

/// Everything that reaches the app's state (`AppState.handle`): input, the window, the folders,
/// the photos, time and signals. Each mode of the app (the window, `--screenshot`, `--replay`,
/// `--bench`, `--soak`, the latency probe) is a clock and a source of these.
enum AppEvent {
    /// A pointer, wheel or key press, with its own time.
    case input(InputEvent)
    /// A key held down, repeating (only the commands that repeat do: `Command.repeats`).
    case keyRepeat(KeyChord, time: Double)
    /// The window's size in points and its drawable in pixels; whether it is fullscreen.
    case resized(Size, pixels: FramePixels, fullscreen: Bool)
    /// Files added, removed or changed in the deck's folders (`FolderWatch`).
    case folderChanged([FolderChange])
    /// The photo deck's step: the ids of the cards whose files turned out unreadable, in the
    /// order found (the state takes them out of its membership and the row).
    case cardsUnreadable([Int])
    /// What the full view's photos did (`SharpPhotoTextures.takeFinished`).
    case sharpPhotos([SharpPhotoEvent])
    /// What came of the requests the state made (`ActionRequest`): a turn written, an undo.
    case actionsFinished([ActionResult])
    /// Time passing: the slideshow, the notice line.
    case tick
    /// The window closed, or a termination signal came.
    case quit
}

/// How a session ends, once the state says it does.
enum SessionEnd: Equatable, Sendable {
    /// Esc in the row, the window closed, a signal.
    case quit
    /// `--pick`'s Enter, with the files chosen.
    case picked([FilePath])
    /// Not one of the deck's images could be read (exit 1 with this line).
    case failed(String)
}
