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

    /// Each soak runs with llvmpipe rasterizing on the soak's own thread (`LP_NUM_THREADS=0`). With
    /// its rasterizer threads (two here) resident memory holds 26 MiB more, and the quiet readings
    /// scatter about their trend by 0.64–1.1 MiB (standard deviation, the colour deck over eight
    /// simulated minutes, seeds 1–5; glibc held to one arena scatters as much) against
    /// 0.24–0.37 MiB without them. `colourDeck`'s own trend, 1.08–1.24 MiB in three runs without
    /// them beside two busy loops (release build), reached 2.30 MiB with them in one CI run, where
    /// the soak's own verdict (both halves of the trend too) passed. `make soak` keeps the threads:
    /// three loaded runs of it passed by that verdict. A soak may take up to 600 s: a ceiling, not a
    /// wait (with every shader variant compiled in the soak, `DriverShaderCache`, the demo deck's
    /// `--soak 2` took 181-193 s with three busy loops on its one core).
    static func soak(_ arguments: [String], minutes: String = "2", fault: String? = nil) throws -> (ProcessResult, Report) {
        var environment = ["SDL_VIDEODRIVER": "offscreen", "LP_NUM_THREADS": "0"]
        environment["SWIVEL_TEST_SOAK_FAULT"] = fault
        let result = try SwivelProcess.run(["--soak", minutes] + arguments, environment: environment, timeout: 600)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, Report(fields: object ?? [:]))
    }

    /// What every soak must show: 7200 frames simulated and rendered, a warm-up of one to one and a
    /// half simulated minutes (at least a minute, then until the working set is complete, at most
    /// three quarters of the run), no GL error, under 2 MiB of growth by the trend of 31 or 32
    /// readings after it, textures within the bound and no more than after warm-up.
    static func checkCommon(_ result: ProcessResult, _ report: Report, textureBound: Int) {
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
        #expect(report.fields["ok"] as? Bool == true)
        #expect(report.int("frames") == 7200)
        #expect(report.int("frames_rendered") == 7200)
        #expect((3600...5400).contains(report.int("warm_up_frames") ?? 0), "\(report.int("warm_up_frames") ?? 0)")
        #expect(report.int("gl_errors") == 0)
        #expect((report.int("input_actions") ?? 0) > 1000)
        #expect((report.int("resizes") ?? 0) > 20)
        let growth = report.double("rss_trend_growth_mib") ?? .infinity
        let readings = (report.fields["rss_readings_mib"] as? [NSNumber])?.map(\.doubleValue) ?? []
        print("resident memory after the warm-up, MiB: \(readings); trend \(growth)")
        #expect(growth < 2, "grew \(growth) MiB: \(readings)")
        #expect((31...32).contains(readings.count))
        #expect(readings.first == report.double("rss_warm_mib") && readings.last == report.double("rss_end_mib"))
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
        // The shadow, four overlays (HUD, key list, information panel, notice line) and the row's
        // layer under the full view's flight.
        Self.checkCommon(result, report, textureBound: 6)
        #expect(report.int("cards") == 40)
        #expect(report.fields["texture_bytes"] == nil)
    }

    /// Photos decode on three threads while the soak runs. Before glibc's thresholds were pinned
    /// for the soak, their heaps kept 2–6 MiB of freed memory that `malloc_trim` cannot return,
    /// and this run needed 8 MiB of slack; now it is held to the default 2 MiB.
    @Test func demoDeck() throws {
        let (result, report) = try Self.soak(["--demo"])
        // The shadow, five overlays (captions, HUD, key list, information panel, notice line), the
        // row's layer, the photo array and the full view's four sharp photos.
        Self.checkCommon(result, report, textureBound: 12)
        #expect(report.int("cards") == 6)
        #expect(report.int("photo_texture_failures") == 0)
        #expect(report.int("photos_removed") == 0)
        #expect((report.int("photo_uploads") ?? 0) >= 6)
        let budget = 256 * 1_048_576
        #expect(report.int("texture_budget_bytes") == budget)
        #expect((report.int("texture_bytes_max") ?? .max) <= budget)
        #expect((report.int("texture_bytes") ?? 0) > 0)
        // It drives the whole app, not the row alone: the full view, the trash and back, the marks,
        // the folder's changes (its own copy of the photos), picks it goes on after.
        let commands = (report.fields["commands"] as? [String: NSNumber])?.mapValues(\.intValue) ?? [:]
        print("commands: \(commands.sorted { $0.key < $1.key })")
        #expect(commands.count >= 15, "\(commands)")
        for command in ["open", "trash", "undo", "markAll", "pageForward"] { #expect((commands[command] ?? 0) > 0, "\(command)") }
        #expect((report.int("full_view_frames") ?? 0) > 0 && (report.int("folder_changes") ?? 0) > 0)
    }

    /// Drawn every 2nd, 3rd or 4th simulated frame, the demo deck's textures are counted after
    /// every frame, drawn or not, and each use stays within its bound: one photo array, where the
    /// renderer, keeping the last frame's scene until it drew the next, held the deck's old array
    /// beside the one it grew into when a folder change added a photo (seed 1: frame 3121 of
    /// 3600, "8 GL textures alive, more than the 7 the deck needs" when the bound was 7; 2 photo
    /// arrays alive by use). Every frame drawn, the old scene went at once and this never showed.
    @Test(arguments: [2, 3, 4])
    func demoDeckDrawnEveryKthFrame(every: Int) throws {
        let (result, report) = try Self.soak(["--demo", "--seed", "1", "--soak-render-every", "\(every)"], minutes: "1")
        let most = (report.fields["textures_alive_max_by_use"] as? [String: NSNumber])?.mapValues(\.intValue) ?? [:]
        print("every \(every) frames: \(report.int("frames_rendered") ?? 0) drawn, most textures alive by use \(most)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(report.fields["ok"] as? Bool == true)
        #expect(report.int("frames_rendered") == (3600 + every - 1) / every)
        #expect((report.int("folder_changes") ?? 0) > 0)
        #expect(most["photoArray"] == 1, "\(most)")
        let bounds = ["shadow": 1, "overlay": 5, "rowLayer": 1, "photoArray": 1, "sharpPhoto": 4]
        for (use, bound) in bounds { #expect((most[use] ?? .max) <= bound, "\(use): \(most)") }
        #expect((report.fields["textures_bound_by_use"] as? [String: NSNumber])?.mapValues(\.intValue) == bounds)
    }

    /// Each check that fails makes the soak exit 1 with its reason on stderr and `"ok": false`: a
    /// GL error, a texture that outlives its use. Debug builds make each on demand
    /// (`SWIVEL_TEST_SOAK_FAULT`), once, right after the warm-up; the same soak without it passes.
    /// The soak's opening tour (`SoakInput.tour`) completes the colour deck's working set in its
    /// first seconds, so in these 12 simulated seconds the warm-up ends at its earliest, half the
    /// run: frame 360 of 720.
    @Test(arguments: [
        ("gl-error", "swivel: soak failed: 1 GL error, the first at frame 360: OpenGL error 0x500\n"),
        // The leaked texture is an overlay image: past the four overlays of the colour deck too.
        ("texture-leak", "swivel: soak failed: 5 GL textures alive for overlay images, more than the 4 the deck needs; "
            + "GL textures alive grew from 5 after the warm-up to 6\n"),
        ("none", ""),
    ])
    func aFailedCheckExitsOne(fault: String, stderr: String) throws {
        let (result, report) = try Self.soak(["--cards", "40"], minutes: "0.2", fault: fault)
        #expect(report.int("frames") == 720 && report.int("warm_up_frames") == 360)
        #expect(report.fields["ok"] as? Bool == (fault == "none"))
        #expect(result.status == (fault == "none" ? 0 : 1), "stderr: \(result.stderr)")
        #expect(result.stderr == stderr)
        #expect(report.int("gl_errors") == (fault == "gl-error" ? 1 : 0))
        #expect(report.int("textures_alive") == (fault == "texture-leak" ? 6 : 5))
    }

    /// The one line a failed memory check prints: "resident memory grew G MiB after the warm-up by
    /// the trend of N readings, H1 and H2 MiB in its halves (A → B MiB)"; G, or nil when the line
    /// is not that.
    static func reportedGrowth(_ stderr: String) -> Double? {
        let prefix = "swivel: soak failed: resident memory grew "
        guard stderr.hasPrefix(prefix), stderr.hasSuffix(" MiB)\n"), stderr.split(separator: "\n").count == 1,
              stderr.contains(" MiB after the warm-up by the trend of 3"), stderr.contains(" MiB in its halves (") else {
            return nil
        }
        return Double(stderr.dropFirst(prefix.count).prefix { $0 != " " })
    }

    /// Memory that keeps growing fails the soak by the growth it added, and the same soak without
    /// the leak passes. 16 KiB kept every frame after the warm-up of a simulated minute of the
    /// colour deck (seed 1; the warm-up ends between frames 1800 and 2700, once the HUD and the key
    /// list have been shown; here it runs to 2700): 16 KiB × the frames after it, 11–14 MiB, more
    /// than the same seeded session's own trend, within 3 MiB (that trend moves by up to 1 MiB
    /// from run to run: 0.16 and 0.50 MiB in two, and the leaking run's own part as much: 2.17 MiB
    /// off in one loaded run of many under 1.5; a reported growth of half the leak is 6 MiB off),
    /// and at least 1 MiB (half the limit) in each half.
    @Test func aLeakEveryFrameFails() throws {
        let (result, report) = try Self.soak(["--cards", "40"], minutes: "1", fault: "frame-leak")
        let (clean, cleanReport) = try Self.soak(["--cards", "40"], minutes: "1")
        let warmUp = try #require(report.int("warm_up_frames"))
        let leaked = Double((3600 - warmUp) * 16) / 1024
        let growth = try #require(Self.reportedGrowth(result.stderr), "stderr: \(result.stderr)")
        let own = try #require(cleanReport.double("rss_trend_growth_mib"))
        print("16 KiB a frame from frame \(warmUp): \(leaked) MiB leaked, \(growth) MiB reported, \(own) without the leak")
        #expect((1800...2700).contains(warmUp) && cleanReport.int("warm_up_frames") == warmUp)
        #expect(result.status == 1 && report.fields["ok"] as? Bool == false)
        #expect(abs(growth - own - leaked) < 3, "leaked \(leaked) MiB, reported \(growth), \(own) without")
        // Half a hundredth, and a little for the binary fractions either side of it.
        #expect(abs((report.double("rss_trend_growth_mib") ?? 0) - growth) <= 0.005 + 1e-9, "the line says two decimals of the JSON's")
        let halves = (report.fields["rss_trend_halves_mib"] as? [NSNumber])?.map(\.doubleValue) ?? []
        print("its halves: \(halves) MiB")
        #expect(halves.count == 2 && halves.allSatisfy { $0 >= 1 }, "\(halves)")
        #expect(clean.status == 0 && clean.stderr.isEmpty, "stderr: \(clean.stderr)")
    }

    /// 64 KiB kept for every photo uploaded after the warm-up (a copy of each card, never freed):
    /// the demo deck over three simulated minutes uploads some 150 photos after its warm-up of a
    /// minute, about 9.5 MiB, and the soak fails by that growth plus the session's own. Its own is
    /// what `demoDeck` holds under 2 MiB; the photos decode on threads, so it differs from run to
    /// run (the reported growth less the leak in five fresh clones beside two busy loops: −0.50,
    /// −0.13, +1.94, −0.55 and −0.29 MiB): from 1.5 MiB below the leak to 2 above it.
    @Test func aLeakEveryUploadFails() throws {
        let (result, report) = try Self.soak(["--demo"], minutes: "3", fault: "upload-leak")
        let uploads = try #require(report.int("photo_uploads")) - (try #require(report.int("photo_uploads_warm")))
        let leaked = Double(uploads * 64) / 1024
        let growth = try #require(Self.reportedGrowth(result.stderr), "stderr: \(result.stderr)")
        print("64 KiB for each of \(uploads) uploads: \(leaked) MiB leaked, \(growth) MiB reported")
        #expect(leaked >= 3, "only \(uploads) uploads after the warm-up")
        #expect(result.status == 1 && report.fields["ok"] as? Bool == false)
        #expect((-1.5..<2).contains(growth - leaked), "leaked \(leaked) MiB, reported \(growth)")
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
