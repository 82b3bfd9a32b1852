/// JPEGs written byte by byte after ITU-T T.81, as big as the limits allow but cheap to make:
/// every block codes the same coefficients (DC difference 0, then eight AC coefficients of +1),
/// with Huffman tables of two codes, so the entropy-coded data is one short bit pattern repeated
/// and a 16000 × 16000 file is made in a few milliseconds. libjpeg decodes them like any other:
/// every coefficient goes through its Huffman decoder and every block through the IDCT.
enum SyntheticJPEG {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 255), UInt8(value & 255)] }

    /// A marker segment: FF, the marker, the length (counting itself), the body (T.81 B.1.1.4).
    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + be16(body.count + 2) + body }

    /// DQT: table 0, 8-bit, every step 16 (T.81 B.2.4.1).
    static let quantisation = segment(0xDB, [0x00] + [UInt8](repeating: 16, count: 64))

    /// DHT (T.81 B.2.4.2: class and id, 16 counts of codes by length, the symbols): DC table 0 has
    /// one code, "0", for category 0 (a difference of 0); AC table 0 has "0" for run 0 / size 1 and
    /// "10" for EOB (EOB0 in a progressive scan).
    static let huffmanTables = segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00]
                                             + [0x10, 1, 1] + [UInt8](repeating: 0, count: 14) + [0x01, 0x00])

    /// SOF0 (baseline) or SOF2 (progressive): 8-bit samples, `components` of them unsubsampled
    /// (1: grey, 3: YCbCr 4:4:4), all with quantisation table 0 (T.81 B.2.2).
    static func frame(progressive: Bool, width: Int, height: Int, components: Int) -> [UInt8] {
        segment(progressive ? 0xC2 : 0xC0, [8] + be16(height) + be16(width) + [UInt8(components)]
                + (1...components).flatMap { [UInt8($0), 0x11, 0] })
    }

    /// SOS for `components` (ids), with Huffman tables 0, spectral selection `start`...`end`,
    /// successive approximation 0 (T.81 B.2.3).
    static func scan(_ components: [Int], start: Int, end: Int) -> [UInt8] {
        segment(0xDA, [UInt8(components.count)] + components.flatMap { [UInt8($0), 0x00] } + [UInt8(start), UInt8(end), 0])
    }

    /// The bits of `blocks` blocks, each coded as `pattern` (characters "0" and "1"), padded with
    /// 1 bits to a whole byte (T.81 F.1.2.3); `blocks` is a multiple of the pattern's period so the
    /// bytes repeat whole. The patterns used hold no run of eight 1 bits, so no byte is 0xFF and
    /// none needs stuffing.
    static func entropyData(pattern: String, blocks: Int) -> [UInt8] {
        let bits = pattern.utf8.map { $0 == UInt8(ascii: "1") }
        var period = 1
        while period * bits.count % 8 != 0 { period += 1 }
        precondition(blocks % period == 0, "\(blocks) blocks are not whole periods of \(period)")
        var bytes: [UInt8] = []
        var byte = 0, filled = 0
        for bit in (0..<period).flatMap({ _ in bits }) {
            byte = byte << 1 | (bit ? 1 : 0)
            filled += 1
            if filled == 8 { bytes.append(UInt8(byte)); byte = 0; filled = 0 }
        }
        precondition(!bytes.contains(0xFF))
        return repeated(bytes, times: blocks / period)
    }

    /// `bytes` `times` over, by doubling (a few copies, not millions of appends).
    static func repeated(_ bytes: [UInt8], times: Int) -> [UInt8] {
        var out = bytes
        out.reserveCapacity(bytes.count * times)
        while out.count * 2 <= bytes.count * times { out += out }
        out += out.prefix(bytes.count * times - out.count)
        return out
    }

    /// Eight AC coefficients of +1 (run 0 / size 1 "0", then the bit "1"), then EOB "10".
    static let acPattern = String(repeating: "01", count: 8) + "10"

    /// A baseline JPEG, `components` interleaved (an MCU is one block of each), every block DC
    /// "0" then `acPattern`: 19 bits a block. `width` and `height` are multiples of 8.
    static func baseline(width: Int, height: Int, components: Int = 3) -> [UInt8] {
        let blocks = width / 8 * (height / 8) * components
        return [0xFF, 0xD8] + quantisation + huffmanTables + frame(progressive: false, width: width, height: height, components: components)
            + scan(Array(1...components), start: 0, end: 63) + entropyData(pattern: "0" + acPattern, blocks: blocks) + [0xFF, 0xD9]
    }

    /// A progressive grey JPEG: the DC scan (1 bit a block), then one scan of AC coefficients
    /// 1…63 (`acPattern`, 18 bits a block) `acScans` times over (the later ones a repetition
    /// libjpeg warns about and decodes again).
    static func progressive(width: Int, height: Int, acScans: Int = 1) -> [UInt8] {
        let blocks = width / 8 * (height / 8)
        let ac = scan([1], start: 1, end: 63) + entropyData(pattern: acPattern, blocks: blocks)
        return [0xFF, 0xD8] + quantisation + huffmanTables + frame(progressive: true, width: width, height: height, components: 1)
            + scan([1], start: 0, end: 0) + entropyData(pattern: "0", blocks: blocks)
            + repeated(ac, times: acScans) + [0xFF, 0xD9]
    }
}
