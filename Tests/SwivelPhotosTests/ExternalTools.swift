import Foundation
import SwivelCore
import SwivelPhotos
import SwivelPhotoCore

/// Debian's own encoders and taggers (ImageMagick's convert, exiftool, heif-enc, avifenc, cjxl,
/// libwebp's cwebp, img2webp, gif2webp, webpmux and dwebp, gifsicle),
/// so the decoders are tested on files written by software other than Swivel. The Makefile's
/// TEST_PACKAGES installs them.
enum ExternalTools {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `program` (looked up in PATH) with `arguments`; throws with its stderr unless it exits 0.
    static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let handle = try FileHandle(forWritingTo: errors)
        defer { try? handle.close() }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failed(description: "\(program) \(arguments.joined(separator: " ")) failed: \(text)")
        }
    }

    /// What `program` prints on its standard output (trimmed), run like `run`.
    static func output(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(program) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What `program` writes to its standard output; throws with its stderr unless it exits 0.
    static func outputBytes(_ program: String, _ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting: a full pipe would stop the program.
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(program) \(arguments.joined(separator: " ")) failed: \(String(decoding: text, as: UTF8.self))")
        }
        return [UInt8](bytes)
    }

    /// ImageMagick's `convert`.
    static func convert(_ arguments: [String]) throws { try run("convert", arguments) }

    /// ImageMagick's 8-bit RGB at the centre of `file` after `operations` (e.g. `-profile sRGB.icc`).
    static func pixel(_ file: FilePath, _ operations: [String]) throws -> [Int] {
        let bytes = try outputBytes("convert", [file.text] + operations + ["-gravity", "center", "-crop", "1x1+0+0", "+repage",
                                                                     "-depth", "8", "rgb:-"])
        guard bytes.count == 3 else {
            throw Failed(description: "convert \(file.text) \(operations.joined(separator: " ")) gave \(bytes.count) bytes")
        }
        return bytes.map(Int.init)
    }

    /// Sets tags with exiftool in place (`-Orientation#=6`, `-ICC_Profile<=p3.icc`, …).
    static func exiftool(_ file: FilePath, _ tags: [String]) throws {
        try run("exiftool", ["-q", "-q", "-overwrite_original"] + tags + [file.text])
    }
}

/// The test pattern for orientation tests: quadrants red, green / blue, yellow (each colour
/// different, so each of the 8 orientations puts a different one in the top-left corner or
/// order), drawn by ImageMagick as the upright photo.
enum Quadrants {
    static let colours: [[Int]] = [[255, 0, 0], [0, 192, 0], [0, 0, 255], [255, 255, 0]]

    /// Writes the upright pattern, `width` × `height`, with ImageMagick, as a true-colour PNG
    /// (heif-enc garbles ImageMagick's palette PNGs).
    static func writeUpright(_ path: FilePath, width: Int, height: Int) throws {
        let w = width / 2, h = height / 2
        try ExternalTools.convert([
            "-size", "\(w)x\(h)", "xc:#ff0000", "xc:#00c000", "+append",
            "(", "-size", "\(w)x\(h)", "xc:#0000ff", "xc:#ffff00", "+append", ")", "-append",
            path.pathExtension == "png" ? "PNG24:" + path.text : path.text,
        ])
    }

    /// ImageMagick operations that store an upright image so that EXIF orientation `n` shows it
    /// upright again (the inverse of what the tag asks).
    static func storing(_ n: Int) -> [String] {
        switch n {
        case 2: ["-flop"]
        case 3: ["-rotate", "180"]
        case 4: ["-flip"]
        case 5: ["-transpose"]
        case 6: ["-rotate", "270"]
        case 7: ["-transverse"]
        case 8: ["-rotate", "90"]
        default: []
        }
    }

    /// The colours at the middle of each quadrant of a decoded card (top-left, top-right,
    /// bottom-left, bottom-right).
    static func sample(_ image: DecodedImage) -> [[Int]] {
        let xs = [image.width / 4, image.width * 3 / 4], ys = [image.height / 4, image.height * 3 / 4]
        return ys.flatMap { y in xs.map { x in image.rgba(x, y).prefix(3).map { $0 } } }
    }

    /// Whether `image` shows the pattern upright, each quadrant within `tolerance`.
    static func isUpright(_ image: DecodedImage, tolerance: Int = 12) -> Bool {
        zip(sample(image), colours).allSatisfy { got, want in zip(got, want).allSatisfy { abs($0 - $1) <= tolerance } }
    }
}
