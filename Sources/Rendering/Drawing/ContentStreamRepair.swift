/// Drops the operators of a PDF content stream that Poppler would abandon the page on because a
/// non-finite number (`nan`, `-nan`, `inf`) took the place of their operands, keeping everything
/// else byte for byte.
///
/// Design tools write such operands (DuckDuckGo's shield icons hold `-nan -nan l`). Poppler reads
/// `-nan` as `-` and an unknown operator `nan`, which clears the operands read so far; an operator
/// that then has fewer operands than it takes (`l` with none) makes Poppler give up the rest of
/// the content stream: the open path and everything drawn after it are gone. Ghostscript (measured
/// here, docs/catalogs.md) skips just that operator — a line or curve segment — and draws the rest
/// of the path and the page; pdf.js skips such an operator too. So exactly those operators are
/// dropped, each with what stands between the operator before it and itself; anything Poppler
/// copes with (an operator still given all its operands after a `nan`, a `nan` inside an array)
/// is left as it is.
///
/// Pure bytes in, bytes out: no PDF library here (`QPDF.swift` takes the streams out of the file
/// and puts them back).
public enum ContentStreamRepair {
    public struct Result: Equatable, Sendable {
        public var bytes: [UInt8]
        /// Operators dropped, each with its operands.
        public var droppedOperators: Int
    }

    /// How many operands each fixed-arity operator takes (PDF 32000-1, Annex A); Poppler abandons
    /// the stream when one gets fewer. Operators with a variable count (`sc`, `scn`, `SC`, `SCN`)
    /// and those that take none are never short.
    static let operandCounts: [String: Int] = [
        "BDC": 2, "BMC": 1, "c": 6, "cm": 6, "CS": 1, "cs": 1, "d": 2, "d0": 2, "d1": 6, "Do": 1, "DP": 2,
        "G": 1, "g": 1, "gs": 1, "i": 1, "j": 1, "J": 1, "K": 4, "k": 4, "l": 2, "m": 2, "M": 1, "MP": 1,
        "re": 4, "RG": 3, "rg": 3, "ri": 1, "sh": 1, "Tc": 1, "Td": 2, "TD": 2, "Tf": 2, "TJ": 1, "Tj": 1,
        "TL": 1, "Tm": 6, "Tr": 1, "Ts": 1, "Tw": 1, "Tz": 1, "v": 4, "w": 1, "y": 4, "'": 1, "\"": 3,
    ]

    /// nil when no operator needs dropping (nothing to change).
    public static func droppingNonFiniteOperators(_ input: [UInt8]) -> Result? {
        var output: [UInt8] = []
        var dropped = 0
        var groupStart = 0  // just past the operator before: where the current operator's operands began
        var sawNonFinite = false  // a non-finite number among this operator's operands
        var operands = 0  // operands since the group began or since its last non-finite number
        var depth = 0  // inside arrays and dictionaries, which are single operands
        var copiedUpTo = 0  // input before this is already in `output` or dropped
        var at = 0
        let count = input.count

        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0 || byte == 9 || byte == 10 || byte == 12 || byte == 13 || byte == 32 }
        func isDelimiter(_ byte: UInt8) -> Bool {
            // ( ) < > [ ] { } / %
            byte == 0x28 || byte == 0x29 || byte == 0x3C || byte == 0x3E || byte == 0x5B || byte == 0x5D
                || byte == 0x7B || byte == 0x7D || byte == 0x2F || byte == 0x25
        }
        func operand() { if depth == 0 { operands += 1 } }
        /// Ends the current group at `end` (exclusive), whose operator `name` was just read.
        func finishGroup(operator name: ArraySlice<UInt8>?, end: Int) {
            if sawNonFinite, let name, let needed = operandCounts[String(decoding: name, as: UTF8.self)], operands < needed {
                // From the end of the operator before to the end of this one: the whitespace or
                // delimiter after it keeps the tokens either side apart.
                output += input[copiedUpTo..<groupStart]
                copiedUpTo = end
                dropped += 1
            }
            groupStart = end
            sawNonFinite = false
            operands = 0
        }

        while at < count {
            let byte = input[at]
            if isWhitespace(byte) {
                at += 1
                continue
            }
            switch byte {
            case 0x25:  // % comment, to the end of the line
                while at < count, input[at] != 10, input[at] != 13 { at += 1 }
            case 0x28:  // ( literal string ), nested parentheses and backslash escapes
                operand()
                var nesting = 0
                while at < count {
                    let c = input[at]
                    at += 1
                    if c == 0x5C { at += 1; continue }
                    if c == 0x28 { nesting += 1 } else if c == 0x29 { nesting -= 1; if nesting == 0 { break } }
                }
            case 0x3C:  // < hex string > or << dictionary
                operand()
                if at + 1 < count, input[at + 1] == 0x3C {
                    depth += 1
                    at += 2
                } else {
                    while at < count, input[at] != 0x3E { at += 1 }
                    at += 1
                }
            case 0x3E:  // >> (or a stray >)
                if at + 1 < count && input[at + 1] == 0x3E {
                    depth = max(0, depth - 1)
                    at += 2
                } else {
                    at += 1
                }
            case 0x5B:  // [ array
                operand()
                depth += 1
                at += 1
            case 0x5D:
                depth = max(0, depth - 1)
                at += 1
            case 0x7B, 0x7D:
                at += 1
            case 0x2F:  // /Name
                operand()
                at += 1
                while at < count, !isWhitespace(input[at]), !isDelimiter(input[at]) { at += 1 }
            default:
                let start = at
                while at < count, !isWhitespace(input[at]), !isDelimiter(input[at]) { at += 1 }
                if at == start { at += 1; continue }  // a stray byte: skipped as Poppler would
                let token = input[start..<at]
                if depth > 0 { continue }  // inside an array or dictionary: part of one operand
                if isNumber(token) || token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8)
                    || token.elementsEqual("null".utf8) {
                    operand()
                    continue
                }
                if isNonFinite(token) {
                    // Poppler takes it for an unknown operator, which clears the operands before it.
                    sawNonFinite = true
                    operands = 0
                    continue
                }
                if token.elementsEqual("BI".utf8) {
                    // An inline image: its dictionary, `ID`, binary data, `EI`. Copied as one unit.
                    at = endOfInlineImage(input, from: at)
                    finishGroup(operator: nil, end: at)
                    continue
                }
                finishGroup(operator: token, end: at)  // an operator
            }
        }
        guard dropped > 0 else { return nil }
        output += input[copiedUpTo..<count]
        return Result(bytes: output, droppedOperators: dropped)
    }

    /// `123`, `-4.5`, `.5`, `+7.`: PDF's numbers (no exponents).
    static func isNumber(_ token: ArraySlice<UInt8>) -> Bool {
        var digits = 0, dots = 0
        for (index, byte) in zip(token.indices, token) {
            if byte >= 0x30 && byte <= 0x39 { digits += 1; continue }
            if byte == 0x2E { dots += 1; continue }
            if (byte == 0x2B || byte == 0x2D) && index == token.startIndex { continue }
            return false
        }
        return digits > 0 && dots <= 1
    }

    /// `nan`, `-nan`, `NaN`, `inf`, `-Infinity`, and the C runtime's spellings `1.#QNAN`, `-1.#IND`,
    /// `1.#INF`: what printf writes for a number that is not finite. No PDF operator looks like these.
    static func isNonFinite(_ token: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: token, as: UTF8.self).lowercased()
        let unsigned = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
        if ["nan", "inf", "infinity"].contains(unsigned) { return true }
        return unsigned.contains("#qnan") || unsigned.contains("#snan") || unsigned.contains("#ind") || unsigned.contains("#inf")
    }

    /// Just past the `EI` that ends an inline image whose `BI` ends before `from`: past `ID` and one
    /// whitespace byte, the data runs to the first `EI` with whitespace before it and whitespace,
    /// a delimiter or the end after it (the rule Poppler and pdf.js follow for unfiltered data).
    static func endOfInlineImage(_ input: [UInt8], from: Int) -> Int {
        var at = from
        let count = input.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 0 || byte == 9 || byte == 10 || byte == 12 || byte == 13 || byte == 32 }
        // The `ID` keyword, standing alone.
        while at + 1 < count {
            if input[at] == 0x49, input[at + 1] == 0x44, at > 0, isSpace(input[at - 1]) || input[at - 1] == 0x3E || input[at - 1] == 0x5D,
               at + 2 >= count || isSpace(input[at + 2]) {
                at += 3
                break
            }
            at += 1
        }
        while at + 1 < count {
            if input[at] == 0x45, input[at + 1] == 0x49, isSpace(input[at - 1]), at + 2 >= count || isSpace(input[at + 2]) {
                return at + 2
            }
            at += 1
        }
        return count
    }
}
