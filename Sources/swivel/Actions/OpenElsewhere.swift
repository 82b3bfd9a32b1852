import SwivelCore
import SwivelSystem

/// E: a photo opened in another program. With `--editor COMMAND`, `/bin/sh -c 'COMMAND "$1"'` with
/// the path as `$1` (so COMMAND may hold arguments, and the path is never parsed by the shell);
/// else `gio open PATH`, which finds the default application for the file's MIME type in the XDG
/// MIME database (mimeapps.list, then the desktop entries that list the type) and starts its Exec
/// line with the field codes expanded, as the file managers do (GLib's GAppInfo). The program gets
/// `environment` (the app's, passed to it: nothing is set in this process). A program that cannot
/// be started or ends with a failure: the first line it wrote to stderr, or its status.
enum OpenElsewhere {
    static func open(_ path: FilePath, editor: String?, environment: [String: String]) -> Result<Void, ActionFailure> {
        let (program, arguments) = editor.map { ("/bin/sh", [Array("-c".utf8), Array(($0 + " \"$1\"").utf8), Array("swivel-editor".utf8), path.bytes]) }
            ?? ("gio", [Array("open".utf8), path.bytes])
        switch ChildProcess.run(program, arguments, environment: environment) {
        case .failure(let failure):
            return .failure(ActionFailure(reason: editor == nil && failure.description.hasSuffix("(not found in PATH)")
                ? "gio is not installed (Debian's libglib2.0-bin)" : failure.description))
        case .success(let ended) where ended.status != 0:
            let shown = editor.map { "--editor '\($0)'" } ?? "gio open"
            return .failure(ActionFailure(reason: ended.firstErrorLine ?? "\(shown) ended with status \(ended.status)"))
        case .success:
            return .success(())
        }
    }
}
