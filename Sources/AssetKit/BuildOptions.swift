import AssetModel
import Foundation
import Output
import Rendering

/// Asset catalogs named on the command line (beside or instead of a manifest), with the options
/// that only make sense for them.
/// `--app-store` (with `--info-plist`): App Store Connect's asset rules judged after planning, as
/// errors (`check`) or warnings (`build`).
public struct AppStoreCheck: Sendable, Hashable {
    /// The app's Info.plist, read so the rules see the keys the app ships with.
    public var infoPlistPath: String?
    public var severity: Diagnostic.Severity

    public init(infoPlistPath: String?, severity: Diagnostic.Severity) { (self.infoPlistPath, self.severity) = (infoPlistPath, severity) }
}

public struct CatalogRequest: Sendable, Hashable {
    public var paths: [String]
    /// `--launch-screen-color`, `--launch-screen-image`: iOS 14's `UILaunchScreen` (over the manifest's).
    public var launchScreenColor: String?
    public var launchScreenImage: String?
    /// `--optimization space`.
    public var optimizesForSpace = false
    /// `--target-xcode`: the actool generation to write as.
    public var xcode: XcodeGeneration?
    /// `--app-store`: App Store Connect's asset rules, judged after planning.
    public var appStore: AppStoreCheck?
    /// Icon Composer `.icon` bundles; `appIcon` names one by its stem.
    public var iconBundles: [String] = []
    /// Scales an unscaled PDF or SVG is rendered at (default 1, 2, 3).
    public var scales: [Int]?
    /// `--app-icon NAME`, `--launch-image NAME`: sets picked from the catalogs.
    public var appIcon: String?
    public var launchImage: String?
    /// `--alternate-app-icons`: the catalogs' other app icon sets become alternate icons.
    public var alternateAppIcons = false
    /// `--car`: also write `Resources/Assets.car`.
    public var compiledCatalog = false
    /// `--allow-links-to DIR` (repeatable): folders a catalog's links may lead into.
    public var allowedLinkRoots: [String] = []
    /// The actool mode's severities (`BuildRequest.actoolSeverities`).
    public var actoolSeverities = false
    /// `--alternate-app-icon NAME` (repeatable): only these sets become alternate icons.
    public var alternateAppIconNames: [String] = []
    /// `--deployment-target`, `--devices` (actool's `--minimum-deployment-target`, `--target-device`):
    /// win over the manifest's; with both, variants no listed device loads are left out.
    public var deploymentTarget: OSVersion?
    public var devices: [Idiom]?
    /// actool's `--platform`: iOS unless macOS is asked for.
    public var platform: ApplePlatform = .iOS
    /// macOS: the Icon Composer icon's `.icns` (actool's icon stack fallback); on unless turned off.
    public var writesIconFile = true
    /// `--accent-color NAME`, `--widget-background-color NAME`: colour sets for the partial Info.plist.
    public var accentColor: String?
    public var widgetBackgroundColor: String?

    public init(paths: [String] = [], scales: [Int]? = nil, appIcon: String? = nil, launchImage: String? = nil) {
        (self.paths, self.scales, self.appIcon, self.launchImage) = (paths, scales, appIcon, launchImage)
    }

    public var isEmpty: Bool {
        paths.isEmpty && appIcon == nil && launchImage == nil && scales == nil && !alternateAppIcons && !compiledCatalog
            && alternateAppIconNames.isEmpty && deploymentTarget == nil && devices == nil && accentColor == nil && widgetBackgroundColor == nil
            && allowedLinkRoots.isEmpty
    }
}

public struct BuildOptions: Sendable {
    /// Why `path` cannot be `--car-path`, or nil (`OutputPath.problemWithCarPath`).
    public static func carPathProblem(_ path: String) -> String? { OutputPath.problemWithCarPath(path) }


    /// The manifest; nil when only catalogs are built.
    public var manifestPath: String?
    public var catalogs = CatalogRequest()
    /// `--swift PATH`: write typed accessors there after a successful build (relative to the
    /// working directory; the manifest's `codegen` is relative to the manifest).
    public var swiftOutput: String?
    /// `--objc PATH`: `PATH.h` and `PATH.m`, the class named after the last part of PATH.
    public var objcOutput: String?
    /// `--accessor-bundle`: where the generated accessors look (the manifest's `codegen.bundle`,
    /// else the main bundle).
    public var accessorBundle: AccessorBundle?
    /// `--werror`: a build with warnings fails before anything is written.
    public var warningsAreErrors = false
    /// Leaves out the generated code a manifest's `codegen` names (`check --render` writes nothing
    /// outside its private folder).
    public var writesGeneratedCode = true
    /// Overrides the manifest's `output`; relative to the working directory.
    public var outputOverride: String?
    public var jobs: Int
    public var force: Bool
    /// The encoder when neither `--png-effort` nor the manifest chooses an effort (library callers).
    public var encoder: PNGEncoderSettings
    /// `--png-effort`: wins over the manifest's `"render": {"pngEffort"}` (`BuildSettings`).
    public var pngEffort: PNGEffort?
    /// Upper bound on pixels rendered at once across workers.
    public var pixelBudget: Int
    /// Where to write a Make dependency file after a successful build.
    public var dependencyFile: String?
    /// `--car-path`: where in the output folder `Assets.car` goes. The SwiftPM plugin puts it at the
    /// output's top, beside `Resources`, so that it lands at the top of the target's resource
    /// bundle, where UIKit, AppKit and SwiftUI look for it (docs/integration.md).
    public var carPath = CompiledCatalogRequest.relativePath
    /// `--expect-plan`: a plan file whose image files the build must write exactly, else it fails
    /// before writing (a plan made before the manifest changed).
    public var expectedPlan: String?
    /// Polled between variants and before the commit; true stops the build with `.interrupted`,
    /// leaving the previous outputs as they were. (The CLI sets it from SIGINT and SIGTERM.)
    public var isCancelled: @Sendable () -> Bool = { false }
    /// `--render-timeout`: seconds one file may take in its render worker (nil: the manifest's
    /// `render`, else `RenderBudget.defaultTimeLimit`).
    public var renderTimeLimit: Double?
    /// `--render-memory`: address space of each render worker, in bytes (nil: as above).
    public var renderMemoryLimit: Int?
    /// Render on threads inside this process instead of in supervised workers (no time or memory
    /// budget; for library users without the `assetc` binary, and for measurements).
    public var renderInProcess = false
    /// The files written beside the images: all of them, or the partial Info.plist alone (the
    /// actool mode, which places only the car, the loose files and the plist).
    public var metadata = MetadataFiles.Selection.all
    /// Whether a build that finds everything as its last successful run left it may return at once
    /// (`UpToDate`); off for `--verbose`, which lists every variant, and for the actool mode.
    public var allowsUpToDateShortcut = true

    public init(manifestPath: String?, outputOverride: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                force: Bool = false, encoder: PNGEncoderSettings = PNGEncoderSettings(), pixelBudget: Int = 64_000_000) {
        self.manifestPath = manifestPath
        self.outputOverride = outputOverride
        self.jobs = max(1, jobs)
        self.force = force
        self.encoder = encoder
        self.pixelBudget = pixelBudget
        self.dependencyFile = nil
    }
}

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
    public var outputDirectory: String
    public var variants: [WrittenVariant]
    /// Variants rendered in this run (the rest were up to date).
    public var rendered: Int
    /// Files a previous build wrote that this manifest no longer produces.
    public var removed: [String]
    public var warnings: [Diagnostic]
    public var sizes: SizeReport
    public var seconds: Double
    /// The colour sets compiled (into Assets.car and the index).
    public var colourCount = 0
    /// The symbol sets compiled into Assets.car.
    public var symbolCount = 0
    /// What was read: the manifest (nil for catalogs alone) and every catalog.
    public var manifestPath: String?
    public var catalogPaths: [String] = []
    /// Set when the build had nothing to do (`UpToDate`): `variants` and `sizes` are then empty, and
    /// this holds the counts and size lines its last full run reported.
    public var upToDate: UpToDateSummary?
}

/// Loading and planning, shared by `build`, `check` and `plan`.
public struct LoadedProject: Sendable {
    /// The manifest and the command line, resolved (`BuildRequest`).
    public var request: BuildRequest
    public var plan: BuildPlan
    public var store: SourceStore
    /// Where the build writes (`--output`, else the manifest's `output`).
    public var outputDirectory: String
    /// The previous build's state, when planning reused its source records.
    var recordedState: RecordedState?
    /// Manifest and planning warnings.
    public var warnings: [Diagnostic]
    /// The manifest and every catalog file and folder read (for the dependency file).
    public var inputFiles: [String] = []
    /// The folders of every catalog read, which place the messages about them (`Diagnostic.place`).
    public var catalogFolders = CatalogFolders()
    /// Workers planning left idle, for the renders (`WorkerShelf`); the rest stop with the project.
    public var workerShelf: WorkerShelf?
    /// The symbol templates and car-only slots' files planning's checks read (`CatalogSetContentsReader`),
    /// which the car is made from: each is read once a build.
    var carContents: CatalogSetContents?
    /// Where messages about the build as a whole point: the manifest, else the first catalog.
    public var inputPath: String { request.path }
    /// What was read, for summaries: the manifest (nil for catalogs alone) and every catalog.
    public var manifestPath: String?
    public var catalogPaths: [String] { request.catalogs.map(\.path) + request.iconComposerBundles }
    public var colourCount: Int { plan.catalogRecords.colors.count }
    /// The main bundle's symbol sets, when the build makes Assets.car (their only form).
    public var symbolCount: Int { plan.compiledCatalog == nil ? 0 : plan.catalogRecords.symbolSets.filter { $0.bundle == .main }.count }
}

/// How planning opens PDFs: in supervised workers with the render budgets (the default), or in
/// this process (`--render-in-process`). Budgets not given here come from the manifest's `render`.
public struct SourceLimits: Sendable {
    public var inProcess = false
    public var timeLimit: Double?
    public var memoryLimit: Int?
    public var isCancelled: @Sendable () -> Bool = { false }

    public init() {}
}
