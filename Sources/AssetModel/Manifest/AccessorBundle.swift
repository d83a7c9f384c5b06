/// Where generated accessors look for the build's files: `--accessor-bundle` or
/// `"codegen": {"bundle": …}` (docs/runtime.md).
///
/// The same four places Xcode's asset symbols and SwiftGen's templates reach: the app, a Swift
/// package's resources, the framework the generated code is compiled into, or a resource bundle
/// copied into the app by name.
public enum AccessorBundle: Sendable, Hashable, CustomStringConvertible {
    /// `Bundle.main`: the app (the default).
    case main
    /// `Bundle.module`: a Swift package target whose resources hold the output's `Resources`
    /// folder, as the SwiftPM plugin ships it (`Resources/asset-table.json` inside the bundle).
    case module
    /// The bundle the generated code is compiled into (`Bundle(for:)`): a framework.
    case framework
    /// `Name.bundle` inside the main bundle's resources.
    case named(String)

    /// `main`, `module`, `framework` or `Name.bundle`; nil for anything else.
    public init?(_ text: String) {
        switch text {
        case "main": self = .main
        case "module": self = .module
        case "framework": self = .framework
        default:
            guard text.hasSuffix(".bundle"), text.count > ".bundle".count, !text.contains("/"), !text.contains("\\"),
                  text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
            else { return nil }
            self = .named(text)
        }
    }

    public static let spellings = "main, module, framework or a Name.bundle inside the app"

    public var description: String {
        switch self {
        case .main: "main"
        case .module: "module"
        case .framework: "framework"
        case .named(let name): name
        }
    }

    /// The folder inside the bundle's resources that holds what the output's `Resources/` holds:
    /// the plugin ships `Resources` itself as one folder resource, so it keeps its name there
    /// (where Foundation does not take it for the bundle's own resource folder).
    public var resourceFolder: String? {
        self == .module ? "Resources" : nil
    }
}
