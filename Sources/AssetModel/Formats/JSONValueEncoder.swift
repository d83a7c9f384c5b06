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
///
/// Members and items live in stored properties of their own, not inside an enum payload: taking a
/// dictionary out of an enum case, adding to it and putting it back copies it each time (the enum
/// still holds the old reference), which made encoding n members cost n² (a 20,000-image state file).
private final class Slot {
    enum Kind {
        case unset
        case value(JSONOutput)
        case object
        case array
    }

    private(set) var kind: Kind = .unset
    private var members: [String: Slot] = [:]
    private var items: [Slot] = []

    var itemCount: Int { items.count }

    func set(_ value: JSONOutput) {
        kind = .value(value)
        members = [:]
        items = []
    }

    func resolved() -> JSONOutput {
        switch kind {
        case .unset: return .object([:])
        case .value(let value): return value
        case .object: return .object(members.mapValues { $0.resolved() })
        case .array: return .array(items.map { $0.resolved() })
        }
    }

    func member(_ key: String) -> Slot {
        becomeObject()
        if let slot = members[key] { return slot }
        let slot = Slot()
        members[key] = slot
        return slot
    }

    func append() -> Slot {
        becomeArray()
        let slot = Slot()
        items.append(slot)
        return slot
    }

    func becomeObject() {
        if case .object = kind { return }
        kind = .object
        members = [:]
        items = []
    }

    func becomeArray() {
        if case .array = kind { return }
        kind = .array
        members = [:]
        items = []
    }
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

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).set(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        slot.member(key.stringValue).set(try scalar(value, at: codingPath + [key]))
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
    var count: Int { slot.itemCount }

    private var nextPath: [any CodingKey] { codingPath + [JSONCodingKey(intValue: count)] }

    mutating func encodeNil() throws { slot.append().set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        slot.append().set(try scalar(value, at: path))
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

    mutating func encodeNil() throws { slot.set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.set(try scalar(value, at: codingPath)) }
}
