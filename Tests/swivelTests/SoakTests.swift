import Foundation
import SwivelTestSupport
import Testing

/// `swivel --soak`: two simulated minutes of random input through the real renderer, offscreen.
@Suite struct SoakTests {
    struct Report {
        let fields: [String: Any]
        func int(_ name: String) -> Int? { (fields[name] as? NSNumber)?.intValue }
        func double(_ name: String) -> Double? { (fields[name] as? NSNumber)?.doubleValue }
    }

    static func soak(_ arguments: [String]) throws -> (ProcessResult, Report) {
        let result = try SwivelProcess.run(["--soak", "2"] + arguments, environment: ["SDL_VIDEODRIVER": "offscreen"],
                                           timeout: 120)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, Report(fields: object ?? [:]))
    }

    /// What every soak must show: 7200 frames simulated and rendered, a minute of warm-up, no GL
    /// error, under 2 MiB of growth after it, textures within the bound and no more than after warm-up.
    static func checkCommon(_ result: ProcessResult, _ report: Report, textureBound: Int, memoryLimit: Double = 2) {
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
        #expect(report.fields["ok"] as? Bool == true)
        #expect(report.int("frames") == 7200)
        #expect(report.int("frames_rendered") == 7200)
        #expect(report.int("warm_up_frames") == 3600)
        #expect(report.int("gl_errors") == 0)
        #expect((report.int("input_actions") ?? 0) > 1000)
        #expect((report.int("resizes") ?? 0) > 20)
        let growth = report.double("rss_growth_mib") ?? .infinity
        #expect(growth < memoryLimit, "grew \(growth) MiB")
        #expect(report.int("textures_bound") == textureBound)
        #expect((report.int("textures_alive_max") ?? .max) <= textureBound)
        #expect((report.int("textures_alive") ?? .max) <= (report.int("textures_alive_warm") ?? -1))
        // Resizes change the pixel scale, so the shadow is rebuilt many times: all those textures
        // were made and deleted again.
        #expect((report.int("textures_created") ?? 0) > 50)
        #expect((report.int("shadow_builds") ?? 0) > 10)
    }

    @Test func colourDeck() throws {
        let (result, report) = try Self.soak(["--cards", "40", "--seed", "5"])
        // The shadow and two overlays (HUD, key list).
        Self.checkCommon(result, report, textureBound: 3)
        #expect(report.int("cards") == 40)
        #expect(report.fields["texture_bytes"] == nil)
    }

    /// Photos decode on two threads while the soak runs; in this debug build, on a machine busy
    /// with the other test suites, two simulated minutes are too few for their heap to settle
    /// (growth up to 3.6 MiB seen here, −0.1 in release, −0.13 over `make soak`'s hour), so this
    /// run allows 8 MiB — still far below a real leak such as the unflushed offscreen frames the
    /// soak found (65 MiB in five seconds).
    @Test func demoDeck() throws {
        let (result, report) = try Self.soak(["--demo", "--soak-memory-limit", "8"])
        // The shadow, three overlays (captions, HUD, key list) and the photo array.
        Self.checkCommon(result, report, textureBound: 5, memoryLimit: 8)
        #expect(report.int("cards") == 6)
        #expect(report.int("photo_texture_failures") == 0)
        #expect(report.int("photos_removed") == 0)
        #expect((report.int("photo_uploads") ?? 0) >= 6)
        let budget = 256 * 1_048_576
        #expect(report.int("texture_budget_bytes") == budget)
        #expect((report.int("texture_bytes_max") ?? .max) <= budget)
        #expect((report.int("texture_bytes") ?? 0) > 0)
    }

    /// Each check that fails makes the soak exit 1 with its reason on stderr and `"ok": false`: a
    /// GL error, a texture that outlives its use, memory that stays. Debug builds make each on
    /// demand (`SWIVEL_TEST_SOAK_FAULT`), once, right after the warm-up (frame 360 of 720 here);
    /// the same soak without it passes. Memory is allowed 16 MiB here, so that the 32 MiB leak is
    /// told from this debug build's own wobble (1.2–1.3 MiB over these 12 simulated seconds, up to
    /// 5.3 MiB over a minute of the demo deck on a loaded machine).
    @Test(arguments: [
        ("gl-error", "swivel: soak failed: 1 GL error, the first at frame 360: OpenGL error 0x500\n"),
        ("texture-leak", "swivel: soak failed: 4 GL textures alive, more than the 3 the deck needs; "
            + "GL textures alive grew from 3 after the warm-up to 4\n"),
        ("memory-leak", "swivel: soak failed: resident memory grew "),
        ("none", ""),
    ])
    func aFailedCheckExitsOne(fault: String, stderr: String) throws {
        let result = try SwivelProcess.run(["--soak", "0.2", "--cards", "40", "--soak-memory-limit", "16"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen", "SWIVEL_TEST_SOAK_FAULT": fault],
                                           timeout: 120)
        let report = Report(fields: (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:])
        #expect(report.int("frames") == 720 && report.int("warm_up_frames") == 360)
        #expect(report.fields["ok"] as? Bool == (fault == "none"))
        #expect(result.status == (fault == "none" ? 0 : 1), "stderr: \(result.stderr)")
        switch fault {
        case "memory-leak":
            #expect(result.stderr.hasPrefix(stderr) && result.stderr.hasSuffix("\n")
                    && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect((report.double("rss_growth_mib") ?? 0) >= 32)
        default:
            #expect(result.stderr == stderr)
        }
        #expect(report.int("gl_errors") == (fault == "gl-error" ? 1 : 0))
        #expect(report.int("textures_alive") == (fault == "texture-leak" ? 4 : 3))
    }

    @Test func sameSeedSameSession() throws {
        let (_, first) = try Self.soak(["--seed", "9", "--soak-render-every", "60"])
        let (_, second) = try Self.soak(["--seed", "9", "--soak-render-every", "60"])
        #expect(first.int("frames_rendered") == 120)
        for field in ["input_actions", "resizes", "shadow_builds", "textures_created"] {
            #expect(first.int(field) != nil && first.int(field) == second.int(field), "\(field)")
        }
    }
}

/// The live frame loop under SDL's offscreen driver, whose swap does not flush: unless the loop
/// flushes each frame, llvmpipe bins every frame into one scene it never draws, and memory climbs
/// by megabytes a second (found by the soak; the soak's own figures do not show it, its frames
/// being read back). Judged by the kernel's high-water mark of the replay's memory (VmHWM), read
/// once the replay has played out, against what it held halfway through.
@Suite struct OffscreenFrameLoopTests {
    /// `seconds` of drags to and fro: a new frame every 1/60 s throughout.
    static func drags(seconds: Int) -> String {
        var lines = ["swivel-recording 1"]
        for drag in 0..<seconds {
            let start = Double(drag)
            let step = drag % 2 == 0 ? -10.0 : 10.0
            lines.append("\(start) down mouse 0 640 360")
            for i in 1..<60 { lines.append("\(start + Double(i) * 0.016) move mouse 0 \(640 + Double(i) * step) 360") }
            lines.append("\(start + 0.96) up mouse 0 \(640 + 59 * step) 360")
        }
        lines.append("\(seconds + 1) end")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The memory process `pid` has resident now, in MiB (VmRSS in /proc).
    static func residentMiB(_ pid: Int32) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Double(line.split(separator: " ")[1])) / 1024
    }

    /// The most memory process `pid` has had resident so far, in MiB (VmHWM in /proc; unlike
    /// `wait4`'s `ru_maxrss`, it starts afresh at exec, so it is not the test runner's).
    static func peakResidentMiB(_ pid: Int32) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try #require(Double(line.split(separator: " ")[1])) / 1024
    }

    @Test func aLongReplayDoesNotPileUpFrames() throws {
        let folder = TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["XDG_CONFIG_HOME"] = SwivelProcess.noConfigHome
        let recording = folder.path("drags.rec")
        try Self.drags(seconds: 8).write(toFile: recording.text, atomically: true, encoding: .utf8)
        let replay = try ChildProcess(SwivelProcess.binary.path, ["--size", "1280x720", "--replay", recording.text],
                                      environment: environment, stderr: folder.path("replay.err"))
        // Played out: drawing 60 frames a second takes 30 ticks a second or more; at rest the
        // offscreen driver's SDL_WaitEvent, which polls, takes 1–2. Checked every half second for at
        // most a minute, until two half seconds in a row take 3 ticks or fewer. The memory resident
        // is read at each check too.
        var ticks = [Int]()
        var resident = [Double]()
        func atRest() -> Bool { ticks.count >= 3 && ticks[ticks.count - 1] - ticks[ticks.count - 3] <= 3 }
        for _ in 0..<120 where replay.isRunning && !atRest() {
            usleep(500_000)
            ticks.append((try? CPUTicks.of(replay.pid)) ?? -1)
            resident.append((try? Self.residentMiB(replay.pid)) ?? 0)
        }
        #expect(atRest(), "the replay did not come to rest: \(ticks)")
        let replayPeak = try Self.peakResidentMiB(replay.pid)
        #expect(replay.terminate(), "no clean exit on SIGTERM")
        #expect(replay.status?.code == 128 + SIGTERM && replay.status?.signaled == false, "\(String(describing: replay.status))")
        // Halfway through the drags (the 8th check, at 4 s) the replay is long past its start-up,
        // even on a loaded machine (a fixed 1.5 s was not: one CI run read 125 MiB there, 166 at
        // the peak). Since the offscreen window is paced (`OffscreenWindowTests`) the replay holds
        // 101–104 MiB from start to end.
        let halfway = try #require(resident.count > 8 ? resident[7] : nil, "the replay ended before 4 s: \(resident)")
        print("resident memory every 0.5 s: \(resident.map { Int($0) }) MiB; peak \(replayPeak) MiB")
        // Frames piling up (no flush after each frame while the loop drew 600 frames a second)
        // grew the replay by 37–57 MiB a second, 300–460 MiB over the 8 s of drags (debug build):
        // 150 MiB or more over the second half. Either fix alone keeps it bounded (paced without
        // the flush: 116–150 MiB, wobbling, against 104 flat with it), which this does not tell apart.
        #expect(replayPeak - halfway < 40, "peak resident memory \(replayPeak) MiB, \(halfway) MiB at 4 s")
    }
}
