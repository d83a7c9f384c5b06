import ArgumentParser
import AssetKit
import Foundation

/// Options every command that reads a manifest or catalogs shares.
struct ManifestOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The manifest (default assets.json), and/or .xcassets catalogs to compile.", valueName: "input"),
              completion: .file(extensions: ["json", "xcassets"]))
    var inputs: [String] = []

    @Option(help: ArgumentHelp("Scales an unscaled PDF or SVG in a catalog is rendered at (default 1,2,3).", valueName: "1,2,3"))
    var scales: String?

    @Option(help: ArgumentHelp("Package the app icon set of this name from the catalogs.", valueName: "name"))
    var appIcon: String?

    @Option(help: ArgumentHelp("Package the launch image set of this name from the catalogs.", valueName: "name"))
    var launchImage: String?

    @Flag(help: "Package the catalogs' other app icon sets as alternate icons (CFBundleAlternateIcons).")
    var alternateAppIcons = false

    @Option(name: .customLong("alternate-app-icon"), help: ArgumentHelp("Package this app icon set as an alternate icon (repeatable; actool's flag).", valueName: "name"))
    var alternateAppIconNames: [String] = []

    @Option(name: [.customLong("deployment-target"), .customLong("minimum-deployment-target")],
            help: ArgumentHelp("The iOS deployment target (wins over the manifest's deploymentTarget).", valueName: "version"))
    var deploymentTarget: String?

    @Option(name: [.customLong("devices"), .customLong("target-device")],
            help: ArgumentHelp("The devices: iphone, ipad or iphone,ipad (wins over the manifest's devices; actool's --target-device may repeat).", valueName: "list"))
    var devices: [String] = []

    @Option(help: ArgumentHelp("The colour set named as NSAccentColorName in partial-Info.plist.", valueName: "name"))
    var accentColor: String?

    @Option(help: ArgumentHelp("The colour set named as NSWidgetBackgroundColorName in partial-Info.plist.", valueName: "name"))
    var widgetBackgroundColor: String?

    @Option(help: ArgumentHelp("The colour set iOS 14's launch screen fills the screen with (UILaunchScreen's UIColorName; needs --car).", valueName: "name"))
    var launchScreenColor: String?

    @Option(help: ArgumentHelp("The image set iOS 14's launch screen draws centred (UILaunchScreen's UIImageName; needs --car).", valueName: "name"))
    var launchScreenImage: String?

    @Flag(help: "Also compile the catalogs' image sets and the app icon into Resources/Assets.car (CFBundleIconName).")
    var car = false

    @Option(name: .customLong("allow-links-to"),
            help: ArgumentHelp("A folder outside the catalogs that links in them may lead into (repeatable; other links out are not followed).", valueName: "folder"))
    var allowLinksTo: [String] = []

    @Option(help: ArgumentHelp("The platform: ios (the default), tvos (an Apple TV app: Assets.car from universal and tv entries, the Brand Assets icon; implies --car), watchos (an Apple Watch app: Assets.car from universal and watch entries; implies --car), visionos (an Apple Vision Pro app: Assets.car from universal and vision entries; implies --car), maccatalyst, or macos (a Mac app: Resources/Assets.car and the Icon Composer icon's .icns, implies --car; the one .icon given is the app icon unless --app-icon says otherwise).",
                               valueName: "platform"))
    var platform: String?

    @Option(help: ArgumentHelp("The actool generation Assets.car is written as: \(XcodeGeneration.spellings) (default \(XcodeGeneration.default.version)): CoreUI's version, the icons' numbering, Icon Composer 2.0 files read or refused.",
                               valueName: "version"))
    var targetXcode: String?

    @Option(help: ArgumentHelp("space: the smallest Assets.car and PNGs assetc writes (a thorough LZFSE search, --png-effort max), at more time; time (the default).",
                               valueName: "space|time"))
    var optimization: String?

    @Flag(help: "Judge App Store Connect's asset rules (ITMS-90713, 90704, 90717, 90022, 90023, 90032, 90474, 90475, 90682, the launch screen): errors in check, warnings in build.")
    var appStore = false

    @Option(help: ArgumentHelp("The app's Info.plist, so --app-store judges the keys it ships with (its launch storyboard, its icon names).", valueName: "path"),
            completion: .file(extensions: ["plist"]))
    var infoPlist: String?

    @Flag(help: "Treat warnings as errors (exit 1 when any warning is printed).")
    var werror = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Option(help: "How messages are printed: text (compiler style), json (one object per line) or github (GitHub Actions annotations).")
    var messageFormat: MessageFormat = .text

    @Flag(name: .shortAndLong, help: "Print notes (skipped slots...) and every file written.")
    var verbose = false

    func validate() throws {
        try UnknownOptions.check()
        guard !(quiet && verbose) else { throw ValidationError("--quiet and --verbose cannot be combined") }
        for (input, kind) in zip(inputs, classifiedInputs) {
            switch kind {
            case .iconComposer:
                break
            case .otherFolder:
                throw ValidationError("\(input) is a folder that is neither an .xcassets catalog (nor inside one) nor holds an assets.json; name a manifest or a catalog")
            case .manifest, .catalog: break
            }
        }
        guard classifiedInputs.filter({ $0.path != nil && !$0.isCatalog }).count <= 1 else { throw ValidationError("name one manifest (and any number of .xcassets catalogs)") }
        if scales != nil, parsedScales == nil { throw ValidationError("--scales takes scales 1, 2 and 3 separated by commas, such as 2,3") }
        if let deploymentTarget, OSVersion(deploymentTarget) == nil {
            throw ValidationError("--deployment-target takes a version such as 15.0, not \"\(deploymentTarget)\"")
        }
        if !devices.isEmpty, parsedDevices == nil { throw ValidationError("--devices takes iphone, ipad or iphone,ipad") }
        if let platform, ApplePlatform(rawValue: platform) == nil { throw ValidationError("--platform takes ios, tvos, watchos, visionos, macos or maccatalyst, not \"\(platform)\"") }
        if parsedPlatform != .iOS, !devices.isEmpty { throw ValidationError("--devices names iOS devices; a Mac, Apple TV, Apple Watch or Apple Vision Pro app (--platform macos, tvos, watchos, visionos) has none") }
        if let targetXcode, XcodeGeneration.named(targetXcode) == nil {
            throw ValidationError("--target-xcode takes \(XcodeGeneration.spellings), not \"\(targetXcode)\"")
        }
        if let optimization, !["space", "time"].contains(optimization) {
            throw ValidationError("--optimization takes space or time, not \"\(optimization)\"")
        }
        if infoPlist != nil, !appStore { throw ValidationError("--info-plist is read by --app-store; add --app-store") }
    }

    private var parsedPlatform: ApplePlatform { platform.flatMap(ApplePlatform.init(rawValue:)) ?? .iOS }

    private var parsedDevices: [Idiom]? {
        let names = devices.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let idioms = names.compactMap(Idiom.init(rawValue:)).filter(Idiom.iOSDevices.contains)
        guard !names.isEmpty, idioms.count == names.count else { return nil }
        return Array(Set(idioms)).sorted()
    }

    /// The inputs as the build reads them (`InputPath`): a folder inside a catalog stands for the
    /// catalog, a folder holding assets.json for the manifest.
    private var classifiedInputs: [InputPath] { inputs.map(InputPath.classify) }

    /// The manifest: the input that is not a catalog, else `assets.json` when nothing is named.
    var manifestPath: String? {
        if let manifest = classifiedInputs.first(where: { !$0.isCatalog })?.path { return manifest }
        return inputs.isEmpty ? "assets.json" : nil
    }

    var catalogRequest: CatalogRequest {
        var request = CatalogRequest(paths: classifiedInputs.filter { $0.isCatalog && !$0.isIconComposer }.compactMap(\.path), scales: parsedScales,
                                     appIcon: appIcon, launchImage: launchImage)
        request.iconBundles = classifiedInputs.filter(\.isIconComposer).compactMap(\.path)
        request.alternateAppIcons = alternateAppIcons
        request.platform = parsedPlatform
        // A Mac app's icon lives in the car (and its .icns): the car is always made.
        request.compiledCatalog = car || parsedPlatform != .iOS
        // One Icon Composer icon and no --app-icon: for a Mac app, that icon is the app icon.
        if parsedPlatform.hasMacIcon, appIcon == nil, request.iconBundles.count == 1 {
            request.appIcon = InputPath.iconName(request.iconBundles[0])
        }
        request.alternateAppIconNames = alternateAppIconNames
        request.allowedLinkRoots = allowLinksTo
        request.deploymentTarget = deploymentTarget.flatMap(OSVersion.init)
        request.devices = switch parsedPlatform {
        case .tvOS: [.tv]
        case .watchOS: [.watch]
        case .visionOS: [.vision]
        case .iOS, .macOS, .macCatalyst: parsedDevices
        }
        request.accentColor = accentColor
        request.widgetBackgroundColor = widgetBackgroundColor
        request.launchScreenColor = launchScreenColor
        request.xcode = targetXcode.flatMap(XcodeGeneration.named)
        request.optimizesForSpace = optimization == "space"
        request.launchScreenImage = launchScreenImage
        if appStore { request.appStore = AppStoreCheck(infoPlistPath: infoPlist, severity: .warning) }
        return request
    }

    private var parsedScales: [Int]? {
        guard let scales else { return nil }
        let values = scales.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && (1...3).contains($0!) }), Set(values).count == values.count else { return nil }
        return values.compactMap { $0 }.sorted()
    }

    /// The arguments that reproduce this plan in a build file's actions.
    var planArguments: [String] {
        var arguments = classifiedInputs.compactMap(\.path)
        if let scales { arguments += ["--scales", scales] }
        if let appIcon { arguments += ["--app-icon", appIcon] }
        if alternateAppIcons { arguments.append("--alternate-app-icons") }
        if let launchImage { arguments += ["--launch-image", launchImage] }
        if car { arguments.append("--car") }
        if let platform { arguments += ["--platform", platform] }
        for name in alternateAppIconNames { arguments += ["--alternate-app-icon", name] }
        if let deploymentTarget { arguments += ["--deployment-target", deploymentTarget] }
        if let devices = parsedDevices { arguments += ["--devices", devices.map(\.rawValue).joined(separator: ",")] }
        if let accentColor { arguments += ["--accent-color", accentColor] }
        if let widgetBackgroundColor { arguments += ["--widget-background-color", widgetBackgroundColor] }
        if let launchScreenColor { arguments += ["--launch-screen-color", launchScreenColor] }
        if let targetXcode { arguments += ["--target-xcode", targetXcode] }
        if let optimization { arguments += ["--optimization", optimization] }
        if let launchScreenImage { arguments += ["--launch-screen-image", launchScreenImage] }
        return arguments
    }

    /// What messages about the whole run name: the manifest, else the first catalog.
    var manifest: String { manifestPath ?? classifiedInputs.lazy.compactMap(\.path).first ?? "assets.json" }

    /// Loads and plans the manifest (what `check` and `plan` run), printing its warnings. With
    /// `strict` (`check`), a warning about content the build leaves out is an error.
    func loadProject(output: String? = nil, strict: Bool = false) throws -> LoadedProject {
        Console.format = messageFormat
        let project: LoadedProject
        // PDFs are read in supervised workers; a stop request ends the run with exit 5.
        Interruption.install()
        var limits = SourceLimits()
        limits.isCancelled = { Interruption.isRequested }
        do throws(BuildFailure) {
            var catalogs = catalogRequest
            // `check` fails on an App Store rule; `build` warns.
            if strict { catalogs.appStore?.severity = .error }
            project = try Pipeline.load(manifestPath: manifestPath, catalogs: catalogs, outputOverride: output,
                                        sourceLimits: limits)
        } catch {
            var failure = error
            if strict { failure.diagnostics = failure.diagnostics.map(Self.promotingDroppedContent) }
            throw ExitCode(Console.exit(for: failure, quiet: quiet))
        }
        if strict, project.warnings.contains(where: { $0.dropsContent && $0.severity == .warning }) {
            throw ExitCode(Console.exit(for: BuildFailure(.invalidInput, project.warnings.map(Self.promotingDroppedContent)), quiet: quiet))
        }
        try finish(project.warnings)
        return project
    }

    /// A warning about content the build leaves out, as an error (`check`).
    static func promotingDroppedContent(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.dropsContent, diagnostic.severity == .warning else { return diagnostic }
        var promoted = diagnostic
        promoted.severity = .error
        return promoted
    }

    /// Prints warnings for a run that succeeded; with --werror, warnings fail it.
    func finish(_ warnings: [Diagnostic]) throws {
        Console.print(warnings, showing: Console.level(quiet: quiet, verbose: verbose))
        if werror, warnings.contains(where: { $0.severity == .warning }) {
            if quiet { Console.print(warnings, showing: .warning) }
            Console.print([.error(manifest, .warningsTreatedAsErrors)])
            throw ExitCode(FailureKind.invalidInput.exitCode)
        }
    }
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render every variant the manifest names into <output>/Resources.")

    @OptionGroup var common: ManifestOptions

    @Option(name: .shortAndLong, help: "Output folder (overrides the manifest's \"output\").")
    var output: String?

    // `-j2` as well as `-j 2`: the habit from make.
    @Option(name: [.customShort("j", allowingJoined: true), .customLong("jobs")],
            help: "Parallel render jobs (the default is the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Re-render every variant even when it is up to date.")
    var force = false

    @Option(help: ArgumentHelp("Write typed Swift accessors for every image and colour (through the AssetResolver module).",
                               valueName: "path"))
    var swift: String?

    @Option(help: ArgumentHelp("Write an Objective-C class for every image: PATH.h and PATH.m, the class named after PATH's last part.",
                               valueName: "path"))
    var objc: String?

    @Option(help: ArgumentHelp("Where the generated accessors look: main (the app), module (a Swift package's Bundle.module), framework (the bundle the code is compiled into) or Name.bundle (default: the manifest's codegen.bundle, else main).",
                               valueName: "bundle"))
    var accessorBundle: AccessorBundleArgument?

    @Option(help: ArgumentHelp("Write a Make dependency file: <output>/asset-index.json depends on the manifest and every file read.",
                               valueName: "path"))
    var depfile: String?

    @Option(help: ArgumentHelp("Fail (exit 1) before writing if the build would write other image files than the plan at PATH (from `assetc plan --write-plan`) lists: for build engines that declare outputs from a plan, so a stale plan is an error, not a missing output.",
                               valueName: "path"))
    var expectPlan: String?

    @Option(help: ArgumentHelp("Where in the output folder Assets.car is written (default Resources/Assets.car; the SwiftPM plugin writes Assets.car, the top of the target's resource bundle).",
                               valueName: "relative-path"))
    var carPath: String?

    @Option(help: ArgumentHelp("PNG encoding effort: fast, default or max (smaller files, slower; default: the manifest's render.pngEffort).", valueName: "effort"))
    var pngEffort: PNGEffortArgument?

    @Option(help: ArgumentHelp("Seconds one image may take to render before its worker is stopped (default \(Int(RenderBudget.defaultTimeLimit)), or the manifest's render.timeoutSeconds).", valueName: "seconds"))
    var renderTimeout: Double?

    @Option(help: ArgumentHelp("Memory each render worker may use, in MiB (default \(RenderBudget.defaultMemoryMiB), or the manifest's render.memoryMiB).", valueName: "MiB"))
    var renderMemory: Int?

    @Flag(help: ArgumentHelp("Render on threads in this process, without worker processes or their budgets (for measurements).",
                             visibility: .hidden))
    var renderInProcess = false

    func validate() throws {
        if let objc, let problem = ObjectiveCNames.problem(objc) { throw ValidationError("--objc \(problem)") }
        guard jobs >= 1 && jobs <= 256 else { throw ValidationError("--jobs must be between 1 and 256") }
        if let renderTimeout, let problem = RenderBudget.problem(seconds: renderTimeout) { throw ValidationError("--render-timeout \(problem)") }
        if let carPath, let problem = BuildOptions.carPathProblem(carPath) { throw ValidationError("--car-path \(problem)") }
        if let renderMemory, let problem = RenderBudget.problem(memoryMiB: renderMemory) { throw ValidationError("--render-memory \(problem)") }
    }

    func run() throws {
        Console.format = common.messageFormat
        let progress = Console.isTerminal && !common.quiet && common.messageFormat == .text ? ProgressLine() : nil
        var options = BuildOptions(manifestPath: common.manifestPath, outputOverride: output, jobs: jobs, force: force)
        options.catalogs = common.catalogRequest
        options.warningsAreErrors = common.werror
        options.swiftOutput = swift
        options.objcOutput = objc
        options.accessorBundle = accessorBundle?.bundle
        options.dependencyFile = depfile
        if let carPath { options.carPath = carPath }
        options.expectedPlan = expectPlan
        options.renderInProcess = renderInProcess
        options.allowsUpToDateShortcut = !common.verbose
        options.pngEffort = pngEffort?.effort
        options.renderTimeLimit = renderTimeout
        options.renderMemoryLimit = renderMemory.map { $0 << 20 }
        Interruption.install()
        options.isCancelled = { Interruption.isRequested }
        let report: BuildReport
        var onProgress: (@Sendable (Int, Int) -> Void)?
        if let progress { onProgress = { done, total in progress.update(done, total) } }
        do throws(BuildFailure) {
            report = try Pipeline.build(options, progress: onProgress)
        } catch {
            progress?.clear()
            throw ExitCode(Console.exit(for: error, quiet: common.quiet))
        }
        progress?.clear()
        if common.verbose {
            for written in report.variants {
                let variant = written.variant
                Console.info("  \(variant.outputPath) \(variant.pixelWidth)x\(variant.pixelHeight) \(written.bytes) B")
            }
            for path in report.removed { Console.info("  removed \(path)") }
        }
        try common.finish(report.warnings)
        if !common.quiet, let summary = report.upToDate {
            Console.info("assetc: \(summary.variants) variants (0 rendered, \(summary.variants) up to date)\(Self.colours(report)) "
                + "from \(BuildSummary.inputs(manifest: report.manifestPath, catalogs: report.catalogPaths)), "
                + "\(SizeReport.format(summary.totalBytes)) in \(summary.files) file\(summary.files == 1 ? "" : "s") in \(report.outputDirectory), "
                + "\(SizeReport.oneDecimal(report.seconds))s")
            for line in summary.sizeLines { Console.info("  " + line) }
        } else if !common.quiet {
            let skipped = report.variants.count - report.rendered
            let colours = Self.colours(report)
            let files = report.sizes.fileCount
            Console.info("assetc: \(report.variants.count) variants (\(report.rendered) rendered, \(skipped) up to date)\(colours) "
                + "from \(BuildSummary.inputs(manifest: report.manifestPath, catalogs: report.catalogPaths)), "
                + "\(SizeReport.format(report.sizes.totalBytes)) in \(files) file\(files == 1 ? "" : "s") in \(report.outputDirectory), "
                + "\(SizeReport.oneDecimal(report.seconds))s")
            for line in report.sizes.summaryLines() { Console.info("  " + line) }
        }
    }

    /// ", 3 colours, 1 symbol" in the summary line, or nothing.
    static func colours(_ report: BuildReport) -> String {
        (report.colourCount == 0 ? "" : ", \(report.colourCount) colour\(report.colourCount == 1 ? "" : "s")")
            + (report.symbolCount == 0 ? "" : ", \(report.symbolCount) symbol\(report.symbolCount == 1 ? "" : "s")")
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every validation `build` runs, without writing anything; content a build would leave out is an error.")

    @OptionGroup var common: ManifestOptions

    @Flag(help: "Also render everything (into a temporary folder, removed afterwards) to find what only rendering finds.")
    var render = false

    func run() throws {
        let project = try common.loadProject(strict: true)
        if render {
            var options = BuildOptions(manifestPath: common.manifestPath)
            options.catalogs = common.catalogRequest
            options.catalogs.appStore = nil  // judged above
            Interruption.install()
            options.isCancelled = { Interruption.isRequested }
            let report: BuildReport
            do throws(BuildFailure) {
                report = try Pipeline.checkByRendering(options)
            } catch {
                throw ExitCode(Console.exit(for: error, quiet: common.quiet))
            }
            // The planning warnings were printed above; these are the ones only rendering finds.
            try common.finish(report.warnings.filter { !project.warnings.contains($0) })
        }
        if !common.quiet {
            let inputs = BuildSummary.inputs(manifest: project.manifestPath, catalogs: project.catalogPaths)
            let plural = project.manifestPath == nil ? project.catalogPaths.count > 1 : !project.catalogPaths.isEmpty
            // Sets of kinds assetc does not compile yet (data sets, symbol sets…) are notes, not
            // errors; the line says so rather than calling the catalogs simply valid.
            let skippedSets = project.warnings.filter { $0.severity == .note && $0.dropsContent }.count
            let skipped = skippedSets == 0 ? "" : "; \(skippedSets) set\(skippedSets == 1 ? "" : "s") left out of this build, -v says why"
            Console.info("assetc: \(inputs) \(plural ? "are" : "is") valid "
                + "(\(BuildSummary.contents(variants: project.plan.variants.count, colours: project.colourCount, symbols: project.symbolCount))\(render ? ", all rendered" : "")\(skipped))")
        }
    }
}

/// `--png-effort fast|default|max`.
enum PNGEffortArgument: String, ExpressibleByArgument, CaseIterable {
    case fast, `default`, max

    var effort: PNGEffort { PNGEffort(rawValue: rawValue)! }
}

/// `--accessor-bundle main|module|framework|Name.bundle`.
struct AccessorBundleArgument: ExpressibleByArgument {
    var bundle: AccessorBundle

    init?(argument: String) {
        guard let bundle = AccessorBundle(argument) else { return nil }
        self.bundle = bundle
    }

    static var defaultCompletionKind: CompletionKind { .list(["main", "module", "framework"]) }
}

extension Diagnostic.Message {
    fileprivate static let warningsTreatedAsErrors: Diagnostic.Message = "warnings treated as errors (--werror)"
}
