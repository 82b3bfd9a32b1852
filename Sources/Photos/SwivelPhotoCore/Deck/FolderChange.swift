import SwivelCore

/// What happened to a deck's files while it was open, as `FolderWatch` reports it.
public enum FolderChange: Equatable, Sendable {
    /// A file closed after writing, moved in, linked in, or found in a new subfolder or in a folder
    /// of the command line that came back: new to the deck, or to be read again. `root` is the place among the command line's paths of the one it falls under.
    case written(FilePath, root: Int)
    /// A file deleted or moved away.
    case removed(FilePath)
    /// A watched subfolder deleted or moved away: every card under it leaves.
    case removedFolder(FilePath)
    /// After events were lost (the inotify queue overflowed), a watched folder listed again: the
    /// image files now directly in it (not in its subfolders), which become cards if they are not
    /// in the deck; the deck's cards directly in the folder whose file is not listed leave.
    case listed(folder: FilePath, files: [FilePath], root: Int)
    /// After events were lost, a file named directly that is still there: a card if it is not one.
    case present(FilePath, root: Int)
}
