import Foundation
import SwivelPhotoCore
@testable import SwivelPhotos
import SwivelTestSupport
import Testing
@testable import swivel

/// The table of formats (`ImageFormat.declaration`), and everything that lists formats: folder
/// scanning, the `PATH` help line and the man page, the README's format table and the desktop
/// entry's `MimeType` line. Each fails when it disagrees with the table.
@Suite struct FormatTableTests {
    static func text(_ path: String) throws -> String { try OptionDeclarationTests.text(path) }

    /// Where shared-mime-info's compiled globs are (what file managers type files by).
    static let mimeGlobs = "/usr/share/mime/globs2"

    /// The extensions folders list, written out: 23 for 13 formats, and 22 camera RAW kinds'.
    @Test func foldersListTheTablesExtensions() {
        let raw: Set<String> = ["dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "sr2", "srf", "raf", "orf", "rw2", "rwl",
                                "pef", "srw", "3fr", "iiq", "erf", "mrw", "kdc", "dcr", "x3f"]
        let listed = Set<String>(["jpg", "jpeg", "jpe", "jfif", "png", "webp", "heic", "heif", "hif", "avif", "jxl",
                                  "tif", "tiff", "gif", "bmp", "dib", "tga", "qoi", "pnm", "ppm", "pgm", "pbm", "svg"])
            .union(raw)
        #expect(ImageFormat.allCases.count == 13 + 22)
        #expect(Set(ImageFormat.cameraRAW.flatMap(\.declaration.extensions)) == raw)
        #expect(ImageFormat.cameraRAW.allSatisfy { $0.declaration.decoder == .libraw })
        #expect(DeckScanner.imageExtensions == listed)
        #expect(DeckScanner.hasImageExtension(Array("IMG_0001.JXL".utf8)))
        #expect(!DeckScanner.hasImageExtension(Array("notes.xcf".utf8)))
    }

    /// `--help` and the man page name every format, in the table's order.
    @Test func helpAndManPageNameEveryFormat() throws {
        let help = try #require(Usage.positionals.first { $0.term == "PATH ..." }).help
        #expect(help == ["image files and directories of images; '--' ends the options.",
                         "JPEG, PNG, WebP, HEIC/HEIF, AVIF, JPEG XL, TIFF, GIF, BMP, TGA, QOI,",
                         "PNM, SVG and camera RAW (DNG, CR2, CR3, CRW, NEF, NRW, ARW, SR2, SRF,",
                         "RAF, ORF, RW2, RWL, PEF, SRW, 3FR, IIQ, ERF, MRW, KDC, DCR, X3F),",
                         "turned upright by their EXIF orientation, in sRGB"])
        let prose = ImageFormat.allCases.filter { !$0.declaration.isCameraRAW }.map(\.declaration.name)
            .joined(separator: ", ") + " and camera RAW ("
        #expect(help.joined(separator: " ").contains(prose))
        #expect(try Self.text("assets/swivel.1").contains(OptionDocs.roff(prose)))
    }

    /// The README's table between its markers is `swivel --formats-markdown` (`make docs` writes it).
    @Test func readmeTableIsTheTable() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("<!-- formats:") })
        let end = try #require(lines.firstIndex { $0 == "<!-- end of formats -->" })
        let table = lines[(start + 1)..<end].joined(separator: "\n")
        #expect(table == FormatDocs.markdownTable, "the README's format table is stale: run `make docs`")
        for format in ImageFormat.allCases where !format.declaration.isCameraRAW {
            #expect(table.contains("\n| \(format.declaration.name) | "), "README lacks \(format.declaration.name)")
        }
        // The RAW kinds share a row, which names each.
        #expect(table.contains("\n| Camera RAW: Adobe DNG, Canon CR2, Canon CR3, "))
        for format in ImageFormat.cameraRAW {
            #expect(table.contains(format.declaration.name), "README's RAW row lacks \(format.declaration.name)")
        }
        let printed = try SwivelProcess.run(["--formats-markdown"])
        #expect(printed.status == 0 && printed.stderr.isEmpty && printed.stdout == FormatDocs.markdownTable + "\n")
    }

    /// assets/swivel.desktop offers Swivel for exactly the table's MIME types, in its order.
    @Test func desktopEntryOffersTheTablesTypes() throws {
        let entry = try Self.text("assets/swivel.desktop").split(separator: "\n")
        let line = try #require(entry.first { $0.hasPrefix("MimeType=") })
        let types = ImageFormat.allCases.flatMap(\.declaration.mimeTypes)
        #expect(line == "MimeType=" + types.map { $0 + ";" }.joined())
        #expect(types.count == Set(types).count)
    }

    /// Every MIME type a file manager gives a file with one of the table's extensions (by
    /// shared-mime-info's globs) is one the table declares for that extension's format, so Swivel is
    /// offered for it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: mimeGlobs),
                   "needs shared-mime-info's /usr/share/mime/globs2 (make test-deps installs it)"))
    func everyTypeFileManagersGiveIsDeclared() throws {
        var typesByExtension: [String: Set<String>] = [:]
        for line in try String(contentsOfFile: Self.mimeGlobs, encoding: .utf8).split(separator: "\n")
        where !line.hasPrefix("#") {
            // weight:type:glob[:flags]
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[2].hasPrefix("*."), !fields[2].dropFirst(2).contains("*") else { continue }
            typesByExtension[fields[2].dropFirst(2).lowercased(), default: []].insert(String(fields[1]))
        }
        #expect(typesByExtension["ppm"] == ["image/x-portable-pixmap"])   // the globs were read
        for format in ImageFormat.allCases {
            for ext in format.declaration.extensions {
                let missing = typesByExtension[ext, default: []].subtracting(format.declaration.mimeTypes)
                #expect(missing.isEmpty, "*.\(ext) is typed \(missing.sorted()), which \(format.declaration.name) does not declare")
            }
        }
    }
}
