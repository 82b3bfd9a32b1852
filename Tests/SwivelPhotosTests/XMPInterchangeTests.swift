import Foundation
import SwivelCore
import SwivelPhotoCore
@testable import SwivelPhotos
import SwivelTestSupport
import Testing

/// Ratings and labels between Swivel and another program, exiftool, as the reference: Swivel
/// reads what exiftool writes (embedded in each container Swivel reads XMP from, and in sidecars
/// of both names), exiftool reads what Swivel writes, and a sidecar with other programs'
/// namespaces (shaped like darktable's, digiKam's and Lightroom's) comes back with all of them
/// unchanged but the two properties (`exiftool -X` before and after). In this process: the
/// workers run the same `PhotoXMP` (`DecoderBoxTests` and the app's tests run it there).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs exiftool (libimage-exiftool-perl)"))
struct XMPInterchangeTests {
    /// A photo of `format` from ImageMagick's pattern, with exiftool's rating and label in it.
    static func tagged(_ folder: TemporaryDirectory, _ name: String, rating: Int, label: String) throws -> FilePath {
        let png = folder.path("source.png")
        if !FileManager.default.fileExists(atPath: png.text) {
            try ExternalTools.convert(["-size", "64x48", "gradient:red-blue", png.text])
        }
        let file = folder.path(name)
        switch name.split(separator: ".").last {
        case "heic": try ExternalTools.run("heif-enc", ["-q", "80", png.text, "-o", file.text])
        case "avif": try ExternalTools.run("avifenc", ["-s", "10", png.text, file.text])
        case "webp": try ExternalTools.run("cwebp", ["-quiet", png.text, "-o", file.text])
        case "dng":
            guard RAWFiles.skipReason == nil else { throw Skip(reason: RAWFiles.skipReason!) }
            _ = try RAWFiles.dng(in: folder, [], name: name)
        default: try ExternalTools.convert([png.text, file.text])
        }
        try ExternalTools.exiftool(file, ["-XMP-xmp:Rating=\(rating)", "-XMP-xmp:Label=\(label)"])
        return file
    }

    struct Skip: Error { let reason: String }

    /// exiftool's view of a file's two properties: (rating, label), "" where there is none.
    static func exiftoolSays(_ file: FilePath) throws -> (String, String) {
        let lines = try ExternalTools.output("exiftool", ["-s3", "-f", "-XMP-xmp:Rating", "-XMP-xmp:Label", file.text])
            .split(separator: "\n").map(String.init)
        return (lines.first.map { $0 == "-" ? "" : $0 } ?? "?", lines.dropFirst().first.map { $0 == "-" ? "" : $0 } ?? "?")
    }

    static func read(_ photo: FilePath, sidecar: FilePath? = nil) -> PhotoXMP.Found {
        PhotoDecoding.xmp(photo: photo, sidecar: sidecar)
    }

    /// XMP that exiftool embedded in each container: JPEG (APP1), PNG (iTXt), TIFF and DNG (tag
    /// 700), WebP (the XMP chunk), HEIF and AVIF (an XMP item); each with its own rating and label.
    @Test(arguments: [("a.jpg", 1, "Red"), ("b.png", 2, "Yellow"), ("c.tif", 3, "Green"), ("d.webp", 4, "Blue"),
                      ("e.heic", 5, "Purple"), ("f.avif", -1, "Red"), ("g.dng", 2, "Approved")])
    func swivelReadsWhatExiftoolEmbedded(name: String, rating: Int, label: String) throws {
        let folder = TemporaryDirectory()
        let file: FilePath
        do { file = try Self.tagged(folder, name, rating: rating, label: label) } catch let skip as Skip {
            print("skipped \(name): \(skip.reason)")
            return
        }
        #expect(try Self.exiftoolSays(file) == ("\(rating)", label), "exiftool did not write it")
        #expect(Self.read(file) == PhotoXMP.Found(rating: rating, label: label), "\(name)")
    }

    /// Sidecars exiftool wrote, named both ways and with the extensions in other cases: the
    /// sidecar's properties win over the photo's own, one by one; `NAME.EXT.xmp` over `NAME.xmp`.
    @Test func swivelReadsSidecarsOfBothNames() throws {
        let folder = TemporaryDirectory()
        let photo = try Self.tagged(folder, "IMG_1.JPG", rating: 1, label: "Red")
        // NAME.xmp, upper case: the stars; the label stays the photo's own.
        try ExternalTools.run("exiftool", ["-q", "-o", folder.path("IMG_1.XMP").text, "-XMP-xmp:Rating=4", folder.path("source.png").text])
        var folders = SidecarFolders()
        let foundBase = folders.sidecar(of: photo)
        let base = try #require(foundBase)
        #expect(base.lastComponent == Array("IMG_1.XMP".utf8))
        #expect(Self.read(photo, sidecar: base) == PhotoXMP.Found(rating: 4, label: "Red"))
        // NAME.EXT.xmp, the extension in lower case, wins over NAME.xmp.
        try ExternalTools.run("exiftool", ["-q", "-o", folder.path("IMG_1.jpg.xmp").text, "-XMP-xmp:Label=Blue", folder.path("source.png").text])
        var again = SidecarFolders()
        let foundFull = again.sidecar(of: photo)
        let full = try #require(foundFull)
        #expect(full.lastComponent == Array("IMG_1.jpg.xmp".utf8))
        #expect(Self.read(photo, sidecar: full) == PhotoXMP.Found(rating: 1, label: "Blue"))
        // Another photo's sidecar is not this one's.
        var other = SidecarFolders()
        #expect(other.sidecar(of: folder.path("IMG_10.JPG")) == nil)
        #expect(other.sidecar(of: folder.path("img_1.jpg")) == nil, "the name before the extension is matched exactly")
    }

    /// A sidecar shaped like darktable's (its history stack, masks, module settings in
    /// `darktable:`), with digiKam's tags, Lightroom's develop settings (`crs:`), keywords
    /// (`dc:subject`, `lr:hierarchicalSubject`) and a rating: Swivel's rating and label written into
    /// it, `exiftool -X` of every XMP tag is the same before and after but for those two; exiftool
    /// reads the two as set.
    @Test func aSidecarWithOtherNamespacesComesBackWhole() throws {
        let folder = TemporaryDirectory()
        let sidecar = folder.path("IMG_0001.CR2.xmp")
        _ = folder.write("IMG_0001.CR2.xmp", bytes: Array(Self.darktableSidecar.utf8))
        let before = try ExternalTools.output("exiftool", ["-X", "-XMP:all", sidecar.text])
        #expect(before.contains("darktable:history") || before.contains("<XMP-darktable:History"), "exiftool read no history")
        let merged = try PhotoXMP.merged(folder.contents(sidecar), rating: Rating(value: 4, label: "Purple"))
        #expect(RatingStore.writeAtomically(merged.bytes, to: sidecar) == nil)
        #expect(merged.says == PhotoXMP.Found(rating: 4, label: "Purple"))
        let after = try ExternalTools.output("exiftool", ["-X", "-XMP:all", sidecar.text])
        // Every XMP writer puts its own name in the packet's x:xmptk (exiftool and exiv2 do too): it
        // names the writer, it is no property of the photo's.
        #expect(before.contains("<XMP-x:XMPToolkit>XMP Core 4.4.0-Exiv2</XMP-x:XMPToolkit>"))
        #expect(after.contains("<XMP-x:XMPToolkit>Exempi + XMP Core"))
        // Each top-level tag with the lines under it, in any order: XMP's properties have none
        // (exempi serializes a namespace's together); an array's items keep theirs.
        func others(_ text: String) -> [String] {
            var blocks: [String] = []
            for line in text.split(separator: "\n").map(String.init) where !line.hasPrefix("</") {
                if (line.hasPrefix(" <") && !line.hasPrefix(" </")) || blocks.isEmpty { blocks.append(line) } else { blocks[blocks.count - 1] += "\n" + line }
            }
            return blocks.filter {
                !$0.contains("XMP-xmp:Rating") && !$0.contains("XMP-xmp:Label") && !$0.contains("XMP-x:XMPToolkit")
            }.sorted()
        }
        #expect(others(before) == others(after), "\(Set(others(before)).symmetricDifference(others(after)))")
        #expect(others(before).count > 40)
        #expect(before.contains("<XMP-xmp:Rating>1</XMP-xmp:Rating>"))
        #expect(after.contains("<XMP-xmp:Rating>4</XMP-xmp:Rating>") && after.contains("<XMP-xmp:Label>Purple</XMP-xmp:Label>"))
        #expect(try Self.exiftoolSays(sidecar) == ("4", "Purple"))
        print("tags compared: \(others(before).count)")
    }

    /// A new sidecar, written whole by Swivel: exiftool reads the rating and label, and nothing else
    /// is in it.
    @Test func exiftoolReadsANewSidecar() throws {
        let folder = TemporaryDirectory()
        let merged = try PhotoXMP.merged(nil, rating: Rating(value: -1, label: "Green"))
        let sidecar = folder.path("new.jpg.xmp")
        #expect(RatingStore.writeAtomically(merged.bytes, to: sidecar) == nil)
        #expect(try Self.exiftoolSays(sidecar) == ("-1", "Green"))
        print(String(decoding: merged.bytes, as: UTF8.self))
    }

    /// A disk that fills half way through the write (ENOSPC injected: mounting a small file system
    /// needs root, which `RatingTests` uses where it has it): the sidecar exiftool wrote stays byte
    /// for byte, no temporary file is left, and the reason is strerror's.
    @Test func aFullDiskMidWriteLeavesTheSidecarAsItWas() throws {
        let folder = TemporaryDirectory()
        let sidecar = folder.path("IMG_2.jpg.xmp")
        _ = folder.write("IMG_2.jpg.xmp", bytes: Array(Self.darktableSidecar.utf8))
        try ExternalTools.exiftool(sidecar, ["-XMP-xmp:Label=Red"])
        let before = folder.contents(sidecar)
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path.text).sorted()
        let merged = try PhotoXMP.merged(before, rating: Rating(value: 5, label: "Blue"))
        #expect(RatingStore.writeAtomically(merged.bytes, to: sidecar, failingWith: ENOSPC) == "No space left on device")
        #expect(folder.contents(sidecar) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path.text).sorted() == listing)
        #expect(try Self.exiftoolSays(sidecar) == ("1", "Red"))
    }

    /// A sidecar exempi cannot parse is left as it is, not replaced.
    @Test func aDamagedSidecarIsNotReplaced() {
        #expect(throws: PhotoXMP.Refusal.self) { try PhotoXMP.merged(Array("<x:xmpmeta><rdf:RDF><broken".utf8), rating: Rating(value: 3)) }
    }

    static let darktableSidecar = """
    <?xml version="1.0" encoding="UTF-8"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about=""
        xmlns:exif="http://ns.adobe.com/exif/1.0/"
        xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
        xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
        xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"
        xmlns:digiKam="http://www.digikam.org/ns/1.0/"
        xmlns:darktable="http://darktable.sf.net/"
       exif:DateTimeOriginal="2023:06:01 10:15:00"
       xmp:Rating="1"
       xmpMM:DerivedFrom="IMG_0001.CR2"
       crs:Exposure2012="+0.35"
       crs:WhiteBalance="As Shot"
       darktable:import_timestamp="63822000000000000"
       darktable:change_timestamp="63822000100000000"
       darktable:export_timestamp="-1"
       darktable:print_timestamp="-1"
       darktable:xmp_version="5"
       darktable:raw_params="0"
       darktable:auto_presets_applied="1"
       darktable:history_end="3"
       darktable:iop_order_version="4">
       <dc:subject>
        <rdf:Bag>
         <rdf:li>autumn</rdf:li>
         <rdf:li>leaves</rdf:li>
        </rdf:Bag>
       </dc:subject>
       <lr:hierarchicalSubject>
        <rdf:Bag>
         <rdf:li>places|forest</rdf:li>
        </rdf:Bag>
       </lr:hierarchicalSubject>
       <digiKam:TagsList>
        <rdf:Seq>
         <rdf:li>places/forest</rdf:li>
        </rdf:Seq>
       </digiKam:TagsList>
       <darktable:masks_history>
        <rdf:Seq/>
       </darktable:masks_history>
       <darktable:history>
        <rdf:Seq>
         <rdf:li
          darktable:num="0"
          darktable:operation="rawprepare"
          darktable:enabled="1"
          darktable:modversion="1"
          darktable:params="000000000000000000000000000000000000000000000000"
          darktable:multi_name=""
          darktable:multi_priority="0"
          darktable:blendop_version="11"
          darktable:blendop_params="gz11eJxjYIAACQYYOOHEgAZY0QVwggZ7CB6pfNoAAE8gGQg="/>
         <rdf:li
          darktable:num="1"
          darktable:operation="exposure"
          darktable:enabled="1"
          darktable:modversion="6"
          darktable:params="00000000000080b90000c03f00004842000080c0"
          darktable:multi_name=""
          darktable:multi_priority="0"
          darktable:blendop_version="11"
          darktable:blendop_params="gz11eJxjYIAACQYYOOHEgAZY0QVwggZ7CB6pfNoAAE8gGQg="/>
         <rdf:li
          darktable:num="2"
          darktable:operation="filmicrgb"
          darktable:enabled="1"
          darktable:modversion="6"
          darktable:params="gz04eJxjYGiwZ2B44MTAwMDgxMDQ8MBBgHn+fwYGhggA6uwLvA=="
          darktable:multi_name="filmic"
          darktable:multi_priority="0"
          darktable:blendop_version="11"
          darktable:blendop_params="gz11eJxjYIAACQYYOOHEgAZY0QVwggZ7CB6pfNoAAE8gGQg="/>
        </rdf:Seq>
       </darktable:history>
      </rdf:Description>
     </rdf:RDF>
    </x:xmpmeta>
    """
}
