/// Reads SVG numbers: signs, decimals, exponents, and the run-together forms path data allows
/// (`1.5.5` is 1.5 then .5, `1-2` is 1 then -2).
struct SVGNumberScanner {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ text: Substring) { bytes = Array(text.utf8) }

    static func numbers(in text: Substring) -> [Double]? {
        var scanner = SVGNumberScanner(text)
        var values: [Double] = []
        while scanner.skipSeparators() {
            guard let value = scanner.number() else { return nil }
            values.append(value)
        }
        return values
    }

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    mutating func advance() { position += 1 }

    /// Skips spaces and commas; false at the end.
    mutating func skipSeparators() -> Bool {
        while let byte = peek, byte == 0x20 || byte == 0x2C || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        return !atEnd
    }

    mutating func number() -> Double? {
        let start = position
        if let byte = peek, byte == 0x2B || byte == 0x2D { position += 1 }
        var digits = 0
        while let byte = peek, byte >= 0x30 && byte <= 0x39 { position += 1; digits += 1 }
        if peek == 0x2E {
            position += 1
            while let byte = peek, byte >= 0x30 && byte <= 0x39 { position += 1; digits += 1 }
        }
        guard digits > 0 else { position = start; return nil }
        if let byte = peek, byte == 0x65 || byte == 0x45 {
            let mark = position
            position += 1
            if let sign = peek, sign == 0x2B || sign == 0x2D { position += 1 }
            var exponentDigits = 0
            while let byte = peek, byte >= 0x30 && byte <= 0x39 { position += 1; exponentDigits += 1 }
            if exponentDigits == 0 { position = mark }
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// An arc's flag: one `0` or `1`, which may run into the next number.
    mutating func flag() -> Bool? {
        guard skipSeparators(), let byte = peek, byte == 0x30 || byte == 0x31 else { return nil }
        position += 1
        return byte == 0x31
    }
}
