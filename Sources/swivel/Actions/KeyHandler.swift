import SwivelCore
import SwivelSystem

/// Ctrl+X then a key: `$XDG_CONFIG_HOME/swivel/key-handler KEY` (`~/.config/swivel/key-handler`),
/// as nsxiv's key handler, with the marked photos' paths (else the centred one's) on its standard
/// input, one a line (NUL-ended with `--print0`), as `--pick` prints them. It runs on a thread of
/// its own, so Swivel stays responsive; what it changes in the deck's folders, the watch shows.
enum KeyHandler {
    /// KEY as nsxiv names it: the key with `C-` for Ctrl and `M-` for Alt before it; a letter with
    /// Shift is its capital, another key with Shift gets `S-`; keys by their names (`right`,
    /// `f5`, `delete`). Nil for a key with no name, or Super held (the desktop's).
    static func name(_ chord: KeyChord) -> String? {
        guard chord.key != .other, !chord.modifiers.contains(.super) else { return nil }
        var key = chord.key.rawValue
        var prefix = ""
        if chord.modifiers.contains(.control) { prefix += "C-" }
        if chord.modifiers.contains(.alt) { prefix += "M-" }
        if chord.modifiers.contains(.shift) {
            if key.count == 1, key.first?.isLetter == true { key = key.uppercased() } else { prefix += "S-" }
        }
        return prefix + key
    }

    /// Where the handler is, as `environment` gives the config folder.
    static func path(environment: [String: String]) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "") + "/.config"
        return config + "/swivel/key-handler"
    }

    static func run(_ key: String, input: [UInt8], environment: [String: String]) -> Result<Void, ActionFailure> {
        let handler = path(environment: environment)
        switch ChildProcess.run(handler, [Array(key.utf8)], environment: environment, input: input) {
        case .failure:
            return .failure(ActionFailure(reason: "there is no executable \(handler) (the README's \"Your own commands\" has examples)"))
        case .success(let ended) where ended.status != 0:
            return .failure(ActionFailure(reason: ended.firstErrorLine ?? "it ended with status \(ended.status)"))
        case .success:
            return .success(())
        }
    }
}
