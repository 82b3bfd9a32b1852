/// Progressive JPEGs written by hand (ITU-T T.81, G.1.2.2 and F.1.2.2): grey, every DCT
/// coefficient 0, so djpeg decodes them to mid-grey (128). A DC scan codes each block's difference
/// 0 in one bit; each AC scan (band 1–63, Ah = Al = 0) is nothing but end-of-band runs (EOBn: a run
/// of 2ⁿ to 2ⁿ⁺¹ − 1 blocks, n extra bits) over every block. Repeated, the AC scan is a valid first
/// pass over the same band again (libjpeg warns of nothing), each one costing the decoder a pass
/// over all the blocks: 3,000 of them over 16000 × 16000 px (4 million blocks) are 1.4 MB.
public enum ProgressiveJPEG {
    /// A `side` × `side` grey JPEG with one DC scan and `acScans` identical AC scans.
    public static func grey(side: Int, acScans: Int) -> [UInt8] {
        let blocks = ((side + 7) / 8) * ((side + 7) / 8)
        var dc = BitWriter()
        for _ in 0..<blocks { dc.put(0, bits: 1) }                  // DC table: "0" → difference 0
        var ac = BitWriter()
        var left = blocks
        while left > 0 {
            let run = min(left, 32767)
            let n = Int.bitWidth - 1 - run.leadingZeroBitCount       // 2ⁿ ≤ run < 2ⁿ⁺¹
            ac.put(n, bits: 4)                                       // AC table: EOBn has the code n in 4 bits
            ac.put(run - (1 << n), bits: n)
            left -= run
        }
        let header: [UInt8] = [0xFF, 0xD8]
            + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
            + segment(0xC2, [8, UInt8(side >> 8), UInt8(side & 255), UInt8(side >> 8), UInt8(side & 255), 1, 1, 0x11, 0])
            + segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
            // 15 codes of 4 bits, EOB0 (0x00) to EOB14 (0xE0): the code n is symbol n << 4.
            + segment(0xC4, [0x10, 0, 0, 0, 15] + [UInt8](repeating: 0, count: 12) + (0..<15).map { UInt8($0 << 4) })
        let dcScan = segment(0xDA, [1, 1, 0x00, 0, 0, 0]) + dc.bytes
        let acScan = segment(0xDA, [1, 1, 0x00, 1, 63, 0]) + ac.bytes
        var file = header + dcScan
        file.reserveCapacity(file.count + acScan.count * acScans + 2)
        for _ in 0..<acScans { file += acScan }
        return file + [0xFF, 0xD9]
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body
    }

    /// Bits, most significant first, with a 0 stuffed after every 0xFF and the last byte padded with 1s.
    private struct BitWriter {
        private var out: [UInt8] = []
        private var value = 0, count = 0

        mutating func put(_ code: Int, bits: Int) {
            for i in stride(from: bits - 1, through: 0, by: -1) {
                value = value << 1 | (code >> i & 1)
                count += 1
                if count == 8 {
                    out.append(UInt8(value))
                    if value == 0xFF { out.append(0) }
                    value = 0
                    count = 0
                }
            }
        }

        var bytes: [UInt8] {
            var copy = self
            if copy.count > 0 { copy.put((1 << (8 - copy.count)) - 1, bits: 8 - copy.count) }
            return copy.out
        }
    }
}
