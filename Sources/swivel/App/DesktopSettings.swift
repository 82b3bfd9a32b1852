import Glibc
import SwivelSystem

/// What the desktop says about the user's preferences, where that is cheap to find out.
enum DesktopSettings {
    /// GNOME's "Reduce animation" accessibility switch (`org.gnome.desktop.interface
    /// enable-animations` = false), read with `gsettings` when the desktop is GNOME and gsettings
    /// is on the PATH — a few milliseconds, given at most 300 before it counts as unknown (false).
    static func gnomeReducesMotion(environment: [String: String] = Environment.variables()) -> Bool {
        guard environment["XDG_CURRENT_DESKTOP"]?.uppercased().containsSequence("GNOME") == true,
              let gsettings = executable(named: "gsettings", path: environment["PATH"] ?? ""),
              let output = CommandOutput.read(gsettings, ["get", "org.gnome.desktop.interface", "enable-animations"],
                                              timeout: 0.3) else { return false }
        let text = String(decoding: output, as: UTF8.self)
        let answer = text.unicodeScalars.split(whereSeparator: \.properties.isWhitespace)
        return answer.count == 1 && String(answer[0]) == "false"
    }

    private static func executable(named name: String, path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
