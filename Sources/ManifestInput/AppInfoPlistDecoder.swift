import AssetModel
import Foundation

/// The app's own Info.plist (`--info-plist`), read so the App Store rules judge the keys the app
/// ships with, not only the ones assetc writes. XML, binary and OpenStep forms are read through
/// Foundation's reader; values are kept as `PlistValue` (a real, date or data value as text, which
/// no rule reads).
public enum AppInfoPlistDecoder {
    public static func decode(_ bytes: [UInt8], path: String) throws(InputError) -> [String: PlistValue] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw InputError([.error(path, .notAReadablePropertyList)])
        }
        guard case .dictionary(let root) = value(object) else {
            throw InputError([.error(path, .propertyListIsNotADictionary)])
        }
        return root
    }

    /// Foundation's value as a `PlistValue`; `<true/>` comes as `Bool`, an integer as `NSNumber`.
    private static func value(_ object: Any) -> PlistValue {
        switch object {
        case let text as String: return .string(text)
        case let flag as Bool where type(of: object) == Bool.self: return .bool(flag)
        case let items as [Any]: return .array(items.map(value))
        case let entries as [String: Any]: return .dictionary(entries.mapValues(value))
        case let number as NSNumber:
            if let integer = Int(exactly: number.doubleValue), number.stringValue == String(integer) { return .integer(integer) }
            return .string(number.stringValue)
        default: return .string(String(describing: object))
        }
    }
}

extension Diagnostic.Message {
    fileprivate static let notAReadablePropertyList: Diagnostic.Message = "is not a property list Foundation can read (XML, binary or OpenStep); give the app's Info.plist, as in the project or as built into the .app"
    fileprivate static let propertyListIsNotADictionary: Diagnostic.Message = "is a property list whose top level is not a dictionary; an Info.plist is one"
}
