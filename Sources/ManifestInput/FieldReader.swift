import AssetModel
import Foundation

/// Reads typed fields out of JSON objects, collecting a diagnostic for every problem instead of
/// stopping at the first, so one run of `assetc check` shows every mistake in the manifest.
final class FieldReader {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) { self.path = path }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(.error(path, at: location, message))
    }

    func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(.warning(path, at: location, message))
    }

    /// The members of an object node, after reporting keys outside `allowed` (with the nearest valid key).
    func object(_ node: JSONNode, _ what: String, allowed: [String]) -> [String: JSONNode]? {
        guard case .object(let members) = node.value else {
            error("\(what) must be an object, found \(node.typeName)", at: node.location)
            return nil
        }
        var fields: [String: JSONNode] = [:]
        for member in members {
            if allowed.contains(member.key) {
                fields[member.key] = member.value
            } else {
                var message = "unknown key '\(member.key)' in \(what)"
                if let suggestion = NameSuggestion.closest(to: member.key, among: allowed) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    message += "; expected one of: \(allowed.joined(separator: ", "))"
                }
                error(message, at: member.keyLocation)
            }
        }
        return fields
    }

    func string(_ node: JSONNode, _ what: String) -> String? {
        guard case .string(let value) = node.value else {
            error("\(what) must be a string, found \(node.typeName)", at: node.location)
            return nil
        }
        // JSON can carry "\u0000", and the file system stops a path at it: "Gen.swift\u0000" would
        // pass every check made on the string and then write over another file.
        if value.unicodeScalars.contains("\u{0}") {
            error("\(what) must not contain a NUL character (\\u0000)", at: node.location)
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
            error("\(what) must be true or false, found \(node.typeName)", at: node.location)
            return nil
        }
        return value
    }

    func integer(_ node: JSONNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let value, let literal) = node.value else {
            error("\(what) must be a whole number, found \(node.typeName)", at: node.location)
            return nil
        }
        guard value == value.rounded(), abs(value) <= 1e15, !literal.contains(".") || value == value.rounded() else {
            error("\(what) must be a whole number, found \(literal)", at: node.location)
            return nil
        }
        let integer = Int(value)
        guard range.contains(integer) else {
            error("\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(literal)", at: node.location)
            return nil
        }
        return integer
    }

    func number(_ node: JSONNode, _ what: String, greaterThan minimum: Double, atMost maximum: Double) -> Double? {
        guard case .number(let value, let literal) = node.value else {
            error("\(what) must be a number, found \(node.typeName)", at: node.location)
            return nil
        }
        guard value > minimum, value <= maximum else {
            error("\(what) must be greater than \(formatPoints(minimum)) and at most \(formatPoints(maximum)), found \(literal)",
                  at: node.location)
            return nil
        }
        return value
    }

    func array(_ node: JSONNode, _ what: String) -> [JSONNode]? {
        guard case .array(let elements) = node.value else {
            error("\(what) must be an array, found \(node.typeName)", at: node.location)
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
        var message = "\(what) '\(text)' is not one of: \(names.joined(separator: ", "))"
        if let suggestion = NameSuggestion.closest(to: text, among: names) { message += "; did you mean '\(suggestion)'?" }
        error(message, at: node.location)
        return nil
    }
}
