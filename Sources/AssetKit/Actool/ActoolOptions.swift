import CodeGeneration

/// One of actool's flags: its name, whether it takes a value, and what assetc does with it. Every
/// flag is declared once, in `ActoolInvocation.options`, as swift-driver declares its options in
/// one table; docs/actool.md's table lists the same flags (ActoolOptionTableTests checks it).
struct ActoolOption: Sendable {
    enum Effect: Sendable {
        /// Honoured: the value (or "" for a bare flag) changes the invocation.
        case sets(@Sendable (inout ActoolInvocation, String) -> Void)
        /// Accepted without effect, with why.
        case accepted(String)
        /// Refused: the run fails with the reason, never half done.
        case refused(String)
    }

    var name: String
    var takesValue: Bool
    var effect: Effect

    static func value(_ name: String, _ set: @escaping @Sendable (inout ActoolInvocation, String) -> Void) -> ActoolOption {
        ActoolOption(name: name, takesValue: true, effect: .sets(set))
    }

    static func bare(_ name: String, _ set: @escaping @Sendable (inout ActoolInvocation) -> Void) -> ActoolOption {
        ActoolOption(name: name, takesValue: false, effect: .sets { invocation, _ in set(&invocation) })
    }
}

extension ActoolInvocation {
    /// Flags that take a value and change nothing here, with why (docs/actool.md).
    private static let withoutEffect: [(names: [String], takesValue: Bool, reason: String)] = [
        (["--compress-pngs"], false, "assetc always compresses"),
        (["--product-type", "--development-region", "--include-language", "--include-partial-info-plist-localizations"], true,
         "every localized slot goes into the car, whatever languages are named"),
        (["--enable-on-demand-resources"], true, "a set's on-demand-resource tags are compiled into the app's own car, with a warning"),
        (["--filter-for-device-model", "--filter-for-device-os-version", "--filter-for-thinning-device-configuration"], true,
         "the car is unthinned: every device's renditions, which every device reads"),
        (["--lightweight-asset-runtime-mode", "--standalone-icon-behavior",
          "--target-name", "--enable-incremental-distill"], true, "no effect on what assetc writes"),
        (["--skip-app-store-deployment"], false, "no effect on what assetc writes"),
        (["--sticker-pack-identifier-prefix"], true, "no effect on what assetc writes"),
        // Xcode names the watch target's complication set; every one is compiled (docs/watchos.md).
        (["--complication"], true, "every complication set of a watch build is compiled, named or not"),
        // assetc writes no `#error` into the symbol files, so there is nothing to turn off.
        (["--generate-asset-symbol-errors"], true, "assetc's asset symbols hold no #error to turn off"),
    ]

    /// Flags for products assetc does not make.
    private static let refused: [(name: String, takesValue: Bool, reason: String)] = [
        ("--stickers-icon-role", true, "sticker packs are not compiled by assetc"),
        ("--sticker-pack-strings-file", true, "sticker packs are not compiled by assetc"),
        ("--include-sticker-content", false, "sticker packs are not compiled by assetc"),
        ("--asset-pack-output-specifications", true, "on-demand resource packs are not written by assetc"),
        ("--print-asset-tag-combinations", false, "on-demand resource tags are not read by assetc"),
        ("--print-contents", false, "--print-contents is not implemented; `assetc plan` lists what a catalog compiles to"),
    ]

    /// Every flag assetc knows, each once.
    static let options: [ActoolOption] = {
        var options: [ActoolOption] = [
            .value("--compile") { $0.compileDirectory = $1 },
            .value("--output-format") { invocation, value in
                if let format = OutputFormat(rawValue: value) { invocation.outputFormat = format } else {
                    invocation.refusals.append(.unknownOutputFormat(value))
                }
            },
            .value("--platform") { $0.platform = $1 },
            .value("--minimum-deployment-target") { $0.minimumDeploymentTarget = $1 },
            .value("--target-device") { invocation, value in
                if !invocation.targetDevices.contains(value) { invocation.targetDevices.append(value) }
            },
            // Chromium passes one per app icon set it finds; actool's behaviour is not documented,
            // and the last one wins here (docs/actool.md).
            .value("--app-icon") { $0.appIcon = $1 },
            .value("--alternate-app-icon") { invocation, value in
                if !invocation.alternateAppIcons.contains(value) { invocation.alternateAppIcons.append(value) }
            },
            .bare("--include-all-app-icons") { $0.includeAllAppIcons = true },
            .value("--launch-image") { $0.launchImage = $1 },
            .value("--accent-color") { $0.accentColor = $1 },
            .value("--widget-background-color") { $0.widgetBackgroundColor = $1 },
            // assetc's own (actool has none: Xcode writes UILaunchScreen from the target's Info
            // tab); the dictionary goes into the partial Info.plist with the colour and image checked.
            .value("--launch-screen-color") { $0.launchScreenColor = $1 },
            // `uikit` with `--platform macosx`: Mac Catalyst (swift-build adds it when IS_MACCATALYST).
            .value("--ui-framework-family") { invocation, value in
                if ["uikit", "appkit"].contains(value) { invocation.uiFrameworkFamily = value } else {
                    invocation.refusals.append(.unknownUIFrameworkFamily(value))
                }
            },
            // `space` (ASSETCATALOG_COMPILER_OPTIMIZATION, rules_apple #852): the smallest car assetc
            // writes; `time` and empty are the default (docs/performance.md measures both).
            .value("--optimization") { invocation, value in
                switch value {
                case "space": invocation.optimizesForSpace = true
                case "time", "": invocation.optimizesForSpace = false
                default: invocation.refusals.append(.unknownOptimization(value))
                }
            },
            // assetc's own: the actool generation to answer and write as (docs/xcode-generations.md).
            .value("--target-xcode") { invocation, value in
                if let generation = XcodeGeneration.named(value) { invocation.xcode = generation } else {
                    invocation.refusals.append(.unknownTargetXcode(value))
                }
            },
            .value("--launch-screen-image") { $0.launchScreenImage = $1 },
            .value("--output-partial-info-plist") { $0.partialInfoPlist = $1 },
            .value("--export-dependency-info") { $0.dependencyInfo = $1 },
            .bare("--errors") { $0.shownSeverities.insert(.error) },
            .bare("--warnings") { $0.shownSeverities.insert(.warning) },
            .bare("--notices") { $0.shownSeverities.insert(.notice) },
            .bare("--version") { $0.printVersion = true },
            // Chromium and Compose pass `disabled` (emacs-liquid-glass-icons `NO`): no `.icns` is
            // made from an Icon Composer icon, as actool 26.0 (bundle 24127) makes none then.
            // Xcode's asset symbols (swift-build's GenerateAssetSymbols task): any of the three
            // files asked for makes the run write only those (docs/asset-symbols.md).
            .value("--generate-swift-asset-symbols") { $0.assetSymbols.swiftFile = $1 },
            .value("--generate-objc-asset-symbols") { $0.assetSymbols.objectiveCFile = $1 },
            .value("--generate-asset-symbol-index") { $0.assetSymbols.indexFile = $1 },
            .value("--bundle-identifier") { $0.assetSymbols.options.bundleIdentifier = $1 },
            .value("--generate-swift-asset-symbol-extensions") { invocation, value in
                invocation.yesOrNo("--generate-swift-asset-symbol-extensions", value) { $0.assetSymbols.options.extensions = $1 }
            },
            .value("--generate-asset-symbol-warnings") { invocation, value in
                invocation.yesOrNo("--generate-asset-symbol-warnings", value) { $0.assetSymbols.options.warnings = $1 }
            },
            .value("--generate-asset-symbol-backwards-deployment-support") { invocation, value in
                invocation.yesOrNo("--generate-asset-symbol-backwards-deployment-support", value) { $0.assetSymbols.backwardsDeployment = $1 }
            },
            .value("--generate-asset-symbol-framework-support") { invocation, value in
                guard let framework = AssetSymbolOptions.Framework(rawValue: value) else {
                    invocation.refusals.append(.unknownAssetSymbolFramework(value))
                    return
                }
                invocation.assetSymbols.frameworks.insert(framework)
            },
            .value("--enable-icon-stack-fallback-generation") { invocation, value in
                invocation.iconStackFallback = !["disabled", "no"].contains(value.lowercased())
            },
        ]
        for group in withoutEffect {
            options += group.names.map { ActoolOption(name: $0, takesValue: group.takesValue, effect: .accepted(group.reason)) }
        }
        options += refused.map { ActoolOption(name: $0.name, takesValue: $0.takesValue, effect: .refused($0.reason)) }
        return options
    }()

    /// `YES`/`NO` (as swift-build passes them; `true`/`false` too), else a refusal.
    mutating func yesOrNo(_ name: String, _ value: String, _ set: (inout ActoolInvocation, Bool) -> Void) {
        switch value.lowercased() {
        case "yes", "true", "1": set(&self, true)
        case "no", "false", "0": set(&self, false)
        default: refusals.append(.notYesOrNo(value, option: name))
        }
    }

    static let optionsByName: [String: ActoolOption] = Dictionary(options.map { ($0.name, $0) }) { first, _ in first }
}

extension Diagnostic.Message {
    fileprivate static func unknownOutputFormat(_ value: String) -> Diagnostic.Message { "--output-format takes xml1, binary1 or human-readable-text, not \"\(value)\"" }

    fileprivate static func unknownUIFrameworkFamily(_ value: String) -> Diagnostic.Message { "--ui-framework-family takes uikit or appkit, not \"\(value)\"" }

    fileprivate static func unknownOptimization(_ value: String) -> Diagnostic.Message { "--optimization takes space or time, not \"\(value)\"" }

    fileprivate static func unknownTargetXcode(_ value: String) -> Diagnostic.Message { "--target-xcode takes \(XcodeGeneration.spellings), not \"\(value)\"" }

    fileprivate static func unknownAssetSymbolFramework(_ value: String) -> Diagnostic.Message { "--generate-asset-symbol-framework-support takes SwiftUI, UIKit or AppKit, not \"\(value)\"" }

    fileprivate static func notYesOrNo(_ value: String, option: String) -> Diagnostic.Message { "\(option) takes YES or NO, not \"\(value)\"" }
}
