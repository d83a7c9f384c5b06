/// A JSON value that remembers where it was written, so every manifest error can name line and column.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// The number's literal text is kept so integers are checked exactly.
        case number(Double, literal: String)
        case bool(Bool)
        case null
    }

    public struct Member: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSONNode
    }

    public var value: Value
    public var location: SourceLocation

    public var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var location: SourceLocation

    init(message: Diagnostic.Message, location: SourceLocation) {
        (self.message, self.location) = (message.text, location)
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes. Hand-written because Foundation's parser reports no
/// positions; nesting is bounded so hostile input cannot exhaust the stack.
public struct JSONParser {
    public static let maximumDepth = Limits.maximumJSONDepth

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.failure(.textAfterTopLevelValue)
        }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var here: SourceLocation { SourceLocation(line: line, column: column) }

    private func failure(_ message: Diagnostic.Message, at location: SourceLocation? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location ?? here)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1  // count scalars, not continuation bytes
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private mutating func expect(_ literal: String) throws(JSONSyntaxError) {
        let start = here
        for expected in literal.utf8 {
            guard current == expected else { throw failure(.invalidLiteral(expected: literal), at: start) }
            advance()
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = here
        guard let byte = current else { throw failure(.endOfFileBeforeValue) }
        switch byte {
        case UInt8(ascii: "{"):
            return JSONNode(value: .object(try parseObject(depth: depth + 1)), location: start)
        case UInt8(ascii: "["):
            return JSONNode(value: .array(try parseArray(depth: depth + 1)), location: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), location: start)
        case UInt8(ascii: "t"):
            try expect("true")
            return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try expect("false")
            return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try expect("null")
            return JSONNode(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw failure(.unexpectedCharacter(Self.printable(byte)))
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    private mutating func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > Self.maximumDepth {
            throw failure(.nestingTooDeep(limit: Self.maximumDepth))
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
        if try opensEmptyList(closedBy: "}", depth: depth) { return [] }
        var members: [JSONNode.Member] = []
        // Keys are compared as bytes (as a file system compares names), and through a set, so an
        // object with 20,000 keys (a large build state) parses in linear time.
        var keys: Set<[UInt8]> = []
        while true {
            skipWhitespace()
            let keyLocation = here
            guard current == UInt8(ascii: "\"") else { throw failure(.expectedQuotedKey) }
            let key = try parseString()
            if !keys.insert(Array(key.utf8)).inserted {
                throw failure(.duplicateKey(key), at: keyLocation)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure(.expectedColon(afterKey: key)) }
            advance()
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            if try !continuesList(closedBy: "}") { return members }
        }
    }

    /// Past an opening bracket one level deeper: true (and past the closing one too) when the
    /// object or array is empty.
    private mutating func opensEmptyList(closedBy close: Unicode.Scalar, depth: Int) throws(JSONSyntaxError) -> Bool {
        try checkDepth(depth)
        advance()  // the opening bracket
        skipWhitespace()
        guard current == UInt8(ascii: close) else { return false }
        advance()
        return true
    }

    /// After a member or element: true past a `,`, false past the closing bracket; any other byte is
    /// an error naming both.
    private mutating func continuesList(closedBy close: Unicode.Scalar) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            advance()
            return true
        case UInt8(ascii: close):
            advance()
            return false
        case nil:
            throw failure(.endOfFileBeforeSeparator(close))
        default:
            throw failure(.expectedSeparator(close))
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        if try opensEmptyList(closedBy: "]", depth: depth) { return [] }
        var elements: [JSONNode] = []
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            if try !continuesList(closedBy: "]") { return elements }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = here
        advance()  // opening quote
        // Fast path: most strings (names, paths, hashes) hold no escape. Scan to the closing quote
        // and decode the bytes once; strings never span lines, so only the column moves.
        var end = index
        var scalarCount = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte & 0xC0 != 0x80 { scalarCount += 1 }
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[index..<end], as: UTF8.self) else {
                throw JSONSyntaxError(message: .stringIsNotUTF8, location: start)
            }
            index = end + 1
            column += scalarCount + 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        var pending: [UInt8] = []
        func flush() throws(JSONSyntaxError) {
            guard !pending.isEmpty else { return }
            guard let text = String(validating: pending, as: UTF8.self) else {
                throw JSONSyntaxError(message: .stringIsNotUTF8, location: start)
            }
            scalars.append(contentsOf: text.unicodeScalars)
            pending.removeAll(keepingCapacity: true)
        }
        while true {
            guard let byte = current else { throw failure(.unterminatedString, at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                advance()
                scalars.append(try parseEscape())
            case 0x00..<0x20:
                throw failure(.unescapedControlCharacter)
            default:
                pending.append(byte)
                advance()
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> UnicodeScalar {
        guard let byte = current else { throw failure(.unterminatedEscape) }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\") else { throw failure(.unpairedSurrogate) }
                advance()
                guard current == UInt8(ascii: "u") else { throw failure(.unpairedSurrogate) }
                advance()
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure(.unpairedSurrogate) }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = UnicodeScalar(value) else { throw failure(.invalidUnicodeEscape) }
                return scalar
            }
            guard let scalar = UnicodeScalar(high) else { throw failure(.unpairedSurrogate) }
            return scalar
        default:
            throw failure(.invalidEscape(Self.printable(byte)))
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure(.unterminatedUnicodeEscape) }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure(.invalidHexDigit)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode {
        let start = here
        let begin = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        if current == UInt8(ascii: "-") { advance() }
        guard isDigit(current) else { throw failure(.invalidNumber, at: start) }
        if current == UInt8(ascii: "0") {
            advance()
            if isDigit(current) { throw failure(.leadingZero, at: start) }
        } else {
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard isDigit(current) else { throw failure(.noDigitsAfterPoint, at: start) }
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard isDigit(current) else { throw failure(.noDigitsInExponent, at: start) }
            while isDigit(current) { advance() }
        }
        let literal = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard let number = Double(literal), number.isFinite else {
            throw failure(.numberOutOfRange(literal), at: start)
        }
        return JSONNode(value: .number(number, literal: literal), location: start)
    }
}

extension Diagnostic.Message {
    // The parser's messages, each in the order the parser meets its case: first those that say
    // nothing more, then those that name what was found.
    fileprivate static let textAfterTopLevelValue: Diagnostic.Message = "unexpected text after the top-level value"
    fileprivate static let endOfFileBeforeValue: Diagnostic.Message = "unexpected end of file; expected a value"
    fileprivate static let expectedQuotedKey: Diagnostic.Message = "expected a quoted key"
    fileprivate static let stringIsNotUTF8: Diagnostic.Message = "string is not valid UTF-8"
    fileprivate static let unterminatedString: Diagnostic.Message = "unterminated string"
    fileprivate static let unescapedControlCharacter: Diagnostic.Message = "control character in string; escape it"
    fileprivate static let unterminatedEscape: Diagnostic.Message = "unterminated escape"
    fileprivate static let unpairedSurrogate: Diagnostic.Message = "unpaired surrogate in \\u escape"
    fileprivate static let invalidUnicodeEscape: Diagnostic.Message = "invalid \\u escape"
    fileprivate static let unterminatedUnicodeEscape: Diagnostic.Message = "unterminated \\u escape"
    fileprivate static let invalidHexDigit: Diagnostic.Message = "invalid hex digit in \\u escape"
    fileprivate static let invalidNumber: Diagnostic.Message = "invalid number"
    fileprivate static let leadingZero: Diagnostic.Message = "numbers must not have leading zeros"
    fileprivate static let noDigitsAfterPoint: Diagnostic.Message = "invalid number: digits must follow '.'"
    fileprivate static let noDigitsInExponent: Diagnostic.Message = "invalid number: digits must follow the exponent"

    fileprivate static func invalidLiteral(expected literal: String) -> Diagnostic.Message { "invalid literal; expected '\(literal)'" }

    /// `character` is the byte as printed: itself when printable ASCII, else `\u{…}`.
    fileprivate static func unexpectedCharacter(_ character: String) -> Diagnostic.Message { "unexpected character '\(character)'; expected a value" }

    fileprivate static func nestingTooDeep(limit: Int) -> Diagnostic.Message { "nesting is deeper than \(limit) levels" }

    fileprivate static func duplicateKey(_ key: String) -> Diagnostic.Message { "duplicate key '\(key)'" }

    fileprivate static func expectedColon(afterKey key: String) -> Diagnostic.Message { "expected ':' after key '\(key)'" }

    /// `close` is the bracket that would end the object or array.
    fileprivate static func endOfFileBeforeSeparator(_ close: Unicode.Scalar) -> Diagnostic.Message { "unexpected end of file; expected ',' or '\(close)'" }

    fileprivate static func expectedSeparator(_ close: Unicode.Scalar) -> Diagnostic.Message { "expected ',' or '\(close)'" }

    fileprivate static func invalidEscape(_ character: String) -> Diagnostic.Message { "invalid escape '\\\(character)'" }

    fileprivate static func numberOutOfRange(_ literal: String) -> Diagnostic.Message { "number '\(literal)' is out of range" }
}
