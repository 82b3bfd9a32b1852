/// A PNG's chunks, for tests that add, drop or damage one (a chunk is length, type, data, CRC).
public struct PNGChunks {
    public struct Chunk {
        public var type: String
        public var data: [UInt8]
        /// The CRC as stored (`nil`: the right one for type and data).
        public var storedCRC: UInt32?

        public init(_ type: String, _ data: [UInt8], storedCRC: UInt32? = nil) {
            self.type = type; self.data = data; self.storedCRC = storedCRC
        }

        /// Length, type, data, CRC.
        public var bytes: [UInt8] {
            let body = Array(type.utf8) + data
            return ImageFiles.be32(data.count) + body + ImageFiles.be32(Int(storedCRC ?? ImageFiles.crc32(body)))
        }
    }

    public var chunks: [Chunk]

    /// The chunks of a whole PNG file (`bytes` starts with the signature).
    public init(_ bytes: [UInt8]) {
        var chunks: [Chunk] = []
        var position = 8
        while position + 12 <= bytes.count {
            let length = bytes[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            let start = position + 8
            guard start + length + 4 <= bytes.count else { break }
            let type = String(decoding: bytes[(position + 4)..<start], as: UTF8.self)
            let crc = bytes[(start + length)..<(start + length + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            chunks.append(Chunk(type, Array(bytes[start..<(start + length)]), storedCRC: crc))
            position = start + length + 4
        }
        self.chunks = chunks
    }

    /// The file: signature and chunks.
    public var bytes: [UInt8] { [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunks.flatMap(\.bytes) }

    public var types: [String] { chunks.map(\.type) }

    /// The first chunk of `type`.
    public func first(_ type: String) -> Chunk? { chunks.first { $0.type == type } }

    /// `chunk` put right after IHDR (`afterIHDR`) or right before IEND.
    public func inserting(_ chunk: Chunk, afterIHDR: Bool = true) -> PNGChunks {
        var copy = self
        let index = afterIHDR ? (chunks.firstIndex { $0.type == "IHDR" }.map { $0 + 1 } ?? 0)
                              : (chunks.lastIndex { $0.type == "IEND" } ?? chunks.count)
        copy.chunks.insert(chunk, at: index)
        return copy
    }

    /// Without the chunks of these types.
    public func removing(_ types: Set<String>) -> PNGChunks {
        var copy = self
        copy.chunks.removeAll { types.contains($0.type) }
        return copy
    }

    /// A big-endian TIFF structure (what PNG's eXIf holds) whose IFD0 has only Orientation = `n`,
    /// followed by `padding` zero bytes.
    public static func exif(orientation n: Int, padding: Int = 0) -> [UInt8] {
        Array("MM".utf8) + [0, 42] + ImageFiles.be32(8) + [0, 1]
            + [0x01, 0x12, 0, 3] + ImageFiles.be32(1) + [0, UInt8(n), 0, 0] + ImageFiles.be32(0)
            + [UInt8](repeating: 0, count: padding)
    }
}
