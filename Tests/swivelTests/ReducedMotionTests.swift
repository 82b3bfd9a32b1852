import Foundation
import SwivelTestSupport
import Testing

/// Reduced motion, asked for on the command line or by GNOME's "Reduce animation" switch: a fling
/// lands where it would have come to rest at once. Checked on a recorded fling rendered 0.1 s after
/// its release, when the animated row is still moving.
@Suite struct ReducedMotionTests {
    static let fling = """
    swivel-recording 1
    0 resize 1280 720
    0.000 down mouse 0 1000 360
    0.016 move mouse 0 960 360
    0.032 move mouse 0 920 360
    0.048 move mouse 0 880 360
    0.064 move mouse 0 840 360
    0.064 up mouse 0 840 360
    0.164 end
    """

    func render(_ extra: [String], environment: [String: String] = [:], in folder: URL, _ name: String) throws -> Image {
        let recording = folder.appendingPathComponent("fling.rec")
        try Self.fling.write(to: recording, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent(name).path
        var env = ["SDL_VIDEODRIVER": "offscreen", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]
        env.merge(environment) { $1 }
        let result = try SwivelProcess.run(["--replay", recording.path, "--screenshot", path] + extra, environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        return try Image(contentsOf: path)
    }

    @Test func gnomesSwitchAndTheOptionBothJumpToTheRestingPoint() throws {
        let folder = try SwivelProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in gsettings that answers as GNOME does with "Reduce animation" on.
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let gsettings = bin.appendingPathComponent("gsettings")
        try "#!/bin/sh\n[ \"$3\" = enable-animations ] && echo false\n".write(to: gsettings, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gsettings.path)
        let gnomePath = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")

        let animated = try render([], environment: ["PATH": "/usr/bin:/bin"], in: folder, "animated.png")
        let reduced = try render(["--reduced-motion"], in: folder, "reduced.png")
        let gnome = try render([], environment: ["PATH": gnomePath], in: folder, "gnome.png")
        let overruled = try render(["--reduced-motion=no"], environment: ["PATH": gnomePath], in: folder, "overruled.png")

        #expect(gnome.maxDifference(reduced) == 0)
        #expect(overruled.maxDifference(animated) == 0)
        #expect(reduced.maxDifference(animated) > 100, "the fling should still be moving without reduced motion")
    }
}
