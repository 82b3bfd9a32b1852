import Foundation
import SwivelCore
import SwivelTestSupport
import Testing

/// Two 1.4 MB progressive JPEGs of 16000 × 16000 with 3,000 identical AC scans each
/// (`ProgressiveJPEG`) at the head of a folder of six good photos, through the real binary. Their
/// scans are counted from the bytes before any is decoded, so each is refused at once with one
/// line and the good photos show. Before, libjpeg counted them while decoding: each held a decoder
/// worker for 12 s of CPU and a 512 MB coefficient buffer (a worker peaked at 520 MiB), and the
/// folder's screenshot took 19.5 s.
@Suite(.serialized) struct ScanBombFolderTests {
    static let colours: [[UInt8]] = [[255, 59, 48], [52, 199, 89], [0, 122, 255], [255, 149, 0], [175, 82, 222], [90, 200, 250]]

    @Test func twoScanBombsAreRefusedAndTheGoodPhotosShow() throws {
        let folder = TemporaryDirectory()
        let photos = folder.path("photos")
        ImageFiles.directory(photos)
        let bomb = ProgressiveJPEG.grey(side: 16000, acScans: 3000)
        for name in ["0a bomb.jpg", "0b bomb.jpg"] { ImageFiles.write(photos.appending(Array(name.utf8)), bomb) }
        for (index, colour) in Self.colours.enumerated() {
            ImageFiles.write(photos.appending(Array("\(index + 1) good.jpg".utf8)),
                             ImageFiles.solid(.jpeg, width: 400, height: 600, colour))
        }
        let frame = folder.path("frame.png")
        let result = try PeakMemoryRun.run([photos.text, "--no-thumbnail-cache", "--screenshot", frame.text], in: folder)
        print("two scan bombs and six photos: status \(result.status), \(String(format: "%.2f", result.seconds)) s, "
              + "app \(Int(result.appPeakMiB)) MiB, workers \(Int(result.workerPeakMiB)) MiB")
        #expect(!result.signaled)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let reason = "cannot decode: progressive JPEG with more than 500 scans"
        #expect(result.stderr.split(separator: "\n").sorted()
                == ["swivel: skipped \(photos.text)/0a bomb.jpg: \(reason)", "swivel: skipped \(photos.text)/0b bomb.jpg: \(reason)"])
        // A refused file's bound (100 MB): the largest worker measured 23 MiB; 520 before.
        #expect(result.workerPeakMiB < 100, "a worker's peak \(result.workerPeakMiB) MiB")
        // The first good photo is the centred card, the second beside it.
        let image = try Image(contentsOf: frame.text)
        for (k, colour) in Self.colours.prefix(2).enumerated() {
            let pixel = image.rgb(image.width / 2 + 240 * k, image.height / 2)
            #expect(zip(pixel, colour).allSatisfy { abs($0 - Int($1)) <= 4 }, "card \(k) shows \(pixel), not \(colour)")
        }
    }
}
