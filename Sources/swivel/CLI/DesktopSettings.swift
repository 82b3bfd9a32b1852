import Foundation

/// What the desktop says about the user's preferences, where that is cheap to find out.
enum DesktopSettings {
    /// GNOME's "Reduce animation" accessibility switch (`org.gnome.desktop.interface
    /// enable-animations` = false), read with `gsettings` when the desktop is GNOME and gsettings
    /// is on the PATH — a few milliseconds, given at most 300 before it counts as unknown (false).
    static func gnomeReducesMotion(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard environment["XDG_CURRENT_DESKTOP"]?.uppercased().contains("GNOME") == true,
              let gsettings = executable(named: "gsettings", path: environment["PATH"] ?? "") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gsettings)
        process.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch { return false }
        guard done.wait(timeout: .now() + 0.3) == .success else {
            process.terminate()
            return false
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    }

    private static func executable(named name: String, path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
