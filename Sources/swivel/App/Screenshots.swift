import Glibc
import SwivelCore
import SwivelPlatform
import SwivelSystem

/// F12's screenshots: the frame on screen saved as a PNG.
enum Screenshots {
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
