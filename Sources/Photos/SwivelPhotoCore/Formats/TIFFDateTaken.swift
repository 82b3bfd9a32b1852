/// EXIF DateTimeOriginal of a classic TIFF (a DNG, NEF, CR2, ARW, PEF, … or a plain TIFF) for
/// `--sort taken`, by following the directories' offsets by hand: the 8-byte header, IFD0's
/// entries for its ExifIFD pointer (tag 34665), the EXIF directory's entries for DateTimeOriginal
/// (36867), and that value: four small reads wherever the directories lie (a DNG's IFD0 may follow
/// 40 MB of sensor data).
///
/// Written here rather than asked of a library: libtiff, which read these dates before, sets up
/// its tables of known tags for every file it opens (sorting them) and reads every tag of both
/// directories with their out-of-line values, so that 1,000 DNGs took 90 ms where 1,000 JPEGs
/// took 54-66 (libexif on the JPEG's APP1, docs/performance.md); libexif reads a block it is given
/// whole, and cannot follow an offset 40 MB into a file it was not given. What it reads is what
/// libtiff's `TIFFReadEXIFDirectory` reads for the tag (the tests compare the two, and exiftool):
/// the EXIF directory that IFD0 points to, nothing else. BigTIFF is left to libtiff.
public enum TIFFDateTaken {
    /// Directories longer than this are not read (a camera's IFD0 has a few dozen entries; DNG's
    /// specification lists about 100 tags).
    static let maximumEntries = 4096

    /// Whether `bytes` start a classic TIFF ("II*\0" or "MM\0*"), which this reads.
    public static func isClassicTIFF(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    }

    /// The DateTimeOriginal text ("YYYY:MM:DD HH:MM:SS", as stored, up to its NUL) of a classic
    /// TIFF of `size` bytes, reading through `read(offset, count)` (the bytes there, fewer at the
    /// end, nil on failure); nil when it has none, or an offset or count points outside the file.
    public static func dateTaken(size: Int, read: (_ offset: Int, _ count: Int) -> [UInt8]?) -> String? {
        guard size >= 8, let header = read(0, 8), header.count == 8, isClassicTIFF(header) else { return nil }
        let bigEndian = header[0] == 0x4D
        func number(_ bytes: [UInt8], _ at: Int, _ width: Int) -> Int {
            var value = 0
            for index in 0..<width {
                let byte = Int(bytes[at + (bigEndian ? index : width - 1 - index)])
                value = value << 8 | byte
            }
            return value
        }
        /// The entries of the directory at `offset`, 12 bytes each (tag, type, count, value or offset).
        func directory(at offset: Int) -> [UInt8]? {
            guard offset >= 8, offset + 2 <= size, let head = read(offset, 2), head.count == 2 else { return nil }
            let count = number(head, 0, 2)
            guard count > 0, count <= maximumEntries, offset + 2 + 12 * count <= size,
                  let entries = read(offset + 2, 12 * count), entries.count == 12 * count else { return nil }
            return entries
        }
        /// The entry for `tag` of `entries`: its type, count and the four bytes of its value or offset.
        func entry(_ tag: Int, in entries: [UInt8]) -> (type: Int, count: Int, at: Int)? {
            for start in stride(from: 0, to: entries.count, by: 12) where number(entries, start, 2) == tag {
                return (number(entries, start + 2, 2), number(entries, start + 4, 4), start + 8)
            }
            return nil
        }
        guard let ifd0 = directory(at: number(header, 4, 4)),
              // ExifIFD: LONG or IFD (13), one value.
              let pointer = entry(34665, in: ifd0), pointer.type == 4 || pointer.type == 13, pointer.count >= 1,
              let exif = directory(at: number(ifd0, pointer.at, 4)),
              // DateTimeOriginal: ASCII, "YYYY:MM:DD HH:MM:SS" and its NUL (20), stored past the entry.
              let date = entry(36867, in: exif), date.type == 2, date.count >= 19, date.count <= 64 else { return nil }
        let offset = number(exif, date.at, 4)
        guard offset + date.count <= size, let text = read(offset, date.count), text.count == date.count else { return nil }
        let value = text.prefix { $0 != 0 }
        return value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
    }
}
