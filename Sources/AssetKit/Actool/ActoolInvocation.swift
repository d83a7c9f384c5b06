import CodeGeneration

/// actool's command line, as rules_apple, swift-build, CocoaPods, Chromium, Buck2, .NET and Qt pass
/// it: long options only, `--flag value` or `--flag=value`, repeatable flags, the catalogs as
/// operands before, after or between the options. Every flag those callers pass is honoured,
/// accepted without effect, or refused with a reason (docs/actool.md has the table); a flag no
/// actool has is refused, so a typo is never silently ignored.
public struct ActoolInvocation: Sendable, Equatable {
    /// swift-build's GenerateAssetSymbols task: Xcode's `GeneratedAssetSymbols` files.
    public struct AssetSymbolRequest: Sendable, Equatable {
        public var swiftFile: String?
        public var objectiveCFile: String?
        public var indexFile: String?
        public var options = AssetSymbolOptions()
        /// `--generate-asset-symbol-backwards-deployment-support`; nil: from the deployment target.
        public var backwardsDeployment: Bool?
        /// `--generate-asset-symbol-framework-support`, as named; empty: all three.
        public var frameworks: Set<AssetSymbolOptions.Framework> = []

        public init() {}

        /// True when any of the three files is asked for: the run then writes only those.
        public var isRequested: Bool { swiftFile != nil || objectiveCFile != nil || indexFile != nil }
    }

    public enum OutputFormat: String, Sendable {
        case xml1, binary1
        case text = "human-readable-text"
    }

    /// The catalogs (`.xcassets`) and other operands, in order, repeats removed (CocoaPods passes a
    /// pod's catalog twice).
    public var inputs: [String] = []
    public var compileDirectory: String?
    /// The last `--output-format` wins (qbs appends one); xml1 when none is given, as qmake expects.
    public var outputFormat: OutputFormat = .xml1
    public var platform: String?
    /// `--ui-framework-family uikit` with `--platform macosx`: Mac Catalyst.
    public var uiFrameworkFamily: String?
    public var minimumDeploymentTarget: String?
    public var targetDevices: [String] = []
    public var appIcon: String?
    public var alternateAppIcons: [String] = []
    public var includeAllAppIcons = false
    public var launchImage: String?
    public var accentColor: String?
    public var widgetBackgroundColor: String?
    /// `--launch-screen-color`, `--launch-screen-image` (assetc's own): iOS 14's `UILaunchScreen`.
    public var launchScreenColor: String?
    public var launchScreenImage: String?
    public var partialInfoPlist: String?
    public var dependencyInfo: String?
    public var shownSeverities: Set<ActoolResults.Severity> = [.error]
    public var printVersion = false
    /// `--enable-icon-stack-fallback-generation`: off, a Mac app's Icon Composer icon gets no `.icns`.
    public var iconStackFallback = true
    /// The asset-symbol files asked for, and how to write them.
    public var assetSymbols = AssetSymbolRequest()
    /// Flags that cannot be honoured, with why: the run fails with these as errors.
    public var refusals: [Diagnostic.Message] = []
    /// `--target-xcode` (assetc's own), else `ASSETC_TARGET_XCODE`: the actool generation whose car
    /// and `--version` answer the mode gives, for build systems that cannot change actool's argv.
    public var xcode = XcodeGeneration.default
    /// `--optimization space`: the smallest car assetc writes.
    public var optimizesForSpace = false

    /// The environment's choice of generation, before the command line's: a value that names none is refused.
    public mutating func takeEnvironment(_ environment: [String: String]) {
        guard let value = environment["ASSETC_TARGET_XCODE"], !value.isEmpty else { return }
        if let generation = XcodeGeneration.named(value) { xcode = generation } else {
            refusals.append(.unknownTargetXcodeInEnvironment(value))
        }
    }

    public init() {}

    /// Parses `arguments` (without the program name). Never throws: what cannot be honoured is a refusal.
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) -> ActoolInvocation {
        var invocation = ActoolInvocation()
        invocation.takeEnvironment(environment)
        var index = 0
        var operandsOnly = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if operandsOnly || !argument.hasPrefix("--") {
                // CocoaPods' script passes an empty operand when it finds no other catalog.
                if !argument.isEmpty, !invocation.inputs.contains(argument) { invocation.inputs.append(argument) }
                continue
            }
            if argument == "--" { operandsOnly = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = optionsByName[name] else {
                let known = options.filter { if case .refused = $0.effect { false } else { true } }.map(\.name)
                invocation.refusals.append(.unknownOption(name, suggestion: NameSuggestion.closest(to: name, among: known)))
                continue
            }
            let takesValue = option.takesValue
            var value = inlineValue
            if takesValue, value == nil {
                guard index < arguments.count else {
                    invocation.refusals.append(.optionNeedsValue(name))
                    continue
                }
                value = arguments[index]
                index += 1
            } else if !takesValue, inlineValue != nil {
                invocation.refusals.append(.optionTakesNoValue(name, given: argument))
                continue
            }
            switch option.effect {
            case .sets(let set): set(&invocation, value ?? "")
            case .accepted: break
            case .refused(let reason): invocation.refusals.append(.optionRefused(name, reason: reason))
            }
        }
        return invocation
    }
}

extension Diagnostic.Message {
    fileprivate static func unknownTargetXcodeInEnvironment(_ value: String) -> Diagnostic.Message { "ASSETC_TARGET_XCODE takes \(XcodeGeneration.spellings), not \"\(value)\"" }

    /// `suggestion`: the known option closest to `name`, if any is close.
    fileprivate static func unknownOption(_ name: String, suggestion: String?) -> Diagnostic.Message { "unknown option \(name)\(suggestion.map { "; did you mean \($0)?" } ?? "")" }

    fileprivate static func optionNeedsValue(_ name: String) -> Diagnostic.Message { "\(name) needs a value" }

    /// `argument`: the argument as given (`--flag=value`).
    fileprivate static func optionTakesNoValue(_ name: String, given argument: String) -> Diagnostic.Message { "\(name) takes no value (given \"\(argument)\")" }

    /// `reason`: the option table's (`ActoolInvocation.refused`).
    fileprivate static func optionRefused(_ name: String, reason: String) -> Diagnostic.Message { "\(name): \(reason)" }
}
