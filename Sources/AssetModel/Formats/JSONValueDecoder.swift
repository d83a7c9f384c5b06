/// `JSONNode` → `Decodable`: the decoding half of `JSONValueEncoder`, for everything assetc reads
/// back that it wrote itself (plan files, fragments, state, worker messages). The manifest keeps
/// its own reader (`ManifestDecoder`), which reports each problem at its line and column.
///
/// Strict: a missing key, a wrong type or a number that is not an exact integer where one is
/// expected fails, and the message names the path and the position in the file.
public struct JSONValueDecoder: Sendable {
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
        public init(_ message: Diagnostic.Message) { self.message = message.text }
    }

    public init() {}

    public func decode<Value: Decodable>(_ type: Value.Type, from node: JSONNode) throws(Failure) -> Value {
        do {
            return try Value(from: NodeDecoder(node: node, codingPath: []))
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(.init(relaying: String(describing: error)))
        }
    }

    public func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws(Failure) -> Value {
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw Failure(.syntaxError(error))
        }
        return try decode(type, from: node)
    }
}

private func describe(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
}

private func failure(_ what: Diagnostic.Message, _ node: JSONNode, _ path: [any CodingKey]) -> JSONValueDecoder.Failure {
    .init(.decodingProblem(what, path: path, at: node.location))
}

private func decodeScalar<Value: Decodable>(_ type: Value.Type, _ node: JSONNode, _ path: [any CodingKey]) throws -> Value {
    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let value, let literal) = node.value else { throw failure(.expected(.integer, found: node.typeName), node, path) }
        if let exact = I(literal) { return exact }
        guard value.rounded() == value, let exact = I(exactly: value) else {
            throw failure(.expected(.integer, found: literal), node, path)
        }
        return exact
    }
    switch type {
    case is String.Type:
        guard case .string(let text) = node.value else { throw failure(.expected(.string, found: node.typeName), node, path) }
        return text as! Value
    case is Bool.Type:
        guard case .bool(let flag) = node.value else { throw failure(.expected(.boolean, found: node.typeName), node, path) }
        return flag as! Value
    case is Double.Type:
        guard case .number(let value, _) = node.value else { throw failure(.expected(.number, found: node.typeName), node, path) }
        return value as! Value
    case is Float.Type:
        guard case .number(let value, _) = node.value else { throw failure(.expected(.number, found: node.typeName), node, path) }
        return Float(value) as! Value
    case is Int.Type: return try integer(Int.self) as! Value
    case is Int8.Type: return try integer(Int8.self) as! Value
    case is Int16.Type: return try integer(Int16.self) as! Value
    case is Int32.Type: return try integer(Int32.self) as! Value
    case is Int64.Type: return try integer(Int64.self) as! Value
    case is UInt.Type: return try integer(UInt.self) as! Value
    case is UInt8.Type: return try integer(UInt8.self) as! Value
    case is UInt16.Type: return try integer(UInt16.self) as! Value
    case is UInt32.Type: return try integer(UInt32.self) as! Value
    case is UInt64.Type: return try integer(UInt64.self) as! Value
    // A part of an input passed through as written (a catalog's `resizing`).
    case is JSONOutput.Type: return JSONOutput(node) as! Value
    default: return try Value(from: NodeDecoder(node: node, codingPath: path))
    }
}

private struct NodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else { throw failure(.expected(.object, found: node.typeName), node, codingPath) }
        // The last of repeated keys wins, as in `JSONOutput.init(_:)`; assetc never writes repeats.
        var byKey: [String: JSONNode] = [:]
        for member in members { byKey[member.key] = member.value }
        return KeyedDecodingContainer(KeyedNode<Key>(node: node, members: byKey, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node.value else { throw failure(.expected(.array, found: node.typeName), node, codingPath) }
        return UnkeyedNode(node: node, items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleNode(node: node, codingPath: codingPath) }
}

private struct KeyedNode<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: JSONNode
    let members: [String: JSONNode]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONNode {
        guard let value = members[key.stringValue] else {
            throw failure(.keyIsMissing(key.stringValue), node, codingPath)
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key).value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeScalar(type, try member(key), codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue] else { return nil }
        if case .null = value.value { return nil }
        return try decodeScalar(type, value, codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { NodeDecoder(node: node, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: try member(key), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNode: UnkeyedDecodingContainer {
    let node: JSONNode
    let items: [JSONNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(node: JSONNode, items: [JSONNode], codingPath: [any CodingKey]) { (self.node, self.items, self.codingPath) = (node, items, codingPath) }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (JSONNode, [any CodingKey]) {
        guard !isAtEnd else { throw failure(.arrayTooShort(count: items.count), node, codingPath) }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [JSONCodingKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw failure(.arrayTooShort(count: items.count), node, codingPath) }
        if case .null = items[currentIndex].value { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (item, path) = try next()
        return try decodeScalar(type, item, path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, path) = try next()
        return try NodeDecoder(node: item, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (item, path) = try next()
        return try NodeDecoder(node: item, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (item, path) = try next()
        return NodeDecoder(node: item, codingPath: path)
    }
}

private struct SingleNode: SingleValueDecodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeScalar(type, node, codingPath) }
}

extension UnkeyedDecodingContainer {
    /// Reads the rest as the fixed-length tuple the writer wrote, refusing extra elements.
    public mutating func expectEnd() throws {
        if !isAtEnd { throw JSONValueDecoder.Failure(.moreElementsThanExpected(at: codingPath)) }
    }
}

/// A value written as a two-element array of other types (`["red", 0.5]`, `["dark", false]`):
/// read exactly two, refusing more.
func decodePair<First: Decodable, Second: Decodable>(_ first: First.Type, _ second: Second.Type,
                                                    from decoder: any Decoder) throws -> (First, Second) {
    var items = try decoder.unkeyedContainer()
    let pair = (try items.decode(First.self), try items.decode(Second.self))
    try items.expectEnd()
    return pair
}

func encodePair(_ first: some Encodable, _ second: some Encodable, to encoder: any Encoder) throws {
    var items = encoder.unkeyedContainer()
    try items.encode(first)
    try items.encode(second)
}

/// What a decoder asked a JSON value to be, as its messages say it.
private enum JSONExpectedKind: String {
    case integer = "an integer", string = "a string", boolean = "a boolean", number = "a number", object = "an object", array = "an array"
}

extension Diagnostic.Message {
    /// A file assetc wrote that no longer parses: the parser's message and where.
    fileprivate static func syntaxError(_ error: JSONSyntaxError) -> Diagnostic.Message { "\(error.message) at \(error.location.line):\(error.location.column)" }

    /// `what` at the coding path and the node's line and column: `.variants[3] at 12:5: expected a string, found null`.
    fileprivate static func decodingProblem(_ what: Diagnostic.Message, path: [any CodingKey], at location: SourceLocation) -> Diagnostic.Message { "\(describe(path)) at \(location.line):\(location.column): \(what)" }

    /// `found` is the JSON type's name or the number as written.
    fileprivate static func expected(_ kind: JSONExpectedKind, found: String) -> Diagnostic.Message { "expected \(kind.rawValue), found \(found)" }

    fileprivate static func keyIsMissing(_ key: String) -> Diagnostic.Message { "\"\(key)\" is missing" }

    fileprivate static func arrayTooShort(count: Int) -> Diagnostic.Message { "the array has only \(count) elements" }

    fileprivate static func moreElementsThanExpected(at codingPath: [any CodingKey]) -> Diagnostic.Message { "more elements than expected at \(codingPath.map(\.stringValue).joined(separator: "."))" }
}
