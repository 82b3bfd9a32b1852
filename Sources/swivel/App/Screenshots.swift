import Glibc
import SwivelCore
import SwivelPlatform
import SwivelSystem

enum Screenshots {
    /// `--screenshot`: one frame into a PNG, and how long it took. A photo deck first waits (up to
    /// 60 s) until every visible card's photo is on the GPU or known to be unreadable, and the
    /// open card's sharp photo too. The card open in `fullView` at `time` (or flying) shows over the row.
    static func renderOnce(_ driver: FrameDriver, controller: inout ScrollController,
                           fullView: FullViewState = FullViewState(), at time: Double, path: String) {
        var fullView = fullView
        let pixels = driver.windowPixels
        waitForPhotos(driver, controller: &controller, fullView: &fullView, at: time)
        let clock = MonotonicClock()
        var times: [Duration] = []
        // Long after every photo arrived: all faded in.
        driver.buildScene(controller, fullView: fullView, at: time, for: pixels, photoTime: .infinity)
        // The first frame includes building the blurred shadow; the second is a steady frame.
        for _ in 0..<2 {
            let start = clock.now
            driver.renderScene(into: pixels)
            driver.finish()
            times.append(clock.now - start)
        }
        if let error = driver.takeError() { fail(.failure, error) }
        let rgba = driver.readPixels(pixels)
        do {
            try PNGFile.write(rgba, width: pixels.width, height: pixels.height, to: path)
        } catch {
            fail(.failure, "\(error)")
        }
        func ms(_ d: Duration) -> String { d.milliseconds.fixed(2) }
        Console.out("wrote \(path) (\(pixels.width)x\(pixels.height) px, \(driver.cardsDrawn) cards; "
            + "first frame \(ms(times[0])) ms with the shadow blur, next frame \(ms(times[1])) ms)")
    }

    /// Waits (up to 60 s) until every visible card's photo is on the GPU or known to be unreadable,
    /// and the open page's sharp photo too (its full resolution when the view asked for it).
    static func waitForPhotos(_ driver: FrameDriver, controller: inout ScrollController, fullView: inout FullViewState,
                              at time: Double) {
        guard let deck = driver.content.deck else { return }
        let pixels = driver.windowPixels
        let clock = MonotonicClock()
        let deadline = clock.now + .seconds(60)
        while true {
            TerminationSignals.exitIfRequested()
            driver.updatePhotos(&controller, at: time, pixels: pixels, settled: true, uploadLimit: .max)
            driver.updateFullView(&fullView, at: time, pixels: pixels)
            if deck.isReady(layout: controller.layout, scroll: controller.offset(at: time)),
               !driver.sharpPhoto.isWaiting { break }
            if clock.now > deadline { Console.error("photos still loading after 60 s; drawing placeholders") ; break }
            usleep(2_000)
        }
    }

    /// F12: the frame just rendered, to `$XDG_PICTURES_DIR` or the working directory; prints the path.
    static func save(_ rgba: [UInt8], width: Int, height: Int) {
        let directory = Environment.nonEmpty("XDG_PICTURES_DIR") ?? workingDirectory()
        let stem = "swivel-" + localTime(format: "%Y%m%d-%H%M%S")
        func inDirectory(_ name: String) -> String {
            directory.isEmpty || directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }
        var path = inDirectory(stem + ".png")
        var counter = 2
        var status = stat()
        while lstat(path, &status) == 0 {
            path = inDirectory("\(stem)-\(counter).png")
            counter += 1
        }
        do {
            try PNGFile.write(rgba, width: width, height: height, to: path)
            Console.out(path)
        } catch {
            Console.error("\(error)")
        }
    }

    /// The working directory's path ("" if it cannot be read, so the file goes to it by a relative name).
    private static func workingDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "" }
        defer { free(path) }
        return String(cString: path)
    }

    /// Now in the local time zone, as strftime's `format` writes it.
    private static func localTime(format: String) -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
