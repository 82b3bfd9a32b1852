extension Double {
    /// The number with exactly `places` digits after the point, written as C's `printf("%.*f")`
    /// writes it (and so as `String(format: "%.3f", x)` did): the exact binary value rounded to
    /// nearest, ties to even; a minus sign whenever the sign bit is set (`-0.000` for -0.0001 and
    /// for -0.0); `nan`, `-nan`, `inf`, `-inf`. Exact for every double, without the C library's
    /// variadic formatter, which Swift cannot call directly.
    public func fixed(_ places: Int) -> String {
        precondition(places >= 0, "a number of decimal places")
        let sign = self.sign == .minus ? "-" : ""
        if isNaN { return sign + "nan" }
        if isInfinite { return sign + "inf" }
        // self = significand × 2^exponent with an integer significand.
        let biased = Int(exponentBitPattern)
        let significand = biased == 0 ? significandBitPattern : significandBitPattern | (1 << 52)
        let exponent = biased == 0 ? -1074 : biased - 1075
        var whole: [UInt8], fraction: [UInt8]
        if exponent >= 0 {
            var big = DecimalDigits(significand)
            big.multiply(byPowerOf: 2, exponent)
            (whole, fraction) = (big.digits(), [])
        } else {
            let shift = -exponent
            let integer = shift < 64 ? significand >> shift : 0
            let remainder = shift < 64 ? significand & ((1 << shift) - 1) : significand
            // remainder / 2^shift = remainder × 5^shift / 10^shift: exactly `shift` decimal digits.
            var big = DecimalDigits(remainder)
            big.multiply(byPowerOf: 5, shift)
            let digits = big.digits()
            whole = DecimalDigits(integer).digits()
            fraction = [UInt8](repeating: 0, count: max(0, shift - digits.count)) + digits
        }
        var kept = whole + fraction.prefix(places)
        kept += [UInt8](repeating: 0, count: whole.count + places - kept.count)
        let next = places < fraction.count ? fraction[places] : 0
        let restIsZero = fraction.dropFirst(places + 1).allSatisfy { $0 == 0 }
        if next > 5 || (next == 5 && (!restIsZero || kept[kept.count - 1] % 2 == 1)) {
            var index = kept.count - 1
            while index >= 0 && kept[index] == 9 { kept[index] = 0; index -= 1 }
            if index >= 0 { kept[index] += 1 } else { kept.insert(1, at: 0) }
        }
        let integerCount = kept.count - places
        func text(_ digits: ArraySlice<UInt8>) -> String {
            String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        }
        return sign + text(kept[..<integerCount]) + (places > 0 ? "." + text(kept[integerCount...]) : "")
    }
}

/// A non-negative integer of any size, in base-10⁹ limbs (least significant first): enough
/// arithmetic to write a double's exact decimal expansion.
private struct DecimalDigits {
    private static let base: UInt64 = 1_000_000_000
    private var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = [value % Self.base, (value / Self.base) % Self.base, value / Self.base / Self.base]
    }

    /// Multiplies by `factor`^`count`, a factor of 2 or 5, in steps that keep each limb's product
    /// below 2⁶⁴ (limb < 10⁹, step ≤ 2³²).
    mutating func multiply(byPowerOf factor: UInt64, _ count: Int) {
        let perStep = factor == 2 ? 32 : 13   // 2³² and 5¹³ (1,220,703,125) are each below 2³²
        var left = count
        while left > 0 {
            let n = min(left, perStep)
            var multiplier: UInt64 = 1
            for _ in 0..<n { multiplier *= factor }
            multiply(by: multiplier)
            left -= n
        }
    }

    private mutating func multiply(by multiplier: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * multiplier + carry
            limbs[index] = product % Self.base
            carry = product / Self.base
        }
        while carry > 0 {
            limbs.append(carry % Self.base)
            carry /= Self.base
        }
    }

    /// The decimal digits, most significant first, without leading zeros ([0] for zero).
    func digits() -> [UInt8] {
        var digits: [UInt8] = []
        for limb in limbs.reversed() {
            var chunk = [UInt8](repeating: 0, count: 9)
            var value = limb
            for position in stride(from: 8, through: 0, by: -1) {
                chunk[position] = UInt8(value % 10)
                value /= 10
            }
            digits += chunk
        }
        let first = digits.firstIndex { $0 != 0 } ?? digits.count - 1
        return Array(digits[first...])
    }
}
