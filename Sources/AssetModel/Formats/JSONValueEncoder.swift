/// `Encodable` → `JSONOutput`: the one encoder every file and message assetc writes goes through
/// (plan files, fragments, state, worker requests and replies). It produces a `JSONOutput`, so the
/// bytes keep the house format (sorted keys, short arrays of scalars on one line, the shortest
/// round-trip form of each double) that goldens and build engines depend on.
///
/// Integers stay integers and doubles stay doubles (`.integer` / `.number`); an optional encoded
/// with `encode(_:forKey:)` writes `null`, with `encodeIfPresent` writes nothing.
public struct JSONValueEncoder: Sendable {
    public init() {}

    public func encode<Value: Encodable>(_ value: Value) throws -> JSONOutput {
        let slot = Slot()
        try value.encode(to: SlotEncoder(slot: slot, codingPath: []))
        return slot.resolved()
    }

    /// The value as the bytes a file holds (pretty, sorted keys, final newline).
    public func encodeBytes<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        try encode(value).serializedBytes()
    }
}

/// One place in the tree being built; containers fill it in as the value encodes itself.
private final class Slot {
    enum Content {
        case unset
        case value(JSONOutput)
        case object([String: Slot])
        case array([Slot])
    }

    var content: Content = .unset

    func resolved() -> JSONOutput {
        switch content {
        case .unset: return .object([:])
        case .value(let value): return value
        case .object(let members): return .object(members.mapValues { $0.resolved() })
        case .array(let items): return .array(items.map { $0.resolved() })
        }
    }

    func member(_ key: String) -> Slot {
        var members: [String: Slot] = [:]
        if case .object(let existing) = content { members = existing }
        let slot = members[key] ?? Slot()
        members[key] = slot
        content = .object(members)
        return slot
    }

    func append() -> Slot {
        var items: [Slot] = []
        if case .array(let existing) = content { items = existing }
        let slot = Slot()
        items.append(slot)
        content = .array(items)
        return slot
    }

    func becomeObject() { if case .object = content {} else { content = .object([:]) } }
    func becomeArray() { if case .array = content {} else { content = .array([]) } }
}

/// A key by name or array position, for paths in messages and for objects of any keys
/// (`JSONOutput`'s members); shared by the encoder and the decoder.
struct JSONCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

/// Scalars as `JSONOutput`; shared by the three container kinds.
private func scalar<Value: Encodable>(_ value: Value, at path: [any CodingKey]) throws -> JSONOutput {
    switch value {
    case let value as String: return .string(value)
    case let value as Bool: return .bool(value)
    case let value as Double: return .number(value)
    case let value as Float: return .number(Double(value))
    case let value as Int: return .integer(value)
    case let value as Int8: return .integer(Int(value))
    case let value as Int16: return .integer(Int(value))
    case let value as Int32: return .integer(Int(value))
    case let value as Int64: return .integer(Int(value))
    case let value as UInt8: return .integer(Int(value))
    case let value as UInt16: return .integer(Int(value))
    case let value as UInt32: return .integer(Int(value))
    case let value as UInt64:
        guard let exact = Int(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) does not fit an Int"))
        }
        return .integer(exact)
    case let value as UInt:
        guard let exact = Int(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) does not fit an Int"))
        }
        return .integer(exact)
    case let value as JSONOutput: return value
    default:
        let slot = Slot()
        try value.encode(to: SlotEncoder(slot: slot, codingPath: path))
        return slot.resolved()
    }
}

private struct SlotEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(KeyedSlot<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeArray()
        return UnkeyedSlot(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleSlot(slot: slot, codingPath: codingPath) }
}

private struct KeyedSlot<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        slot.member(key.stringValue).content = .value(try scalar(value, at: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedSlot<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = slot.member(key.stringValue)
        child.becomeArray()
        return UnkeyedSlot(slot: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { SlotEncoder(slot: slot.member("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedSlot: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = slot.content { return items.count }
        return 0
    }

    private var nextPath: [any CodingKey] { codingPath + [JSONCodingKey(intValue: count)] }

    mutating func encodeNil() throws { slot.append().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        slot.append().content = .value(try scalar(value, at: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let child = slot.append()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedSlot<NestedKey>(slot: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = slot.append()
        child.becomeArray()
        return UnkeyedSlot(slot: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return SlotEncoder(slot: slot.append(), codingPath: path)
    }
}

private struct SingleSlot: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.content = .value(try scalar(value, at: codingPath)) }
}
