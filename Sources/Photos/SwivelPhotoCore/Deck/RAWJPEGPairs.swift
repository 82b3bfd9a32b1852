import SwivelCore

/// RAW+JPEG pairs, as a camera set to record both writes them (Canon's RAW+L, Nikon's NEF+Fine):
/// `IMG_0001.CR2` beside `IMG_0001.JPG`, in the same folder, with the same name before the
/// extension, in any case (`img_0001.cr2` with `IMG_0001.jpg` too). Photo Mechanic and
/// FastRawViewer show such a pair as one photo; so does Swivel, unless `--pairs separate`
/// (`RAWPairing`). Which files are RAWs and JPEGs is the format table's (`isCameraRAW`, and
/// JPEG's extensions), told by name as the camera named them.
public enum RAWJPEGPairs {
    /// Which side of a pair a file would be.
    public enum Side: Sendable { case raw, jpeg }

    /// What the two files of a pair share: their folder (byte for byte) and their name without its
    /// extension, ASCII letters in lower case.
    public struct Key: Hashable, Sendable {
        let folderAndStem: [UInt8]
    }

    private static let rawExtensions = Set(ImageFormat.cameraRAW.flatMap(\.declaration.extensions))
    private static let jpegExtensions = Set(ImageFormat.jpeg.declaration.extensions)

    /// The side `path` would be of a pair, by its extension; nil for a file that is neither a
    /// camera RAW nor a JPEG (it is never paired).
    public static func side(of path: FilePath) -> Side? {
        let pathExtension = path.pathExtension
        if rawExtensions.contains(pathExtension) { return .raw }
        if jpegExtensions.contains(pathExtension) { return .jpeg }
        return nil
    }

    /// The key and side of `path` (nil: it is never paired).
    public static func key(_ path: FilePath) -> (key: Key, side: Side)? {
        guard let side = side(of: path) else { return nil }
        let folder = path.bytes.dropLast(path.lastComponent.count)
        let stem = path.stem.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        return (Key(folderAndStem: Array(folder) + stem), side)
    }

    /// `paths` as cards: with `.together`, each RAW and the JPEG of its key one card (the first of
    /// each side, in `paths`' order, where a folder holds more: `IMG_1.CR2`, `IMG_1.DNG` and
    /// `IMG_1.JPG` give the pair of the first RAW and a card for the other), in the place of the
    /// first of its two files; every other file a card of its own, in its place.
    public static func cards(_ paths: [FilePath], pairing: RAWPairing) -> [CardFiles] {
        guard pairing == .together else { return paths.map { CardFiles($0) } }
        var firstRAW: [Key: Int] = [:], firstJPEG: [Key: Int] = [:]
        for (index, path) in paths.enumerated() {
            guard let (key, side) = key(path) else { continue }
            if side == .raw {
                if firstRAW[key] == nil { firstRAW[key] = index }
            } else if firstJPEG[key] == nil {
                firstJPEG[key] = index
            }
        }
        var partner: [Int: Int] = [:]
        for (key, raw) in firstRAW {
            guard let jpeg = firstJPEG[key] else { continue }
            (partner[raw], partner[jpeg]) = (jpeg, raw)
        }
        var cards: [CardFiles] = []
        cards.reserveCapacity(paths.count - partner.count / 2)
        for (index, path) in paths.enumerated() {
            guard let other = partner[index] else {
                cards.append(CardFiles(path))
                continue
            }
            guard index < other else { continue }    // placed with the first of the two
            cards.append(side(of: path) == .raw ? CardFiles(paths[other], raw: path) : CardFiles(path, raw: paths[other]))
        }
        return cards
    }

    /// Which of a pair's files the full view decodes for `target`, and the upright size it places
    /// the photo at. The pair's size is the larger of the two (by pixels: the RAW's where the
    /// camera wrote a smaller JPEG), so that 1:1 is one of its pixels a device pixel. The JPEG
    /// serves wherever it has the pixels `target` asks of that size (a pixel of rounding spared
    /// each way, as `RAWDecoder.covers`), the RAW beyond: zoomed past the JPEG's size, the full
    /// view's full resolution is the RAW's demosaic. A size that could not be read counts as no
    /// file: the other serves.
    public static func viewSource(raw: (width: Int, height: Int)?, jpeg: (width: Int, height: Int)?,
                                  target: DecodeTarget) -> (side: Side, size: (width: Int, height: Int)?) {
        guard let jpeg, jpeg.width > 0, jpeg.height > 0 else { return (.raw, raw) }
        guard let raw, raw.width > 0, raw.height > 0 else { return (.jpeg, jpeg) }
        let size = raw.width * raw.height > jpeg.width * jpeg.height ? raw : jpeg
        let needed = target.outputSize(upright: size)
        let covers = jpeg.width + 1 >= needed.width && jpeg.height + 1 >= needed.height
        return (covers ? .jpeg : .raw, size)
    }
}
