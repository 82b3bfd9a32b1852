import CExempi
import Glibc
import SwivelCore
import SwivelPhotoCore

/// A photo's rating and label from XMP, through exempi, and a sidecar's packet with them set.
/// Runs in a decoder worker (`XMPMessages`): the app passes the photo and its sidecar as
/// descriptors and never parses either.
///
/// exempi reads files only by path (`xmp_files_open`, which a worker cannot do: Landlock and the
/// seccomp filter forbid every open) and parses packets from memory (`xmp_new`). So the packet
/// embedded in a photo is found here, in the container's own place for it, read with pread from
/// the descriptor: JPEG's APP1 segment named `http://ns.adobe.com/xap/1.0/`, PNG's `iTXt` chunk
/// `XML:com.adobe.xmp`, WebP's `XMP ` chunk, TIFF's (and DNG's and the TIFF-based RAWs') tag 700
/// in the first directory; in an ISO-BMFF file (HEIF, AVIF, CR3), where the packet is an item
/// (`mime`, application/rdf+xml) or a `uuid` box, the bytes are scanned for the packet's
/// `<x:xmpmeta` element, as the XMP toolkit's own packet scanner does for files it has no handler
/// for. Each walk reads headers only and is bounded.
public enum PhotoXMP {
    /// What one packet (or a photo's sidecar and embedded packets together) says; a property the
    /// packets do not have is nil.
    public struct Found: Equatable, Sendable {
        public var rating: Int?
        public var label: String?

        public init(rating: Int? = nil, label: String? = nil) { (self.rating, self.label) = (rating, label) }

        /// As the deck keeps it (no rating: 0).
        public var value: Rating { Rating(value: rating ?? 0, label: label) }

        /// `self`, with what it lacks taken from `other` (the sidecar's over the embedded packet's,
        /// property by property: darktable and Lightroom take the sidecar's word).
        func over(_ other: Found) -> Found { Found(rating: rating ?? other.rating, label: label ?? other.label) }
    }

    /// The largest packet or sidecar read: darktable's history stacks run to a few hundred KiB.
    public static let maxPacketBytes = 16 << 20
    /// How much of an ISO-BMFF file is scanned for its packet.
    static let maxScannedBytes = 256 << 20

    /// exempi ready (its toolkit initialised), in a worker before it is confined; false when
    /// libexempi is not installed.
    static let ready: Bool = DecoderLibrary.exempi.isAvailable && swivel_xmp_start() != 0

    /// The rating and label of the photo `photo` (its sidecar `sidecar`'s first, then what its
    /// own packet adds). Files that cannot be read, or packets exempi refuses, say nothing.
    public static func read(photo: Int32?, sidecar: Int32?) -> Found {
        guard ready else { return Found() }
        var found = Found()
        if let sidecar, let bytes = wholeFile(sidecar), let packet = parse(bytes) { found = packet }
        if found.rating == nil || found.label == nil, let photo, let file = try? OpenFile(descriptor: photo),
           let bytes = embeddedPacket(file), let packet = parse(bytes) {
            found = found.over(packet)
        }
        return found
    }

    /// The rating and label of one packet; nil when exempi cannot parse it.
    static func parse(_ packet: [UInt8]) -> Found? {
        guard ready else { return nil }
        var hasRating: Int32 = 0, rating: Int32 = 0, hasLabel: Int32 = 0
        var label = [CChar](repeating: 0, count: 256)
        let parsed = packet.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                swivel_xmp_read($0.baseAddress, $0.count, &hasRating, &rating, &hasLabel, &label, label.count)
            }
        }
        guard parsed != 0 else { return nil }
        return Found(rating: hasRating != 0 ? Int(rating) : nil,
                     label: hasLabel != 0 ? String(decoding: label.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil)
    }

    /// Why a sidecar could not be made.
    public struct Refusal: Error, Equatable {
        public let reason: String
        public init(reason: String) { self.reason = reason }
    }

    /// Which of the two properties a save sets: only what the key changed, so that a key pressed
    /// before the photo's rating was read (or after another program changed it) does not undo
    /// the other property in the file.
    public struct Changes: Equatable, Hashable, Sendable {
        public var rating: Bool, label: Bool
        public init(rating: Bool, label: Bool) { (self.rating, self.label) = (rating, label) }
        public static let both = Changes(rating: true, label: true)
    }

    /// The sidecar `existing` (nil: none yet) with `rating`'s `changes` set, every other property
    /// and namespace as it was: serialized by exempi, without the packet wrapper unless the
    /// sidecar had one (darktable's and digiKam's have none, exiftool's do), and what it now says.
    /// A sidecar exempi cannot parse is refused rather than replaced.
    public static func merged(_ existing: [UInt8]?, rating: Rating, changes: Changes = .both) throws(Refusal) -> (bytes: [UInt8], says: Found) {
        guard ready else {
            throw Refusal(reason: DecoderLibrary.exempi.loadError.map { MissingLibrary.reason("XMP needs \(DecoderLibrary.exempi.package)", dlerror: $0) }
                          ?? "XMP needs libexempi8, which did not load")
        }
        let old = existing ?? []
        let wrapper = old.containsSequence(Array("<?xpacket begin".utf8))
        let serialized = old.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { bytes in
                swivel_xmp_merge(bytes.baseAddress, bytes.count, changes.rating ? 1 : 0, Int32(rating.value),
                                 changes.label ? 1 : 0, rating.label, wrapper ? 1 : 0)
            }
        }
        guard let serialized else {
            throw Refusal(reason: old.isEmpty ? "exempi could not write XMP" : "the sidecar is not XMP that exempi reads; left as it is")
        }
        defer { xmp_string_free(serialized) }
        let text = xmp_string_cstr(serialized)!
        let body = Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self),
                                             count: xmp_string_len(serialized)))
        // A sidecar without the wrapper opens with the XML declaration, as darktable's and digiKam's.
        let bytes = wrapper ? body : Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8) + body
        return (bytes, parse(bytes) ?? Found(rating: rating.value, label: rating.label))
    }

    /// The whole of a sidecar (at most `maxPacketBytes`).
    static func wholeFile(_ descriptor: Int32) -> [UInt8]? {
        guard let file = try? OpenFile(descriptor: descriptor), file.size <= maxPacketBytes else { return nil }
        return try? file.read(file.size)
    }

    // MARK: The packet in the photo's container

    /// The XMP packet embedded in `file`, found where its container keeps it.
    static func embeddedPacket(_ file: OpenFile) -> [UInt8]? {
        guard let head = try? file.read(min(file.size, 16)), head.count >= 12 else { return nil }
        if head[0] == 0xFF && head[1] == 0xD8 { return jpegPacket(file) }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return pngPacket(file) }
        if head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8) { return webpPacket(file) }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return tiffPacket(file) }
        if Array(head[4..<8]) == Array("ftyp".utf8) { return scannedPacket(file) }
        return nil
    }

    private static func bytes(_ file: OpenFile, _ count: Int, at offset: Int) -> [UInt8]? {
        guard count >= 0, offset >= 0, offset <= file.size - count, let read = try? file.read(count, at: offset),
              read.count >= count else { return nil }
        return Array(read.prefix(count))
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    /// JPEG: the APP1 segment whose payload starts with the XMP namespace and a zero (XMP
    /// specification part 3, 1.1.3), before the first scan.
    static func jpegPacket(_ file: OpenFile) -> [UInt8]? {
        let signature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
        var offset = 2
        while let marker = bytes(file, 4, at: offset), marker[0] == 0xFF {
            let kind = marker[1]
            if kind == 0xD8 || kind == 0x01 || (0xD0...0xD7).contains(kind) { offset += 2; continue }
            if kind == 0xFF { offset += 1; continue }    // fill bytes
            if kind == 0xDA || kind == 0xD9 { return nil }  // the scan or the end: no packet before them
            let length = bigEndian(marker, 2, 2)
            guard length >= 2 else { return nil }
            if kind == 0xE1, length - 2 > signature.count, let start = bytes(file, signature.count, at: offset + 4),
               start == signature {
                return bytes(file, min(length - 2 - signature.count, maxPacketBytes), at: offset + 4 + signature.count)
            }
            offset += 2 + length
        }
        return nil
    }

    /// PNG: the `iTXt` chunk keyed `XML:com.adobe.xmp` (part 3, 1.1.5), its text inflated when
    /// compressed.
    static func pngPacket(_ file: OpenFile) -> [UInt8]? {
        var offset = 8
        let key = Array("XML:com.adobe.xmp\0".utf8)
        while let header = bytes(file, 8, at: offset) {
            let length = bigEndian(header, 0, 4), kind = String(decoding: header[4..<8], as: UTF8.self)
            if kind == "IEND" { return nil }
            if kind == "iTXt", length > key.count + 4, length <= maxPacketBytes, let data = bytes(file, length, at: offset + 8),
               data.starts(with: key) {
                var rest = data[key.count...]
                let compressed = rest.first == 1
                rest = rest.dropFirst(2)   // the compression flag and method
                for _ in 0..<2 {            // the language tag and the translated keyword
                    guard let end = rest.firstIndex(of: 0) else { return nil }
                    rest = rest[(end + 1)...]
                }
                return compressed ? Zlib.inflate(Array(rest), limit: maxPacketBytes) : Array(rest)
            }
            offset += 12 + length
        }
        return nil
    }

    /// WebP: the `XMP ` chunk of the extended format (RIFF chunks, sizes little-endian, padded).
    static func webpPacket(_ file: OpenFile) -> [UInt8]? {
        var offset = 12
        while let header = bytes(file, 8, at: offset) {
            let length = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
            if Array(header[0..<4]) == Array("XMP ".utf8) {
                return length <= maxPacketBytes ? bytes(file, length, at: offset + 8) : nil
            }
            offset += 8 + length + (length & 1)
        }
        return nil
    }

    /// TIFF (and DNG, NEF, CR2, ARW…): tag 700, XMLPacket, in the first directory.
    static func tiffPacket(_ file: OpenFile) -> [UInt8]? {
        guard let head = bytes(file, 8, at: 0) else { return nil }
        let little = head[0] == 0x49
        func number(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
            let slice = Array(bytes[at..<at + count])
            return (little ? slice.reversed() : slice).reduce(0) { $0 << 8 | Int($1) }
        }
        let directory = number(head, 4, 4)
        guard let countBytes = bytes(file, 2, at: directory) else { return nil }
        let count = number(countBytes, 0, 2)
        guard let entries = bytes(file, count * 12, at: directory + 2) else { return nil }
        for index in 0..<count {
            let entry = index * 12
            guard number(entries, entry, 2) == 700 else { continue }
            let type = number(entries, entry + 2, 2), length = number(entries, entry + 4, 4)
            guard type == 1 || type == 7, length <= maxPacketBytes else { return nil }   // BYTE or UNDEFINED
            if length <= 4 { return Array(entries[(entry + 8)..<(entry + 8 + length)]) }
            return bytes(file, length, at: number(entries, entry + 8, 4))
        }
        return nil
    }

    /// Any other container: the first `<x:xmpmeta` … `</x:xmpmeta>` in the file's bytes, read a
    /// MiB at a time (with an overlap, so an element split by a read is found).
    static func scannedPacket(_ file: OpenFile) -> [UInt8]? {
        let open = Array("<x:xmpmeta".utf8), close = Array("</x:xmpmeta>".utf8)
        let chunk = 1 << 20
        var offset = 0
        while offset < min(file.size, maxScannedBytes) {
            guard let read = try? file.read(min(chunk + open.count, file.size - offset), at: offset), !read.isEmpty else { return nil }
            if let start = read.firstRange(ofSequence: open)?.lowerBound {
                let begin = offset + start
                var packet: [UInt8] = []
                var at = begin
                while packet.count < maxPacketBytes, at < file.size {
                    guard let more = try? file.read(min(chunk, file.size - at), at: at), !more.isEmpty else { return nil }
                    let from = max(0, packet.count - close.count)
                    packet += more
                    if let end = Array(packet[from...]).firstRange(ofSequence: close)?.lowerBound {
                        return Array(packet[..<(from + end + close.count)])
                    }
                    at += more.count
                }
                return nil
            }
            offset += chunk
        }
        return nil
    }
}
