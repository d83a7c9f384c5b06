/// IEEE 754 binary16 bits of a `Float`, rounded to nearest, ties to even: the pixels of a
/// wide-gamut (`RGBW`) rendition. Written out rather than through Swift's `Float16`, which Intel
/// Macs do not have.
enum HalfFloat {
    static func bits(_ value: Float) -> UInt16 {
        let single = value.bitPattern
        let sign = UInt16((single >> 16) & 0x8000)
        let exponent = Int((single >> 23) & 0xFF)
        let mantissa = single & 0x7F_FFFF
        if exponent == 0xFF { return sign | 0x7C00 | (mantissa == 0 ? 0 : 0x200) }  // infinity, NaN
        let biased = exponent - 127 + 15
        if biased >= 0x1F { return sign | 0x7C00 }  // beyond 65504: infinity
        if biased <= 0 {
            // A subnormal half (or zero): the significand with its leading 1, shifted down.
            guard biased >= -10 else { return sign }
            let significand = mantissa | 0x80_0000
            let shift = UInt32(14 - biased)
            var half = significand >> shift
            let rest = significand & ((1 << shift) - 1), halfway = UInt32(1) << (shift - 1)
            if rest > halfway || (rest == halfway && half & 1 == 1) { half += 1 }
            return sign | UInt16(half)
        }
        var half = UInt32(biased) << 10 | mantissa >> 13
        let rest = mantissa & 0x1FFF
        // A carry out of the mantissa moves into the exponent, which is the right rounding.
        if rest > 0x1000 || (rest == 0x1000 && half & 1 == 1) { half += 1 }
        return sign | UInt16(half)
    }

    /// The largest finite half float.
    static let maximum: Float = 65504
}
