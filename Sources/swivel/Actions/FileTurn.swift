import Glibc
import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelSystem

/// One turn written into a photo's file: its bytes kept (for Ctrl+Z), the turned file made in a
/// decoder worker (`PhotoDecoding.turn`: the app parses nothing), then written in its place
/// atomically (`FileReplace`), only if the file is still the one read.
enum FileTurn {
    static func turn(_ path: FilePath, by turn: PhotoTurn, expecting: FileReplace.Identity?) -> Result<SavedTurn, ActionFailure> {
        guard let before = FileReplace.identity(of: path.bytes) else {
            return .failure(ActionFailure(reason: "cannot find it: \(String(cString: strerror(errno)))"))
        }
        if let expecting, before != expecting {
            return .failure(ActionFailure(reason: "it has changed since Swivel last wrote it"))
        }
        let fd = path.cString.withUnsafeBufferPointer { open($0.baseAddress!, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return .failure(ActionFailure(reason: "cannot read it: \(String(cString: strerror(errno)))")) }
        let read = FileDescriptor.readAll(fd)
        close(fd)
        guard case .success(let original) = read else {
            return .failure(ActionFailure(reason: "cannot read it: \(String(cString: strerror(errno)))"))
        }
        let turned: PhotoTurner.Turned
        do {
            turned = try PhotoDecoding.turn(path, by: turn)
        } catch {
            return .failure(ActionFailure(reason: error.reason))
        }
        let written = turned.bytes.withUnsafeBytes { FileReplace.replace(path.bytes, with: $0, expecting: before) }
        switch written {
        case .success(let identity):
            return .success(SavedTurn(original: original, originalModified: before.modified, written: identity,
                                      lossless: turned.method == .lossless))
        case .failure(let failure):
            return .failure(ActionFailure(reason: failure.description))
        }
    }
}
