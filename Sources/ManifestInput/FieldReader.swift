import AssetModel
import Foundation

/// Reads typed fields out of JSON objects, collecting a diagnostic for every problem instead of
/// stopping at the first, so one run of `assetc check` shows every mistake in the manifest.
final class FieldReader {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) { self.path = path }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func error(_ message: Diagnostic.Message, at location: SourceLocation) {
        diagnostics.append(.error(path, at: location, message))
    }

    func warning(_ message: Diagnostic.Message, at location: SourceLocation) {
        diagnostics.append(.warning(path, at: location, message))
    }

    /// The members of an object node, after reporting keys outside `allowed` (with the nearest valid key).
    func object(_ node: JSONNode, _ what: String, allowed: [String]) -> [String: JSONNode]? {
        guard case .object(let members) = node.value else {
            error(.mustBeAnObject(what, found: node.typeName), at: node.location)
            return nil
        }
        var fields: [String: JSONNode] = [:]
        for member in members {
            if allowed.contains(member.key) {
                fields[member.key] = member.value
            } else {
                var message: Diagnostic.Message = .unknownKey(member.key, in: what)
                if let suggestion = NameSuggestion.closest(to: member.key, among: allowed) {
                    message = message + .didYouMean(suggestion)
                } else {
                    message = message + .expectedOneOf(allowed)
                }
                error(message, at: member.keyLocation)
            }
        }
        return fields
    }

    func string(_ node: JSONNode, _ what: String) -> String? {
        guard case .string(let value) = node.value else {
            error(.mustBeAString(what, found: node.typeName), at: node.location)
            return nil
        }
        // JSON can carry "\u0000", and the file system stops a path at it: "Gen.swift\u0000" would
        // pass every check made on the string and then write over another file.
        if value.unicodeScalars.contains("\u{0}") {
            error(.mustNotContainNUL(what), at: node.location)
            return nil
        }
        return value
    }

    /// A name (image, bundle, icon set, launch base name) as the file system will store it: in
    /// Unicode NFC, so `é` typed as one code point or as `e` + accent is one name, and names are
    /// compared as bytes from here on. (Source paths are not normalised: they must match the disk.)
    func name(_ node: JSONNode, _ what: String) -> String? {
        string(node, what)?.precomposedStringWithCanonicalMapping
    }

    func bool(_ node: JSONNode, _ what: String) -> Bool? {
        guard case .bool(let value) = node.value else {
            error(.mustBeTrueOrFalse(what, found: node.typeName), at: node.location)
            return nil
        }
        return value
    }

    func integer(_ node: JSONNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let value, let literal) = node.value else {
            error(.mustBeAWholeNumber(what, found: node.typeName), at: node.location)
            return nil
        }
        guard value == value.rounded(), abs(value) <= 1e15, !literal.contains(".") || value == value.rounded() else {
            error(.mustBeAWholeNumber(what, found: literal), at: node.location)
            return nil
        }
        let integer = Int(value)
        guard range.contains(integer) else {
            error(.mustBeBetween(what, range, found: literal), at: node.location)
            return nil
        }
        return integer
    }

    func number(_ node: JSONNode, _ what: String, greaterThan minimum: Double, atMost maximum: Double) -> Double? {
        guard case .number(let value, let literal) = node.value else {
            error(.mustBeANumber(what, found: node.typeName), at: node.location)
            return nil
        }
        guard value > minimum, value <= maximum else {
            error(.mustBeGreaterThan(what, minimum, atMost: maximum, found: literal),
                  at: node.location)
            return nil
        }
        return value
    }

    func array(_ node: JSONNode, _ what: String) -> [JSONNode]? {
        guard case .array(let elements) = node.value else {
            error(.mustBeAnArray(what, found: node.typeName), at: node.location)
            return nil
        }
        return elements
    }

    func choice<T: RawRepresentable & CaseIterable & Equatable>(_ node: JSONNode, _ what: String, as type: T.Type, among allowed: [T]? = nil) -> T?
    where T.RawValue == String {
        guard let text = string(node, what) else { return nil }
        let choices = allowed ?? Array(T.allCases)
        if let value = T(rawValue: text), choices.contains(value) { return value }
        let names = choices.map(\.rawValue)
        var message: Diagnostic.Message = .notAChoice(text, for: what, choices: names)
        if let suggestion = NameSuggestion.closest(to: text, among: names) { message = message + .didYouMean(suggestion) }
        error(message, at: node.location)
        return nil
    }
}

extension Diagnostic.Message {
    fileprivate static func mustBeAnObject(_ what: String, found typeName: String) -> Diagnostic.Message { "\(what) must be an object, found \(typeName)" }

    /// Followed by `didYouMean(_:)` or `expectedOneOf(_:)`.
    fileprivate static func unknownKey(_ key: String, in what: String) -> Diagnostic.Message { "unknown key '\(key)' in \(what)" }

    /// The nearest valid name, after a message about an unknown one.
    static func didYouMean(_ suggestion: String) -> Diagnostic.Message { "; did you mean '\(suggestion)'?" }

    fileprivate static func expectedOneOf(_ allowed: [String]) -> Diagnostic.Message { "; expected one of: \(allowed.joined(separator: ", "))" }

    fileprivate static func mustBeAString(_ what: String, found typeName: String) -> Diagnostic.Message { "\(what) must be a string, found \(typeName)" }

    fileprivate static func mustNotContainNUL(_ what: String) -> Diagnostic.Message { "\(what) must not contain a NUL character (\\u0000)" }

    fileprivate static func mustBeTrueOrFalse(_ what: String, found typeName: String) -> Diagnostic.Message { "\(what) must be true or false, found \(typeName)" }

    /// `found` is the JSON type's name or the number as written.
    fileprivate static func mustBeAWholeNumber(_ what: String, found: String) -> Diagnostic.Message { "\(what) must be a whole number, found \(found)" }

    fileprivate static func mustBeBetween(_ what: String, _ range: ClosedRange<Int>, found literal: String) -> Diagnostic.Message { "\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(literal)" }

    fileprivate static func mustBeANumber(_ what: String, found typeName: String) -> Diagnostic.Message { "\(what) must be a number, found \(typeName)" }

    fileprivate static func mustBeGreaterThan(_ what: String, _ minimum: Double, atMost maximum: Double, found literal: String) -> Diagnostic.Message { "\(what) must be greater than \(formatPoints(minimum)) and at most \(formatPoints(maximum)), found \(literal)" }

    fileprivate static func mustBeAnArray(_ what: String, found typeName: String) -> Diagnostic.Message { "\(what) must be an array, found \(typeName)" }

    /// Followed by `didYouMean(_:)` when a choice is near.
    fileprivate static func notAChoice(_ text: String, for what: String, choices: [String]) -> Diagnostic.Message { "\(what) '\(text)' is not one of: \(choices.joined(separator: ", "))" }
}
