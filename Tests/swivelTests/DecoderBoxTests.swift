import Foundation
import Glibc
import SwivelBox
import SwivelCore
import SwivelSystem
import SwivelPhotoCore
@testable import SwivelPhotos
import LazyLibraries
import SwivelTestSupport
import Testing

/// The decoder box (issue 30): decodes in confined worker processes started from the real binary
/// (`swivel --decode-worker`), spoken to through the app's own `DecoderPool`. What a worker may
/// not do is tried by the debug build's misbehaving decoder (`misbehave act=…`); what it gives
/// back is compared with the same decode in this process.
@Suite(.serialized) struct DecoderBoxTests {
    /// A pool of `size` workers from the tested binary, with this process's environment.
    static func pool(size: Int = 1) -> DecoderPool {
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        return DecoderPool(size: size, program: SwivelProcess.binary.path, environment: environment, warn: { _ in })
    }

    /// Each forbidden act ends its worker with one reason, and the next request goes to a new
    /// worker that decodes as if nothing had happened.
    @Test(arguments: [
        ("open", "the decoder was stopped: it tried a forbidden system call (openat)"),
        ("socket", "the decoder was stopped: it tried a forbidden system call (socket)"),
        ("exec", "the decoder was stopped: it tried a forbidden system call (execve)"),
        ("write", "the decoder was stopped: it tried a forbidden system call (openat)"),
        ("segv", "the decoder crashed (SIGSEGV)"),
        ("abort", "the decoder crashed (SIGABRT)"),
        // Swift's allocator stops the process when RLIMIT_AS refuses the 8 GB.
        ("allocate", "the decoder crashed (SIGABRT)"),
        ("loop", "the decoder was stopped: it used its 1 s of CPU time"),
    ])
    func aMisbehavingDecoderCostsOneRequest(act: String, reason: String) throws {
        let pool = Self.pool()
        defer { pool.stop() }
        #expect(pool.warmUp())
        let first = try #require(pool.processIDs.first)
        let outcome = pool.withWorker { $0.ask("misbehave act=\(act) cpu=1", file: nil, cpuSeconds: 1, cancellation: .never) }
        guard case .failed(let text, _) = outcome else {
            Issue.record("\(act): \(outcome)")
            return
        }
        #expect(text == reason)
        // The worker is gone, and reaped: no such process.
        #expect(kill(first, 0) == -1 && errno == ESRCH)
        let second = try #require(pool.processIDs.first)
        #expect(second != first)

        let folder = TemporaryDirectory()
        let png = folder.path("after.png")
        ImageFiles.write(png, ImageFiles.solid(.png, width: 40, height: 30, [200, 100, 50, 255]))
        let image = try pool.decode(png, target: .fill(width: 4, height: 3))
        #expect(Array(image.pixels.prefix(4)) == [200, 100, 50, 255])
    }

    /// Landlock on its own, the seccomp filter left out (as on a kernel without seccomp): the
    /// open is made and refused, by path, in both directions.
    @Test func landlockAloneRefusesEveryPath() throws {
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" } + ["SWIVEL_TEST_UNCONFINED=seccomp"]
        let pool = DecoderPool(size: 1, program: SwivelProcess.binary.path, environment: environment, warn: { _ in })
        defer { pool.stop() }
        for (act, reason) in [("open", "the decoder could not open /etc/passwd: Permission denied"),
                              ("write", "the decoder could not create /tmp/swivel-misbehaved: Permission denied")] {
            let outcome = pool.withWorker { $0.ask("misbehave act=\(act)", file: nil, cpuSeconds: 1, cancellation: .never) }
            guard case .reply(let text, _) = outcome, case .failed(let failure) = DecodeReply(text) else {
                Issue.record("\(act): \(outcome)")
                continue
            }
            #expect(failure.reason == reason)
        }
    }

    /// The kernel's view of a ready worker: no new privileges, a seccomp filter.
    @Test func aWorkerIsConfinedBeforeItsFirstRequest() throws {
        let pool = Self.pool()
        defer { pool.stop() }
        #expect(pool.warmUp())
        let pid = try #require(pool.processIDs.first)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let fields = Dictionary(status.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: ":", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
        }, uniquingKeysWith: { $1 })
        #expect(fields["NoNewPrivs"] == "1")
        #expect(fields["Seccomp"] == "2")   // SECCOMP_MODE_FILTER
        // Its descriptors: the standard three on /dev/null and its socket, nothing else.
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap(Int.init).sorted()
        #expect(descriptors == [0, 1, 2, 3])
        let socket = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/3")
        #expect(socket.hasPrefix("socket:"))
    }

    /// The same pixels as this process decodes, for each format the tests can write, by
    /// Debian's own encoders (ImageMagick, heif-enc, avifenc, cjxl, cwebp).
    @Test func workersDecodeWhatThisProcessDecodes() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.png")
        ImageFiles.write(source, ImageFiles.image(.png, width: 240, height: 160) { x, y in
            [UInt8(x % 256), UInt8(y % 256), UInt8((x * y) % 256), 255]
        })
        let tools: [(String, String, [String])] = [
            ("jpg", "convert", [source.text, "-quality", "90"]),
            ("tif", "convert", [source.text]),
            ("gif", "convert", [source.text]),
            ("webp", "cwebp", ["-quiet", source.text, "-o"]),
            ("heic", "heif-enc", ["-q", "80", source.text, "-o"]),
            ("avif", "avifenc", ["-s", "10", source.text]),
            ("jxl", "cjxl", ["--quiet", source.text]),
        ]
        var files = [source]
        for (ext, tool, arguments) in tools {
            let out = folder.path("photo.\(ext)")
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments + [out.text])
            try #require(result.status == 0, "\(tool): \(result.stderr)")
            files.append(out)
        }
        let pool = Self.pool()
        defer { pool.stop() }
        for file in files {
            for target in [DecodeTarget.fill(width: 90, height: 120), .fit(width: 200, height: 200)] {
                let here = try ImageDecoder.decode(file, target: target)
                let there = try pool.decode(file, target: target)
                #expect((there.width, there.height) == (here.width, here.height), "\(file)")
                #expect(there.pixels == here.pixels, "\(file) \(target)")
                #expect(there.original?.width == here.original?.width && there.original?.height == here.original?.height)
            }
        }
        // A file that is refused gives the same line from either.
        let empty = folder.path("empty.jpg")
        ImageFiles.write(empty, [])
        let hereError = #expect(throws: ImageLoadError.self) { try ImageDecoder.decode(empty, width: 10, height: 10) }
        let thereError = #expect(throws: ImageLoadError.self) { try pool.decode(empty, target: .fill(width: 10, height: 10)) }
        #expect(hereError?.description == thereError?.description)
        #expect(thereError?.description.hasSuffix("empty.jpg: empty file") == true, "\(String(describing: thereError))")
    }

    /// A worker loads the libraries its deck's files are named for, and no other: one that meets a
    /// file needing another (a HEIC named .jpg) is replaced by one that has it, which decodes the
    /// file as this process does; the replacement then serves the next request too.
    @Test func aWorkerLoadsTheLibrariesItsFilesNeed() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.png")
        ImageFiles.write(source, ImageFiles.image(.png, width: 120, height: 80) { x, y in [UInt8(x * 2), UInt8(y * 3), 90, 255] })
        let jpeg = folder.path("a.jpg"), heic = folder.path("b.jpg")
        for (tool, arguments) in [("convert", [source.text, jpeg.text]), ("heif-enc", ["-q", "80", source.text, "-o", heic.text])] {
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments)
            try #require(result.status == 0, "\(tool): \(result.stderr)")
        }
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let pool = DecoderPool(size: 1, program: SwivelProcess.binary.path, environment: environment, pathExtensions: ["jpg"],
                               warn: { _ in })
        defer { pool.stop() }
        func maps() throws -> String {
            let pid = try #require(pool.processIDs.first)
            return String(decoding: try #require(FileDescriptor.readFile("/proc/\(pid)/maps")), as: UTF8.self)
        }
        let target = DecodeTarget.fill(width: 60, height: 40)
        #expect(try pool.decode(jpeg, target: target).pixels == ImageDecoder.decode(jpeg, target: target).pixels)
        let first = try #require(pool.processIDs.first)
        let before = try maps()
        #expect(before.contains("/libjpeg.so") && before.contains("/liblcms2.so") && before.contains("/libexif.so"))
        for library in ["/libheif.so", "/libavif.so", "/libjxl.so", "/libtiff.so", "/libSDL2_image", "/libSDL2-2.0", "/libGL.so",
                        "/libasound.so", "/libX11.so"] {
            #expect(!before.contains(library), "a JPEG deck's worker maps \(library)")
        }
        #expect(try pool.decode(heic, target: target).pixels == ImageDecoder.decode(heic, target: target).pixels)
        let second = try #require(pool.processIDs.first)
        #expect(second != first)
        #expect(try maps().contains("/libheif.so"))
        #expect(try pool.decode(jpeg, target: target).pixels.count == 60 * 40 * 4)
        #expect(pool.processIDs.first == second)
    }

    /// `--info`'s fields come back whole, with spaces and non-ASCII in them.
    @Test func photoInformationComesBackWhole() throws {
        let folder = TemporaryDirectory()
        let jpeg = folder.path("camera.jpg")
        ImageFiles.write(jpeg, ImageFiles.solid(.jpeg, width: 64, height: 48, [10, 20, 30, 255]))
        let tagged = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/exiftool"), [
            "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS 5D Mark IV", "-LensModel=EF 24–70 mm",
            "-FNumber=2.8", "-ExposureTime=1/250", "-ISO=400", "-DateTimeOriginal=2021:05:01 14:03:22", jpeg.text])
        try #require(tagged.status == 0, "\(tagged.stderr)")
        let pool = Self.pool()
        defer { pool.stop() }
        let there = pool.info(jpeg)
        #expect(there == PhotoInfo.read(jpeg))
        #expect(there.exif.lens == "EF 24–70 mm")
        #expect(there.exif.model == "Canon EOS 5D Mark IV")
        #expect(pool.dateTaken(jpeg) == "2021:05:01 14:03:22")
    }

    /// A thumbnail's chunks are read in a worker too (any program of the user's may have written
    /// it, and a compressed text is inflated): ImageMagick's thumbnail with its keys after the
    /// pixels, one whose texts are compressed (zTXt, by exiftool), and a failure entry come back as
    /// `identify` and `exiftool` read them; a file that is no PNG gives none.
    @Test func thumbnailChunksAreReadInAWorker() throws {
        let folder = TemporaryDirectory()
        let thumbnail = folder.path("im.png")
        func run(_ program: String, _ arguments: [String]) throws -> String {
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: program), arguments)
            try #require(result.status == 0, "\(program): \(result.stderr)")
            return result.stdout
        }
        _ = try run("/usr/bin/convert", ["-size", "256x192", "plasma:fractal", "-set", "Thumb::URI", "file:///x y.jpg",
                                         "-set", "Thumb::MTime", "123", "-set", "Thumb::Size", "456", "PNG24:" + thumbnail.text])
        let failure = folder.path("fail.png")
        _ = try run("/usr/bin/convert", ["-size", "1x1", "xc:white", "-set", "Thumb::URI", "file:///bad.jpg", "-set", "Thumb::MTime", "9",
                                         "-set", "Software", "swivel 1.0", "PNG24:" + failure.text])
        _ = try run("/usr/bin/exiftool", ["-z", "-q", "-overwrite_original",
                                          "-PNG:Comment=" + String(repeating: "long text ", count: 60), failure.text])
        let notPNG = folder.path("no.png")
        ImageFiles.write(notPNG, ImageFiles.solid(.jpeg, width: 8, height: 8, [1, 2, 3, 255]))
        let pool = Self.pool()
        defer { pool.stop() }

        let there = try #require(pool.thumbnailChunks(thumbnail, needing: ThumbnailSubject.Keys.checked, wanting: []))
        #expect(there.width == 256 && there.height == 192)
        #expect(there.texts == ["Thumb::URI": "file:///x y.jpg", "Thumb::MTime": "123", "Thumb::Size": "456"])
        #expect(there.texts == ThumbnailCache.chunks(thumbnail)?.texts.filter { ThumbnailSubject.Keys.checked.contains($0.key) })

        let keys = ThumbnailCache.failureKeys + ["Comment"]
        let entry = try #require(pool.thumbnailChunks(failure, needing: [], wanting: keys))
        #expect(entry.width == 1 && entry.texts["Thumb::URI"] == "file:///bad.jpg" && entry.texts["Software"] == "swivel 1.0")
        #expect(entry.texts["Comment"] == String(repeating: "long text ", count: 60))
        #expect(try run("/usr/bin/exiftool", ["-s3", "-Comment", failure.text]).hasPrefix("long text long text"))
        #expect(try run("/usr/bin/exiftool", ["-v3", failure.text]).contains("zTXt"), "exiftool wrote the comment compressed")
        #expect(pool.thumbnailChunks(notPNG, needing: [], wanting: keys) == nil)
    }

    /// A decode no longer wanted ends its worker, whatever the library is doing: libheif and
    /// libavif decode a whole image in one call that cannot be stopped in this process. The
    /// decode is cancelled once its worker has spent 0.05 CPU-s on it; the call returns with the
    /// cancel, the worker is killed and reaped, and a new one takes the next request. (How long the return
    /// took is printed, not judged: it is the machine's.)
    @Test(arguments: ["heic", "avif"])
    func aCancelledDecodeEndsItsWorker(format: String) throws {
        let folder = TemporaryDirectory()
        let source = folder.path("big.png")
        let convert = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/convert"),
                                                   ["-size", "2048x2048", "plasma:fractal", "-seed", "5", source.text])
        try #require(convert.status == 0, "\(convert.stderr)")
        let photo = folder.path("big.\(format)")
        let encoded = format == "heic"
            ? try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/heif-enc"),
                                           ["-p", "preset=ultrafast", "-q", "50", source.text, "-o", photo.text])
            : try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/avifenc"), ["-s", "10", source.text, photo.text])
        try #require(encoded.status == 0, "\(encoded.stderr)")

        let pool = Self.pool()
        defer { pool.stop() }
        #expect(pool.warmUp())
        let worker = try #require(pool.processIDs.first)
        let cancellation = DecodeCancellation()
        let done = Condition()
        nonisolated(unsafe) var result: Result<DecodedImage, ImageLoadError>?
        nonisolated(unsafe) var returned = 0.0
        #expect(startThread(named: "test-decode") {
            let outcome = Result { () throws(ImageLoadError) in try pool.decode(photo, target: .fit(width: 2048, height: 2048),
                                                                               cancellation: cancellation) }
            done.withLock { (result, returned) = (outcome, Monotonic.now) }
            done.broadcast()
        })
        // Until the worker is decoding, or the decode is over (then the test fails below).
        try #require(try waitUntil(ceiling: 60) { try CPUTicks.of(worker) >= 5 || done.withLock { result != nil } },
                     "the worker did not start decoding within 60 s")
        let cancelled = Monotonic.now
        cancellation.cancel()
        done.withLock { while result == nil { done.wait() } }
        print("\(format): cancelled after \(try? CPUTicks.of(worker)) ticks; returned in \(((returned - cancelled) * 1000).rounded()) ms")
        guard case .failure(let error) = result else {
            Issue.record("the decode was not cancelled: it finished first")
            return
        }
        #expect(error.cancelled)
        #expect(try #require(pool.processIDs.first) != worker)
        // Killed, and reaped on the reaper's thread: until then it may be a zombie.
        #expect(waitUntil(ceiling: 60) { kill(worker, 0) == -1 && errno == ESRCH }, "the worker was not reaped within 60 s")
    }

    /// A worker ends with the app, also in the middle of a decode that would run on for minutes:
    /// its socket's other end closed, it exits at once, not when its CPU time runs out.
    @Test func aWorkerEndsWhenTheAppGoesMidDecode() throws {
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let worker = try WorkerProcess.start(program: SwivelProcess.binary.path, [DecoderPool.workerArgument, "png"],
                                             environment: environment).get()
        guard case .message(let ready) = worker.channel.receive(timeout: 60), ready.text == "ready" else {
            Issue.record("the worker did not say it was ready")
            return
        }
        #expect(worker.channel.send("misbehave act=loop cpu=600"))
        try #require(try waitUntil(ceiling: 60) { try CPUTicks.of(worker.processID) >= 5 }, "the worker did not start its loop")
        worker.channel.close()
        var status: Int32 = 0
        let ended = waitUntil(ceiling: 60) { waitpid(worker.processID, &status, WNOHANG) == worker.processID }
        if !ended { _ = worker.kill() }
        #expect(ended, "the worker ran on after its socket closed")
        #expect(WorkerEnd(waitStatus: status) == .exited(0))
    }

    /// The app's own process maps no decoder library while a HEIC, an AVIF, a JPEG XL and a JPEG
    /// are on screen: they are mapped in its workers alone. The one exception is libpng16, which
    /// the font stack needs (libfreetype links it, for PNG glyphs in fonts; SDL2_ttf draws the
    /// captions with it): it is mapped, but no file of the user's reaches it.
    @Test func theAppMapsNoDecoderLibrary() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source.png")
        ImageFiles.write(source, ImageFiles.image(.png, width: 480, height: 360) { x, y in
            [UInt8(x % 256), UInt8(y % 256), 128, 255]
        })
        let photos = folder.path("photos")
        ImageFiles.directory(photos)
        let encodes: [(String, [String])] = [
            ("heif-enc", ["-q", "80", source.text, "-o", photos.appending(Array("a.heic".utf8)).text]),
            ("avifenc", ["-s", "10", source.text, photos.appending(Array("b.avif".utf8)).text]),
            ("cjxl", ["--quiet", source.text, photos.appending(Array("c.jxl".utf8)).text]),
            ("convert", [source.text, photos.appending(Array("d.jpg".utf8)).text]),
        ]
        for (tool, arguments) in encodes {
            let result = try SwivelProcess.runProgram(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments)
            try #require(result.status == 0, "\(tool): \(result.stderr)")
        }
        let app = try RunningSwivel([photos.text, "--no-thumbnail-cache", "--size", "1280x720"])
        defer { app.stop() }
        let shown = app.waitFor(timeout: 60) { frames in
            frames.last.map { $0.photos == 4 && $0.showing.count == 4 } ?? false
        }
        try #require(shown, "\(app.stderr.suffix(2000))")
        // Read whole with read(2): Foundation's reader stops short on a /proc file (its size is 0).
        func proc(_ path: String) throws -> String {
            String(decoding: try #require(FileDescriptor.readFile(path), "cannot read \(path)"), as: UTF8.self)
        }
        let maps = try proc("/proc/\(app.pid)/maps")
        let mapped = Set(maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
        let decoders = (0..<Int(SWIVEL_LAZY_LIBRARY_COUNT.rawValue)).map { String(cString: swivel_lazy_library_name(Int32($0))) }
            .filter { !["libSDL2_ttf-2.0.so.0", "libSDL2-2.0.so.0", "libGL.so.1"].contains($0)
                && !($0 == "libpng16.so.16" && mapped.contains { $0.hasPrefix("libfreetype") }) }
            + ["libde265", "libdav1d", "libaom", "libjxl_threads", "libhwy", "libx265", "libsharpyuv", "libLerc", "libjbig"]
        let found = mapped.filter { file in decoders.contains { file.hasPrefix($0.split(separator: ".").first.map(String.init) ?? $0) } }
        #expect(found.isEmpty, "the app maps \(found.sorted())")
        #expect(mapped.contains { $0.hasPrefix("libSDL2-2.0") } && mapped.contains { $0.hasPrefix("libswiftCore") })
        // The listing is real: the workers do map them.
        let workers = try proc("/proc/\(app.pid)/task/\(app.pid)/children")
            .split(separator: " ").compactMap { Int32($0) }
        #expect(workers.count == DeckThreads.all(cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        let workerMaps = try workers.map { try proc("/proc/\($0)/maps") }.joined()
        for library in ["libheif", "libavif", "libjxl", "libjpeg"] {
            #expect(workerMaps.contains("/\(library)"), "no worker maps \(library)")
        }
        print("app maps:", mapped.filter { $0.hasPrefix("lib") }.sorted().joined(separator: " "))
    }

    /// Under a low limit on open files the pool has fewer workers, each of which needs its socket,
    /// and while it decodes, the photo's descriptor and its pixels' memfds here: at 9 (the
    /// standard three and the display's leave five), one worker shows every photo, where four
    /// left no room to receive a photo's pixels and the photos stayed placeholders (or, before
    /// that was a transient failure, were skipped: "the decoder was killed (SIGKILL)").
    @Test func aLowLimitOnOpenFilesShowsEveryPhoto() throws {
        #expect(DecoderPool.size(threads: 5, descriptors: nil) == 5)
        #expect(DecoderPool.size(threads: 5, descriptors: 1024) == 5)
        #expect(DecoderPool.size(threads: 5, descriptors: 24) == 4)
        #expect(DecoderPool.size(threads: 5, descriptors: 16) == 2)
        #expect(DecoderPool.size(threads: 5, descriptors: 9) == 1)
        let folder = TemporaryDirectory()
        let photos = folder.path("photos")
        ImageFiles.directory(photos)
        let colours: [[UInt8]] = [[220, 30, 30, 255], [30, 200, 40, 255], [40, 60, 230, 255]]
        for (index, colour) in colours.enumerated() {
            ImageFiles.write(photos.appending(Array("\(index).jpg".utf8)), ImageFiles.solid(.jpeg, width: 400, height: 600, colour))
        }
        let frame = folder.path("frame.png")
        let run = try PeakMemoryRun.run([photos.text, "--no-thumbnail-cache", "--size", "1280x720", "--screenshot", frame.text],
                                        limits: ["--nofile=9"], in: folder)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.status): \(run.stderr)")
        // The three cards across the middle of the frame: the centred one and its two neighbours.
        let image = try Image(contentsOf: frame.text)
        let row = (0..<image.width).map { image.rgb($0, image.height / 2) }
        for colour in colours {
            #expect(row.contains { zip($0, colour).allSatisfy { abs($0 - Int($1)) <= 6 } }, "no card of \(colour)")
        }
    }

    /// A request's memory limit (`RLIMIT_AS` above the worker's own) stops a decode that needs
    /// more: a 16000² JPEG XL (768 MB of RGB) under 256 MiB is out of memory, in one line, and the
    /// worker lives on for the next request.
    @Test func aDecodeOverItsMemoryLimitIsOutOfMemory() throws {
        let folder = TemporaryDirectory()
        let huge = folder.path("huge.jxl")
        ImageFiles.write(huge, OutOfMemoryTests.hugeJXL)
        let pool = Self.pool()
        defer { pool.stop() }
        let error = #expect(throws: ImageLoadError.self) {
            try pool.decode(huge, target: .fill(width: 40, height: 40), limits: DecodeLimits(cpuSeconds: 60, memoryBytes: 256 << 20))
        }
        #expect(error?.reason == "out of memory")
        let png = folder.path("after.png")
        ImageFiles.write(png, ImageFiles.solid(.png, width: 40, height: 30, [200, 100, 50, 255]))
        #expect(Array(try pool.decode(png, target: .fill(width: 4, height: 3)).pixels.prefix(4)) == [200, 100, 50, 255])
    }

    /// Where a part of the confinement cannot be set up (here left out as a kernel without
    /// Landlock, or without seccomp, would), one line says which, once a run, and the photos
    /// still show.
    @Test(arguments: [("landlock", "Landlock: the kernel has none"), ("seccomp", "seccomp: the kernel has none")])
    func aMissingPartIsSaidOnce(part: String, phrase: String) throws {
        let folder = TemporaryDirectory()
        for name in ["a", "b", "c"] {
            ImageFiles.write(folder.path("\(name).png"), ImageFiles.solid(.png, width: 40, height: 60, [0, 122, 255, 255]))
        }
        let frame = folder.path("frame.png")
        let result = try SwivelProcess.run([folder.path.text, "--no-thumbnail-cache", "--screenshot", frame.text],
                                           environment: ["SWIVEL_TEST_UNCONFINED": part, "SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "swivel: decoders run with less confinement than they should: \(phrase)\n")
        let image = try Image(contentsOf: frame.text)
        let centre = image.rgb(image.width / 2, image.height / 2)
        #expect(zip(centre, [0, 122, 255]).allSatisfy { abs($0 - $1) <= 3 }, "centre \(centre)")
    }
}
