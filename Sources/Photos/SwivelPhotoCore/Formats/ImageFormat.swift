/// Every image format Swivel opens, one declaration each (`declaration`): its name, the file name
/// extensions a folder is listed by, its MIME types, how its first bytes are recognised and which
/// library decodes it. Everything that lists formats is written from here: folder scanning
/// (`extensions`), the recognition of a file (`ImageHeader`, `ImageFormat.sniffContainer`), the
/// choice of decoder, the `PATH` line of `--help` and the man page, the README's format table
/// (`make docs`); `assets/swivel.desktop`'s `MimeType` line is checked against it by a test.
///
/// The cases are in the order the help and the README list them.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, heif, avif, jpegXL = "jxl", tiff, gif, bmp, tga, qoi, pnm, svg
    /// Camera RAW, every kind LibRaw 0.20 reads that a camera names its files for
    /// (`FormatDeclaration.isCameraRAW`).
    case dng, cr2, cr3, crw, nef, nrw, arw, sr2, srf, raf, orf, rw2, rwl, pef, srw, hasselblad3FR = "3fr", iiq, erf
    case mrw, kdc, dcr, x3f

    /// The short upper-case name in the header reader's error lines ("malformed WEBP header").
    public var displayName: String { rawValue.uppercased() }

    /// What this format is, as one declaration.
    public var declaration: FormatDeclaration {
        switch self {
        case .jpeg:
            FormatDeclaration(name: "JPEG", extensions: ["jpg", "jpeg", "jpe", "jfif"], mimeTypes: ["image/jpeg"],
                              recognition: .magic([[0xFF, 0xD8, 0xFF]]), decoder: .libjpegTurbo)
        case .png:
            FormatDeclaration(name: "PNG", extensions: ["png"], mimeTypes: ["image/png"],
                              recognition: .magic([[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]]),
                              decoder: .libpng)
        case .webp:
            FormatDeclaration(name: "WebP", extensions: ["webp"], mimeTypes: ["image/webp"],
                              recognition: .riff(formType: "WEBP"), decoder: .libwebp)
        case .heif:
            // ISO/IEC 23008-12's brands for HEVC-coded images and sequences, and the generic
            // image brands (mif1, msf1, and mif2 of its second edition).
            FormatDeclaration(name: "HEIC/HEIF", extensions: ["heic", "heif", "hif"],
                              mimeTypes: ["image/heic", "image/heif"],
                              recognition: .isoBrands(["heic", "heix", "hevc", "hevx", "heim", "heis",
                                                       "mif1", "msf1", "mif2"]),
                              decoder: .libheif)
        case .avif:
            // The AV1 Image File Format's brands: a still image (avif) and a sequence (avis).
            // libheif for the files libavif 0.11 refuses and libheif 1.15 reads (AVIFDecoder.viaLibheif).
            FormatDeclaration(name: "AVIF", extensions: ["avif"], mimeTypes: ["image/avif"],
                              recognition: .isoBrands(["avif", "avis"]), decoder: .libavif, fallback: .libheif)
        case .jpegXL:
            // ISO/IEC 18181-2: a bare codestream starts FF 0A; the container with its signature box.
            FormatDeclaration(name: "JPEG XL", extensions: ["jxl"], mimeTypes: ["image/jxl"],
                              recognition: .magic([[0xFF, 0x0A],
                                                   [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]]),
                              decoder: .libjxl)
        case .tiff:
            FormatDeclaration(name: "TIFF", extensions: ["tif", "tiff"], mimeTypes: ["image/tiff"],
                              recognition: .magic([[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]),
                              decoder: .libtiff)
        case .gif:
            FormatDeclaration(name: "GIF", extensions: ["gif"], mimeTypes: ["image/gif"],
                              recognition: .magic([Array("GIF87a".utf8), Array("GIF89a".utf8)]), decoder: .giflib)
        case .bmp:
            FormatDeclaration(name: "BMP", extensions: ["bmp", "dib"], mimeTypes: ["image/bmp"],
                              recognition: .magic([Array("BM".utf8)]), decoder: .stbImage)
        case .tga:
            // Truevision's other extensions (ICB, VDA, VST) are read when a file is named, but a
            // folder lists only .tga: the format has no signature to confirm the others by.
            FormatDeclaration(name: "TGA", extensions: ["tga"], mimeTypes: ["image/x-tga"],
                              recognition: .truevision(alsoNamed: ["icb", "vda", "vst"]), decoder: .stbImage)
        case .qoi:
            // No MIME type: Debian 12's shared-mime-info (2.2) defines none for QOI.
            FormatDeclaration(name: "QOI", extensions: ["qoi"], mimeTypes: [],
                              recognition: .magic([Array("qoif".utf8)]), decoder: .swivelQOI)
        case .pnm:
            // File managers type .ppm, .pgm and .pbm by their own MIME types, not the family's.
            FormatDeclaration(name: "PNM", extensions: ["pnm", "ppm", "pgm", "pbm"],
                              mimeTypes: ["image/x-portable-anymap", "image/x-portable-pixmap",
                                          "image/x-portable-graymap", "image/x-portable-bitmap"],
                              recognition: .netpbm, decoder: .libnetpbm)
        case .svg:
            FormatDeclaration(name: "SVG", extensions: ["svg"], mimeTypes: ["image/svg+xml"],
                              recognition: .xmlText, decoder: .nanosvg)
        // Camera RAW. The MIME types are shared-mime-info 2.2's (Debian 12); it has none for SRW,
        // 3FR, IIQ, ERF and RWL. Most kinds are TIFF files told from other TIFFs by their
        // extension alone; the rest have signatures of their own (LibRaw's identify() and
        // exiftool tell them by the same bytes).
        case .dng: .raw("Adobe DNG", ["dng"], ["image/x-adobe-dng"])
        case .cr2: .raw("Canon CR2", ["cr2"], ["image/x-canon-cr2"], [Array("II*\u{0}\u{10}\u{0}\u{0}\u{0}CR".utf8)])
        case .cr3:
            FormatDeclaration(name: "Canon CR3", extensions: ["cr3"], mimeTypes: ["image/x-canon-cr3"],
                              recognition: .isoBrands(["crx "]), decoder: .libraw, isCameraRAW: true)
        case .crw: .raw("Canon CRW", ["crw"], ["image/x-canon-crw"], [Array("II\u{1A}\u{0}\u{0}\u{0}HEAPCCDR".utf8)])
        case .nef: .raw("Nikon NEF", ["nef"], ["image/x-nikon-nef"])
        case .nrw: .raw("Nikon NRW", ["nrw"], ["image/x-nikon-nrw"])
        case .arw: .raw("Sony ARW", ["arw"], ["image/x-sony-arw"])
        case .sr2: .raw("Sony SR2", ["sr2"], ["image/x-sony-sr2"])
        case .srf: .raw("Sony SRF", ["srf"], ["image/x-sony-srf"])
        case .raf: .raw("Fujifilm RAF", ["raf"], ["image/x-fuji-raf"], [Array("FUJIFILMCCD-RAW".utf8)])
        case .orf: .raw("Olympus ORF", ["orf"], ["image/x-olympus-orf"], [Array("IIRO".utf8), Array("IIRS".utf8), Array("MMOR".utf8)])
        case .rw2: .raw("Panasonic RW2", ["rw2"], ["image/x-panasonic-rw2"], [Array("IIU\u{0}".utf8)])
        case .rwl: .raw("Leica RWL", ["rwl"], [], [Array("IIU\u{0}".utf8)])
        case .pef: .raw("Pentax PEF", ["pef"], ["image/x-pentax-pef"])
        case .srw: .raw("Samsung SRW", ["srw"], [])
        case .hasselblad3FR: .raw("Hasselblad 3FR", ["3fr"], [])
        case .iiq: .raw("Phase One IIQ", ["iiq"], [])
        case .erf: .raw("Epson ERF", ["erf"], [])
        case .mrw: .raw("Minolta MRW", ["mrw"], ["image/x-minolta-mrw"], [Array("\u{0}MRM".utf8)])
        case .kdc: .raw("Kodak KDC", ["kdc"], ["image/x-kodak-kdc"])
        case .dcr: .raw("Kodak DCR", ["dcr"], ["image/x-kodak-dcr"])
        case .x3f: .raw("Sigma X3F", ["x3f"], ["image/x-sigma-x3f"], [Array("FOVb".utf8)])
        }
    }

    /// The camera RAW kinds, in the table's order.
    public static let cameraRAW: [ImageFormat] = allCases.filter(\.declaration.isCameraRAW)

    /// The library that decodes this format.
    public var decoder: FormatDecoder { declaration.decoder }

    /// Whether `ImageHeader` reads this format's size from its first bytes. The others' sizes are
    /// read by their own library (libheif, libavif, libjxl, libtiff: a TIFF's directory may lie
    /// anywhere, and its size is the one libtiff will decode, read from the directory libtiff
    /// reads) or they have none (SVG is drawn at the card's size), so they are told from their
    /// first bytes first, by `sniffContainer`.
    public var hasHeaderReader: Bool {
        [.libjpegTurbo, .libpng, .swivelQOI, .giflib, .libwebp, .stbImage, .libnetpbm].contains(decoder)
    }

    /// Every extension (lower case, no dot) a folder is listed by.
    public static let extensions: Set<String> = Set(allCases.flatMap(\.declaration.extensions))

    /// The names as a sentence's list: "JPEG, PNG, … SVG and camera RAW (DNG, CR2, …)".
    public static var namesInProse: String {
        let names = allCases.filter { !$0.declaration.isCameraRAW }.map(\.declaration.name)
        let raw = cameraRAW.map { $0.declaration.extensions[0].uppercased() }.joined(separator: ", ")
        return names.joined(separator: ", ") + " and camera RAW (\(raw))"
    }

    /// The format a file whose first bytes are `bytes` and whose name ends in `pathExtension` is
    /// given to when no header reader reads it: `sniffContainer`'s answer, except that a TIFF (or
    /// a file of no known signature) named as a RAW kind told by its extension is that RAW kind
    /// (a DNG, NEF or ARW is a TIFF), and a RAW kind of one signature shared by two (RW2 and
    /// RWL) is the one the extension names. Nil: a format `ImageHeader` reads.
    public static func container(_ bytes: [UInt8], pathExtension: String) -> ImageFormat? {
        let sniffed = sniffContainer(bytes)
        let named = cameraRAW.first { $0.declaration.extensions.contains(pathExtension.lowercased()) }
        guard let named else { return sniffed }
        if let sniffed, sniffed.declaration.isCameraRAW {
            return sniffed.declaration.recognition.sameSignatures(as: named.declaration.recognition) ? named : sniffed
        }
        if sniffed == .tiff { return named }
        // Another format's signature wins over the name (a JPEG named .nef is a JPEG).
        let headerSignatures = allCases.filter(\.hasHeaderReader).flatMap { format -> [[UInt8]] in
            if case .magic(let signatures) = format.declaration.recognition { return signatures }
            return []
        }
        if sniffed != nil || headerSignatures.contains(where: bytes.starts(with:))
            || bytes.starts(with: Array("RIFF".utf8)) { return sniffed }
        return named
    }

    /// The formats `ImageHeader` does not read, told from a file's first bytes (64 are enough):
    /// HEIF and AVIF by an ISO-BMFF `ftyp` box whose major or a compatible brand is theirs, JPEG
    /// XL and TIFF by their signatures, SVG as XML text (after an optional byte-order mark and white space)
    /// starting with '<'. Nil for everything else.
    public static func sniffContainer(_ bytes: [UInt8]) -> ImageFormat? {
        let containers = allCases.filter { !$0.hasHeaderReader }
        // The longest signature that matches: a CR2 is a TIFF whose header goes on with "CR".
        var best: (format: ImageFormat, length: Int)?
        for format in containers {
            let signatures: [[UInt8]]
            switch format.declaration.recognition {
            case .magic(let list), .cameraRAW(let list): signatures = list
            default: continue
            }
            for signature in signatures where bytes.starts(with: signature) && signature.count > (best?.length ?? 0) {
                best = (format, signature.count)
            }
        }
        if let best { return best.format }
        if bytes.count >= 16, bytes[4..<8].elementsEqual("ftyp".utf8) {
            let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
            let end = min(bytes.count, max(16, boxSize))
            // The major brand (8..<12), then the compatible brands from 16 on (12..<16 is a version).
            let offsets = [8] + Array(stride(from: 16, to: end - 3, by: 4))
            for offset in offsets {
                let brand = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
                for format in containers {
                    if case .isoBrands(let brands) = format.declaration.recognition, brands.contains(brand) {
                        return format
                    }
                }
            }
            return nil
        }
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        text = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard text.first == UInt8(ascii: "<") else { return nil }
        return containers.first { if case .xmlText = $0.declaration.recognition { true } else { false } }
    }
}

/// One format's entry in the table (see `ImageFormat`).
public struct FormatDeclaration: Sendable {
    /// The name people know it by, as the help and the README write it.
    public let name: String
    /// The file name extensions (lower case, no dot) a folder is listed by.
    public let extensions: [String]
    /// Its MIME types, for the desktop entry (what a file manager offers to open with Swivel).
    public let mimeTypes: [String]
    public let recognition: FormatRecognition
    public let decoder: FormatDecoder
    /// The library that decodes the files `decoder` cannot, if another is tried.
    public let fallback: FormatDecoder?
    /// A camera's RAW file: sensor data, shown from its embedded preview or demosaiced (LibRaw).
    public let isCameraRAW: Bool

    init(name: String, extensions: [String], mimeTypes: [String], recognition: FormatRecognition,
         decoder: FormatDecoder, fallback: FormatDecoder? = nil, isCameraRAW: Bool = false) {
        (self.name, self.extensions, self.mimeTypes, self.recognition) = (name, extensions, mimeTypes, recognition)
        (self.decoder, self.fallback, self.isCameraRAW) = (decoder, fallback, isCameraRAW)
    }

    /// A camera RAW kind, decoded by LibRaw, told by `signatures` (none: a TIFF told by its extension).
    static func raw(_ name: String, _ extensions: [String], _ mimeTypes: [String],
                    _ signatures: [[UInt8]] = []) -> FormatDeclaration {
        FormatDeclaration(name: name, extensions: extensions, mimeTypes: mimeTypes,
                          recognition: .cameraRAW(signatures), decoder: .libraw, isCameraRAW: true)
    }

    /// Which library decodes the format, in a few words, for the README.
    public var decodedBy: String {
        guard let fallback else { return decoder.rawValue }
        return "\(decoder.rawValue), else \(fallback.rawValue)"
    }
}

/// How a file's first bytes say which format it is.
public enum FormatRecognition: Sendable {
    /// The file starts with one of these signatures.
    case magic([[UInt8]])
    /// A RIFF container ("RIFF", size, form type) of this form type.
    case riff(formType: String)
    /// Netpbm: "P1" to "P6", then white space or a comment.
    case netpbm
    /// No signature: a file with one of the format's extensions or one of these whose header
    /// fields are plausible.
    case truevision(alsoNamed: [String])
    /// An ISO base media file (ISO/IEC 14496-12) whose `ftyp` major or compatible brand is one of these.
    case isoBrands(Set<String>)
    /// XML text whose first element is the image.
    case xmlText
    /// A camera RAW file starting with one of these signatures, or, with none, a TIFF named with
    /// one of the format's extensions (`ImageFormat.container`).
    case cameraRAW([[UInt8]])

    /// Whether both are told by the same signatures (RW2 and RWL: the extension decides).
    func sameSignatures(as other: FormatRecognition) -> Bool {
        if case .cameraRAW(let mine) = self, case .cameraRAW(let theirs) = other { return mine == theirs }
        return false
    }

    /// How it is told, in a few words, for the README.
    public var summary: String {
        func hex(_ bytes: [UInt8]) -> String {
            bytes.map { byte in
                (32...126).contains(byte) && byte != UInt8(ascii: "`") ? String(UnicodeScalar(byte))
                    : "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }.joined()
        }
        switch self {
        case .magic(let signatures): return signatures.map { "`\(hex($0))`" }.joined(separator: " or ")
        case .riff(let formType): return "`RIFF` … `\(formType)`"
        case .netpbm: return "`P1` to `P6`"
        case .truevision: return "its extension and a plausible header (no signature)"
        case .isoBrands(let brands): return "`ftyp` brand " + brands.sorted().map { "`\($0)`" }.joined(separator: ", ")
        case .xmlText: return "XML text"
        case .cameraRAW(let signatures) where signatures.isEmpty: return "its extension and a TIFF signature"
        case .cameraRAW(let signatures): return signatures.map { "`\(hex($0))`" }.joined(separator: " or ")
        }
    }
}

/// The library that turns a format's bytes into pixels.
public enum FormatDecoder: String, Sendable {
    /// libjpeg-turbo's libjpeg API, which shrinks while it decodes.
    case libjpegTurbo = "libjpeg-turbo"
    case libpng
    case libheif
    /// libavif: AVIF stills and sequences (the first frame; libheif 1.15 reads no sequence).
    case libavif
    case libjxl
    /// giflib, read up to the first frame only.
    case giflib
    /// libwebp, with its demuxer (libwebpdemux) for extended files and animations.
    case libwebp
    /// libtiff's RGBA reader, with put routines of Swivel's own for CIE L*a*b* and grey with alpha.
    case libtiff
    /// Swivel's own QOI reader (`QOIStream`: the format is one page; why not qoi.h is said there).
    case swivelQOI = "Swivel's own"
    /// stb_image's BMP and TGA readers, compiled in, with fixes for what they read wrong.
    case stbImage = "stb_image"
    /// Netpbm's own library.
    case libnetpbm
    /// The SVG rasteriser (nanosvg) inside SDL2_image, drawn at the card's size.
    case nanosvg = "SDL2_image (nanosvg)"
    /// LibRaw: the embedded preview through libjpeg-turbo, else a demosaic of the sensor data.
    case libraw = "LibRaw"
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
