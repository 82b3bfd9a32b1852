import Foundation
import Glibc
import SwivelCore
import SwivelTestSupport

/// Valid HEIC, AVIF, JPEG XL and WebP files made hostile by hand: metadata that holds hundreds of
/// MiB (sparse files: the holes take no disk), long tails after the image, grids whose output size
/// is far over what their `ispe` says. Built from small files the encoders write.
enum HostileContainerFiles {
    static let mebibyte = 1 << 20

    /// The top-level (or `range`'s) ISO BMFF boxes of `bytes`: type, start, size.
    static func boxes(_ bytes: [UInt8], _ range: Range<Int>) -> [(type: String, start: Int, size: Int)] {
        var found: [(String, Int, Int)] = [], at = range.lowerBound
        while at + 8 <= range.upperBound {
            let size = bigEndian(bytes, at, 4)
            guard size >= 8 else { break }
            found.append((String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), at, size))
            at += size
        }
        return found
    }

    static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    static func setBigEndian(_ bytes: inout [UInt8], _ at: Int, _ count: Int, _ value: Int) {
        for i in 0..<count { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - i))) }
    }

    /// Writes `parts` to `path`: byte runs, and holes of that many zero bytes (left sparse).
    enum Part { case bytes([UInt8]), hole(Int) }
    static func writeSparse(_ path: FilePath, _ parts: [Part]) {
        let fd = path.cString.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0, "cannot create \(path)")
        var offset = 0
        for part in parts {
            switch part {
            case .bytes(let bytes):
                let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
                precondition(written == bytes.count)
                offset += bytes.count
            case .hole(let count):
                offset += count
            }
        }
        precondition(ftruncate(fd, off_t(offset)) == 0)
        close(fd)
    }

    /// Adds `delta` to every file offset in the `iloc` box of the meta box at `meta` that points at
    /// or past `after` (construction method 0: offsets in the file; ISO/IEC 14496-12 8.11.3).
    static func shiftItemLocations(_ bytes: inout [UInt8], meta: (start: Int, size: Int), after: Int, by delta: Int) {
        for box in boxes(bytes, (meta.start + 12)..<(meta.start + meta.size)) where box.type == "iloc" {
            let version = Int(bytes[box.start + 8])
            var at = box.start + 12
            let offsetSize = Int(bytes[at] >> 4), lengthSize = Int(bytes[at] & 15)
            let baseSize = Int(bytes[at + 1] >> 4), indexSize = version >= 1 ? Int(bytes[at + 1] & 15) : 0
            at += 2
            let count = bigEndian(bytes, at, version < 2 ? 2 : 4)
            at += version < 2 ? 2 : 4
            for _ in 0..<count {
                at += version < 2 ? 2 : 4
                var method = 0
                if version >= 1 { method = Int(bytes[at + 1] & 15); at += 2 }
                at += 2
                let base = baseSize > 0 ? bigEndian(bytes, at, baseSize) : 0
                if method == 0 && baseSize > 0 && base >= after { setBigEndian(&bytes, at, baseSize, base + delta) }
                at += baseSize
                let extents = bigEndian(bytes, at, 2)
                at += 2
                for _ in 0..<extents {
                    at += indexSize
                    let offset = offsetSize > 0 ? bigEndian(bytes, at, offsetSize) : 0
                    if method == 0 && offsetSize > 0 && base == 0 && offset >= after {
                        setBigEndian(&bytes, at, offsetSize, offset + delta)
                    }
                    at += offsetSize + lengthSize
                }
            }
        }
    }

    /// `source` (HEIC or AVIF with an ICC profile in a `colr` box) with that profile grown by
    /// `hole` zero bytes: the colr box and its parents (ipco, iprp, meta) say so, the profile's own
    /// size field too, and the items in `mdat` after it are moved by as much.
    static func growingProfile(of source: [UInt8], by hole: Int, to path: FilePath) {
        var bytes = source
        let meta = boxes(bytes, 0..<bytes.count).first { $0.type == "meta" }!
        let iprp = boxes(bytes, (meta.start + 12)..<(meta.start + meta.size)).first { $0.type == "iprp" }!
        let ipco = boxes(bytes, (iprp.start + 8)..<(iprp.start + iprp.size)).first { $0.type == "ipco" }!
        let colr = boxes(bytes, (ipco.start + 8)..<(ipco.start + ipco.size)).first { $0.type == "colr" }!
        shiftItemLocations(&bytes, meta: (meta.start, meta.size), after: colr.start + colr.size, by: hole)
        for box in [meta, iprp, ipco, colr] { setBigEndian(&bytes, box.start, 4, box.size + hole) }
        setBigEndian(&bytes, colr.start + 12, 4, colr.size - 12 + hole)   // ICC header: the profile's size
        let end = colr.start + colr.size
        writeSparse(path, [.bytes(Array(bytes[..<end])), .hole(hole), .bytes(Array(bytes[end...]))])
    }

    /// `source` followed by a `free` box of `hole` zero bytes.
    static func withFreeBox(_ source: [UInt8], of hole: Int, to path: FilePath) {
        var header = [UInt8](repeating: 0, count: 4)
        setBigEndian(&header, 0, 4, hole + 8)
        writeSparse(path, [.bytes(source + header + Array("free".utf8)), .hole(hole)])
    }

    /// A JPEG XL container: signature, ftyp, an `Exif` box of `hole` zero bytes, then `codestream`
    /// in a `jxlc` box (ISO/IEC 18181-2).
    static func jxlWithExifBox(codestream: [UInt8], of hole: Int, to path: FilePath) {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            var size = [UInt8](repeating: 0, count: 4)
            setBigEndian(&size, 0, 4, 8 + payload.count)
            return size + Array(type.utf8) + payload
        }
        let signature: [UInt8] = [0, 0, 0, 12] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A]
        let head = signature + box("ftyp", Array("jxl ".utf8) + [0, 0, 0, 0] + Array("jxl ".utf8))
        var exif = [UInt8](repeating: 0, count: 4)
        setBigEndian(&exif, 0, 4, 8 + hole)
        writeSparse(path, [.bytes(head + exif + Array("Exif".utf8)), .hole(hole), .bytes(box("jxlc", codestream))])
    }

    static func littleEndian32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// An extended WebP with the VP8X and image chunks of `source` (a VP8X file from cwebp) and a
    /// `fourCC` chunk of `hole` zero bytes, before the image (ICCP) or after it (EXIF, unknown
    /// chunks), its VP8X flag (`flag`) set.
    static func webp(from source: [UInt8], chunk fourCC: String, flag: UInt8, of hole: Int, afterImage: Bool, to path: FilePath) {
        var chunks: [(String, [UInt8])] = [], at = 12
        while at + 8 <= source.count {
            let size = Int(source[at + 4]) | Int(source[at + 5]) << 8 | Int(source[at + 6]) << 16 | Int(source[at + 7]) << 24
            let whole = min(source.count, at + 8 + size + (size & 1))
            chunks.append((String(decoding: source[at..<(at + 4)], as: UTF8.self), Array(source[at..<whole])))
            at = whole
        }
        var vp8x = chunks.first { $0.0 == "VP8X" }!.1
        vp8x[8] |= flag
        let image = chunks.filter { ["ALPH", "VP8 ", "VP8L"].contains($0.0) }.flatMap(\.1)
        let big = Array(fourCC.utf8) + littleEndian32(hole)
        let riff = Array("RIFF".utf8) + littleEndian32(4 + vp8x.count + image.count + big.count + hole) + Array("WEBP".utf8)
        writeSparse(path, afterImage ? [.bytes(riff + vp8x + image + big), .hole(hole)]
                                     : [.bytes(riff + vp8x + big), .hole(hole), .bytes(image)])
    }

    /// An AVIF grid from avifenc (2 × 2 tiles of 128², its `ispe` 256²) whose ImageGrid says its
    /// output is `side` × `side` (ISO/IEC 23008-12 6.6.2.3.2, 16-bit fields); as a HEIF (`mif1`
    /// brands only, for libheif) when `heif`.
    static func gridBomb(_ grid: [UInt8], side: Int, heif: Bool) -> [UInt8] {
        var bytes = grid
        // version 0, flags 0 (16-bit sizes), rows - 1 = 1, columns - 1 = 1, 256, 256
        let data: [UInt8] = [0, 0, 1, 1, 1, 0, 1, 0]
        let at = (0...(bytes.count - data.count)).first { bytes[$0..<($0 + data.count)].elementsEqual(data) }!
        setBigEndian(&bytes, at + 4, 2, side)
        setBigEndian(&bytes, at + 6, 2, side)
        if heif {
            let ftyp = boxes(bytes, 0..<bytes.count)[0]
            for brand in stride(from: 8, to: ftyp.size, by: 4) where brand != 12 {
                if bytes[brand..<(brand + 4)].elementsEqual("avif".utf8) { bytes.replaceSubrange(brand..<(brand + 4), with: Array("mif1".utf8)) }
            }
        }
        return bytes
    }
}
