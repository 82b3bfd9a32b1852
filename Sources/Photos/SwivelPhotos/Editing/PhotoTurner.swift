import CTurboJPEG
import CWebP
import CZlib
import Glibc
import SwivelCore
import SwivelPhotoCore

/// A photo file turned (R, Shift+R, the flips) without re-encoding its pixels: the new file's
/// bytes, made from the old ones, which the app then writes in place of the file (atomically).
/// This parses the file, so it runs where decoding does: in a decoder worker (`PhotoDecoding.turn`).
///
/// - JPEG: libjpeg-turbo's lossless transform (`tjTransform`, the DCT blocks moved, every marker
///   copied), of the stored pixels straight to the turned upright photo, with the EXIF orientation
///   then set to 1, as `jpegtran -perfect -copy all` with the orientation applied. A photo whose
///   size is not a multiple of its MCU where the transform would move a partial edge (libjpeg-turbo's
///   `TJXOPT_PERFECT` refusal, jpegtran -perfect's rule) is turned by its EXIF orientation instead.
/// - PNG (`eXIf`), WebP (`EXIF`), TIFF (its tag): the orientation, the pixels untouched.
/// - Anything else: refused with the reason (the app keeps the turn on screen until it quits).
public enum PhotoTurner {
    public enum Method: String, Sendable, Equatable {
        /// The pixels were moved (a lossless JPEG transform).
        case lossless
        /// The orientation the file records was changed; the pixels are as they were.
        case orientation
    }

    public struct Turned: Sendable {
        public let bytes: [UInt8]
        public let method: Method
        public init(bytes: [UInt8], method: Method) { (self.bytes, self.method) = (bytes, method) }
    }

    /// The file open at `descriptor` (named with `pathExtension`) turned by `turn`.
    public static func turn(descriptor: Int32, pathExtension: String, by turn: PhotoTurn) throws(DecodeFailure) -> Turned {
        do throws(Failure) {
            let file = try OpenFile(descriptor: descriptor)
            let format = ImageFormat.container(try file.read(min(file.size, 64)), pathExtension: pathExtension)
                ?? (try? file.header(pathExtension: pathExtension))?.format
            return try self.turn(try file.readAll(), format: format, by: turn)
        } catch {
            throw DecodeFailure(error)
        }
    }

    /// `bytes`, a file of `format` (nil: not one Swivel knows), turned by `turn`.
    static func turn(_ bytes: [UInt8], format: ImageFormat?, by turn: PhotoTurn) throws(Failure) -> Turned {
        switch format {
        case .jpeg: return try jpeg(bytes, by: turn)
        case .png: return try png(bytes, by: turn)
        case .webp: return try webp(bytes, by: turn)
        case .tiff: return Turned(bytes: try tiff(bytes, by: turn), method: .orientation)
        case let other?:
            throw Failure(reason: "\(other.declaration.name) has no orientation to record a turn in")
        case nil:
            throw Failure(reason: "not an image Swivel knows")
        }
    }

    // MARK: JPEG

    static func jpeg(_ bytes: [UInt8], by turn: PhotoTurn) throws(Failure) -> Turned {
        let found = try exifBlock { () throws(JPEGEXIFSegment.Failure) in try JPEGEXIFSegment.find(in: bytes) }
        let tiff = found.map { Array(bytes[$0.tiff]) }
        let stored = try currentOrientation(tiff, format: "JPEG")
        let target = stored.turned(by: turn)
        // Already as wanted once the orientation says so: no pixel need move.
        guard target != .up else {
            return Turned(bytes: try withEXIF(bytes, tiff, .up), method: .lossless)
        }
        try DecoderLibrary.turboJPEG.require(for: "Turning a JPEG")
        let coding: (progressive: Bool, arithmetic: Bool)
        do { coding = try JPEGEXIFSegment.coding(of: bytes) } catch { throw Failure(reason: error.description) }
        switch try losslessTransform(bytes, operation: target, progressive: coding.progressive) {
        case .transformed(let moved):
            // The markers were copied as they were, the orientation with them: the pixels are
            // upright now, so it becomes 1.
            let copied = try exifBlock { () throws(JPEGEXIFSegment.Failure) in try JPEGEXIFSegment.find(in: moved) }
            guard let copied else { return Turned(bytes: moved, method: .lossless) }
            return Turned(bytes: try withEXIF(moved, Array(moved[copied.tiff]), .up), method: .lossless)
        case .imperfect:
            return Turned(bytes: try withEXIF(bytes, tiff, target), method: .orientation)
        }
    }

    enum TransformOutcome {
        case transformed([UInt8])
        /// libjpeg-turbo refused: a partial MCU would have to move (`TJXOPT_PERFECT`).
        case imperfect
    }

    /// `bytes` with its stored pixels moved as `operation` says (the orientation whose mapping
    /// turns them), every marker copied.
    static func losslessTransform(_ bytes: [UInt8], operation: Orientation, progressive: Bool) throws(Failure) -> TransformOutcome {
        guard let handle = tjInitTransform() else {
            throw Failure(reason: "libjpeg-turbo cannot start a transform: \(String(cString: tjGetErrorStr2(nil)))")
        }
        defer { tjDestroy(handle) }
        var transform = tjtransform()
        transform.op = Int32(Self.operation(operation).rawValue)
        // Perfect or not at all (jpegtran -perfect); the same coding as the file's where
        // libjpeg-turbo 2.1 can write it (progressive; arithmetic coding comes out as Huffman).
        transform.options = TJXOPT_PERFECT | (progressive ? TJXOPT_PROGRESSIVE : 0)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = bytes.withUnsafeBufferPointer { input in
            tjTransform(handle, input.baseAddress, UInt(input.count), 1, &output, &outputSize, &transform, TJFLAG_LIMITSCANS)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else {
            let message = String(cString: tjGetErrorStr2(handle))
            if message.utf8.containsSequence("not perfect".utf8) { return .imperfect }
            throw Failure(reason: "libjpeg-turbo cannot transform it: \(message)")
        }
        return .transformed(Array(UnsafeBufferPointer(start: output, count: Int(outputSize))))
    }

    /// libjpeg-turbo's transform that moves stored pixels as `orientation` maps them.
    static func operation(_ orientation: Orientation) -> TJXOP {
        switch orientation {
        case .up: TJXOP_NONE
        case .mirrored: TJXOP_HFLIP
        case .down: TJXOP_ROT180
        case .flipped: TJXOP_VFLIP
        case .transposed: TJXOP_TRANSPOSE
        case .right: TJXOP_ROT90
        case .transverse: TJXOP_TRANSVERSE
        case .left: TJXOP_ROT270
        }
    }

    /// `jpeg` with its EXIF orientation `orientation` (`tiff`: its EXIF block, nil when it has
    /// none; one is added only when the orientation is not 1).
    static func withEXIF(_ jpeg: [UInt8], _ tiff: [UInt8]?, _ orientation: Orientation) throws(Failure) -> [UInt8] {
        guard let tiff else {
            if orientation == .up { return jpeg }
            return try exifEdit { () throws(JPEGEXIFSegment.Failure) in
                try JPEGEXIFSegment.replacing(in: jpeg, with: TIFFOrientationTag.minimalBlock(orientation))
            }
        }
        // No tag means 1: a photo left upright gets none added (exiftool's diff stays empty).
        if orientation == .up, (try? TIFFOrientationTag.read(in: tiff)) == .some(nil) { return jpeg }
        let edited = try orientationSet(orientation, in: tiff)
        if edited.count == tiff.count, let found = try exifBlock({ () throws(JPEGEXIFSegment.Failure) in
            try JPEGEXIFSegment.find(in: jpeg) }) {
            // Same size: the bytes changed in place, nothing else moves.
            var out = jpeg
            out.replaceSubrange(found.tiff, with: edited)
            return out
        }
        return try exifEdit { () throws(JPEGEXIFSegment.Failure) in try JPEGEXIFSegment.replacing(in: jpeg, with: edited) }
    }

    // MARK: PNG

    /// The `eXIf` chunk's orientation set (the chunk added before the first `IDAT` when there is
    /// none). By hand: libpng would read and write the whole image again (its compressed data
    /// re-made, unknown chunks dropped unless kept one by one); a chunk is a length, a type, the
    /// data and zlib's CRC-32.
    static func png(_ bytes: [UInt8], by turn: PhotoTurn) throws(Failure) -> Turned {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes.prefix(8)) == signature else { throw Failure(reason: "not a PNG") }
        var position = 8, exif: Range<Int>?, firstIDAT: Int?
        while position + 12 <= bytes.count {
            let length = Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8
                | Int(bytes[position + 3])
            let type = Array(bytes[(position + 4)..<(position + 8)])
            guard position + 12 + length <= bytes.count else { throw Failure(reason: "truncated PNG data") }
            if type == Array("eXIf".utf8), exif == nil { exif = position..<(position + 12 + length) }
            if type == Array("IDAT".utf8), firstIDAT == nil { firstIDAT = position }
            if type == Array("IEND".utf8) { break }
            position += 12 + length
        }
        guard let firstIDAT else { throw Failure(reason: "truncated PNG data") }
        // Some writers put "Exif\0\0" before the TIFF structure, as in a JPEG; it is kept.
        var prefix: [UInt8] = []
        var tiff: [UInt8]?
        if let exif {
            var data = Array(bytes[(exif.lowerBound + 8)..<(exif.upperBound - 4)])
            if data.starts(with: JPEGEXIFSegment.exifHeader) {
                prefix = JPEGEXIFSegment.exifHeader
                data.removeFirst(prefix.count)
            }
            tiff = data
        }
        let target = try currentOrientation(tiff, format: "PNG").turned(by: turn)
        let edited = try tiff.map { (block: [UInt8]) throws(Failure) in try orientationSet(target, in: block) }
            ?? TIFFOrientationTag.minimalBlock(target)
        let chunk = pngChunk("eXIf", prefix + edited)
        let out: [UInt8]
        if let exif {
            out = Array(bytes[..<exif.lowerBound]) + chunk + Array(bytes[exif.upperBound...])
        } else {
            out = Array(bytes[..<firstIDAT]) + chunk + Array(bytes[firstIDAT...])
        }
        return Turned(bytes: out, method: .orientation)
    }

    /// A PNG chunk: big-endian length, type, data, CRC-32 of type and data (zlib's).
    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(UInt32(crc))
    }

    // MARK: WebP

    /// The `EXIF` chunk's orientation set, through libwebpmux (which makes a simple file an
    /// extended one, with its VP8X header and flags, when it adds the chunk).
    static func webp(_ bytes: [UInt8], by turn: PhotoTurn) throws(Failure) -> Turned {
        try DecoderLibrary.webpMux.require(for: "Turning a WebP")
        let tiff = PhotoMetadata.webp(bytes).exif.map { block -> [UInt8] in
            block.starts(with: JPEGEXIFSegment.exifHeader) ? Array(block.dropFirst(6)) : block
        }
        let hadHeader = PhotoMetadata.webp(bytes).exif?.starts(with: JPEGEXIFSegment.exifHeader) == true
        let target = try currentOrientation(tiff, format: "WebP").turned(by: turn)
        let edited = (hadHeader ? JPEGEXIFSegment.exifHeader : [])
            + (try tiff.map { (block: [UInt8]) throws(Failure) in try orientationSet(target, in: block) }
                ?? TIFFOrientationTag.minimalBlock(target))
        return try bytes.withUnsafeBufferPointer { input throws(Failure) -> Turned in
            var data = WebPData(bytes: input.baseAddress, size: input.count)
            guard let mux = WebPMuxCreateInternal(&data, 1, WEBP_MUX_ABI_VERSION) else {
                throw Failure(reason: "libwebpmux cannot read its chunks")
            }
            defer { WebPMuxDelete(mux) }
            let status = edited.withUnsafeBufferPointer { exif -> WebPMuxError in
                var chunk = WebPData(bytes: exif.baseAddress, size: exif.count)
                return WebPMuxSetChunk(mux, "EXIF", &chunk, 1)
            }
            guard status == WEBP_MUX_OK else { throw Failure(reason: "libwebpmux cannot set its EXIF chunk (error \(status.rawValue))") }
            var assembled = WebPData()
            guard WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK, let out = assembled.bytes else {
                throw Failure(reason: "libwebpmux cannot write it again")
            }
            defer { WebPFree(UnsafeMutableRawPointer(mutating: out)) }
            return Turned(bytes: Array(UnsafeBufferPointer(start: out, count: assembled.size)), method: .orientation)
        }
    }

    // MARK: TIFF

    /// The first directory's Orientation tag, as libtiff reads it for the decoder.
    static func tiff(_ bytes: [UInt8], by turn: PhotoTurn) throws(Failure) -> [UInt8] {
        let current: Orientation
        do { current = try TIFFOrientationTag.read(in: bytes) ?? .up } catch { throw Failure(reason: error.description) }
        return try orientationSet(current.turned(by: turn), in: bytes)
    }

    // MARK: Shared

    /// The orientation an EXIF block gives, as the decoders read it (libexif); `.up` without one.
    static func currentOrientation(_ tiff: [UInt8]?, format: String) throws(Failure) -> Orientation {
        guard let tiff else { return .up }
        try DecoderLibrary.exif.require(for: format)
        return EXIF.orientation(tiff)
    }

    static func orientationSet(_ orientation: Orientation, in tiff: [UInt8]) throws(Failure) -> [UInt8] {
        do { return try TIFFOrientationTag.set(orientation, in: tiff) } catch {
            throw Failure(reason: "cannot set its orientation: \(error.description)")
        }
    }

    static func exifBlock<T>(_ body: () throws(JPEGEXIFSegment.Failure) -> T) throws(Failure) -> T {
        do { return try body() } catch { throw Failure(reason: error.description) }
    }

    static func exifEdit(_ body: () throws(JPEGEXIFSegment.Failure) -> [UInt8]) throws(Failure) -> [UInt8] {
        do { return try body() } catch { throw Failure(reason: error.description) }
    }
}
