import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelSystem

/// What the app's state asks of the world while it handles an event: moving files to the trash and
/// back, the clipboard, and one-line messages on stderr. The app does them for real
/// (`SystemEffects`); a test gives its own, which records what was asked and answers as it likes.
/// Everything else the state decides leaves it as values: the frame (`Frame`), what photos to
/// decode (`PhotoRequest`), the window's fullscreen and title, how the session ends.
protocol AppEffects: AnyObject {
    /// Moves the files at `paths` (one photo's: a RAW+JPEG pair's two) to the trash, all of them or
    /// none (never unlinks them).
    func moveToTrash(_ paths: [FilePath]) -> Result<[TrashedFile], TrashFailure>
    /// Puts trashed files (one photo's) back where they were, all of them or none.
    func restore(_ files: [TrashedFile]) -> Result<[RestoreMove], TrashFailure>
    /// Puts `bytes` on the clipboard as text; the error's one line, if it could not.
    func copyToClipboard(_ bytes: [UInt8]) -> String?
    /// One line on stderr.
    func warn(_ line: String)
    /// The time a file that appeared is sorted by in a deck sorted by `sort` (its mtime, or when
    /// the photo was taken: read from the file).
    func sortTime(_ path: FilePath, by sort: DeckSort) -> Double
}

extension AppEffects {
    func sortTime(_ path: FilePath, by sort: DeckSort) -> Double { DeckOrder.sortTime(path, by: sort) }
}

/// The real thing: the freedesktop.org trash (`Trash`), SDL's clipboard, stderr.
final class SystemEffects: AppEffects {
    private let locations: TrashLocations
    private let clipboard: ([UInt8]) -> String?

    init(locations: TrashLocations = .current(), clipboard: @escaping ([UInt8]) -> String?) {
        self.locations = locations
        self.clipboard = clipboard
    }

    func moveToTrash(_ paths: [FilePath]) -> Result<[TrashedFile], TrashFailure> {
        Trash.move(paths.map(\.bytes), locations: locations)
    }
    func restore(_ files: [TrashedFile]) -> Result<[RestoreMove], TrashFailure> { Trash.restore(files) }
    func copyToClipboard(_ bytes: [UInt8]) -> String? { clipboard(bytes) }
    func warn(_ line: String) { Console.error(line) }
}
