/// The Orientation tag (274) of a TIFF structure's first directory (IFD0), read and set in place:
/// a TIFF file's own, or the EXIF block that JPEG, PNG (`eXIf`), WebP (`EXIF`) and HEIF carry, which
/// is a little TIFF. Classic TIFF and BigTIFF.
///
/// Written by hand rather than through libtiff or libexif because both rewrite more than the tag:
/// libtiff's directory rewrite writes the whole directory anew at the file's end, and libexif's
/// saving serialises the whole EXIF block again from what it understood (maker notes
/// at new offsets, which breaks the many whose offsets are absolute; unknown tags dropped). Here a
/// tag that is there has its value's bytes changed and nothing else; a directory without one is
/// copied to the end with the tag added and the header pointed at the copy, every other byte (and
/// so every offset into the block) left where it was — as exiftool keeps what it does not know.
public enum TIFFOrientationTag {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    static let tag: UInt16 = 274

    /// The orientation IFD0 gives (nil: no tag, or not 1-8); throws when the structure cannot be read.
    public static func read(in tiff: [UInt8]) throws(Failure) -> Orientation? {
        let layout = try Layout(tiff)
        guard let entry = try layout.entry(tag, in: tiff) else { return nil }
        return Orientation(rawValue: Int(layout.shortValue(of: entry, in: tiff)))
    }

    /// `tiff` with IFD0's orientation set to `orientation`.
    public static func set(_ orientation: Orientation, in tiff: [UInt8]) throws(Failure) -> [UInt8] {
        let layout = try Layout(tiff)
        var out = tiff
        if let entry = try layout.entry(tag, in: tiff) {
            let type = layout.uint(at: entry + 2, size: 2, in: tiff)
            let count = layout.uint(at: entry + 4, size: layout.countSize, in: tiff)
            guard count == 1, type == 3 || type == 4 || type == 8 || type == 9 else {
                throw Failure("its Orientation tag is of type \(type) with \(count) values, not one number")
            }
            let value = entry + 4 + layout.countSize
            layout.put(UInt64(orientation.rawValue), at: value, size: type == 4 || type == 9 ? 4 : 2, into: &out)
            return out
        }
        // No tag: IFD0 copied to the end (on a word boundary) with the tag in its sorted place.
        if out.count % 2 == 1 { out.append(0) }
        let newOffset = out.count
        guard layout.big || newOffset <= Int(UInt32.max) - 64 else { throw Failure("it is too large to take another tag") }
        let entries = layout.entries(in: tiff)
        var written: [UInt8] = []
        let countField = layout.big ? 8 : 2
        var buffer = [UInt8](repeating: 0, count: countField)
        layout.put(UInt64(entries.count + 1), at: 0, size: countField, into: &buffer)
        written += buffer
        var added = false
        for entry in entries {
            if !added && layout.uint(at: entry, size: 2, in: tiff) > UInt64(tag) {
                written += layout.newEntry(tag, orientation)
                added = true
            }
            written += tiff[entry..<(entry + layout.entrySize)]
        }
        if !added { written += layout.newEntry(tag, orientation) }
        let next = layout.ifd0 + countField + entries.count * layout.entrySize
        written += tiff[next..<(next + layout.offsetSize)]
        out += written
        layout.put(UInt64(newOffset), at: layout.big ? 8 : 4, size: layout.offsetSize, into: &out)
        return out
    }

    /// Where IFD0 is and how the structure's numbers are written.
    struct Layout {
        let little: Bool
        let big: Bool
        let ifd0: Int
        let count: Int
        var entrySize: Int { big ? 20 : 12 }
        var countSize: Int { big ? 8 : 4 }
        var offsetSize: Int { big ? 8 : 4 }

        init(_ tiff: [UInt8]) throws(Failure) {
            guard tiff.count >= 8 else { throw Failure("its TIFF structure is cut short") }
            switch (tiff[0], tiff[1]) {
            case (0x49, 0x49): little = true
            case (0x4D, 0x4D): little = false
            default: throw Failure("it has no TIFF byte order mark")
            }
            let magic = little ? Int(tiff[2]) | Int(tiff[3]) << 8 : Int(tiff[2]) << 8 | Int(tiff[3])
            switch magic {
            case 42: big = false
            case 43: big = true
            default: throw Failure("its TIFF header says \(magic), not 42 or 43")
            }
            var ifd0 = 0
            if big {
                guard tiff.count >= 16 else { throw Failure("its BigTIFF header is cut short") }
                ifd0 = Self.read(tiff, at: 8, size: 8, little: little)
            } else {
                ifd0 = Self.read(tiff, at: 4, size: 4, little: little)
            }
            let countSize = big ? 8 : 2
            guard ifd0 >= 8, ifd0 <= tiff.count - countSize else { throw Failure("its first directory lies outside it") }
            let count = Self.read(tiff, at: ifd0, size: countSize, little: little)
            let entrySize = big ? 20 : 12, offsetSize = big ? 8 : 4
            guard count <= (tiff.count - ifd0 - countSize - offsetSize) / entrySize else {
                throw Failure("its first directory runs past its end")
            }
            (self.ifd0, self.count) = (ifd0, count)
        }

        static func read(_ bytes: [UInt8], at offset: Int, size: Int, little: Bool) -> Int {
            var value = 0
            for i in 0..<size {
                let byte = Int(bytes[offset + (little ? size - 1 - i : i)])
                value = value << 8 | byte
            }
            return value
        }

        func uint(at offset: Int, size: Int, in bytes: [UInt8]) -> UInt64 {
            UInt64(Self.read(bytes, at: offset, size: size, little: little))
        }

        func put(_ value: UInt64, at offset: Int, size: Int, into bytes: inout [UInt8]) {
            for i in 0..<size {
                let byte = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))
                bytes[offset + (little ? i : size - 1 - i)] = byte
            }
        }

        /// The offsets of IFD0's entries, in order.
        func entries(in tiff: [UInt8]) -> [Int] {
            let first = ifd0 + (big ? 8 : 2)
            return (0..<count).map { first + $0 * entrySize }
        }

        /// The offset of the entry for `tag`, nil when IFD0 has none.
        func entry(_ tag: UInt16, in tiff: [UInt8]) throws(Failure) -> Int? {
            entries(in: tiff).first { uint(at: $0, size: 2, in: tiff) == UInt64(tag) }
        }

        /// A SHORT tag's value (the first of a LONG's bytes as written: read as its type says).
        func shortValue(of entry: Int, in tiff: [UInt8]) -> UInt64 {
            let type = uint(at: entry + 2, size: 2, in: tiff)
            return uint(at: entry + 4 + countSize, size: type == 4 || type == 9 ? 4 : 2, in: tiff)
        }

        /// A new SHORT entry holding `orientation`.
        func newEntry(_ tag: UInt16, _ orientation: Orientation) -> [UInt8] {
            var entry = [UInt8](repeating: 0, count: entrySize)
            put(UInt64(tag), at: 0, size: 2, into: &entry)
            put(3, at: 2, size: 2, into: &entry)
            put(1, at: 4, size: countSize, into: &entry)
            put(UInt64(orientation.rawValue), at: 4 + countSize, size: 2, into: &entry)
            return entry
        }
    }

    /// A minimal little-endian EXIF block: a TIFF header and IFD0 holding only the orientation, for
    /// a file that has no EXIF yet.
    public static func minimalBlock(_ orientation: Orientation) -> [UInt8] {
        [0x49, 0x49, 42, 0, 8, 0, 0, 0,     // II, 42, IFD0 at 8
         1, 0,                              // one entry
         0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation.rawValue), 0, 0, 0,
         0, 0, 0, 0]                        // no next directory
    }
}
