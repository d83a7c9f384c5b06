import AssetModel
import AssetPlatform
import Foundation
import Output

/// The `actool` mode: compiles the catalogs as actool does and answers as actool answers
/// (docs/actool.md). The build runs in a folder with assetc's own layout, kept in the cache for the
/// next call (`ActoolWorkFolder`); only what
/// actool leaves is then placed in `--compile DIR` — `Assets.car` and the loose app icons and
/// launch images an older iOS reads — and the partial Info.plist at the path given. Image sets
/// are only in the car.
public enum ActoolCompiler {
    /// How long a run waits for another one placing files in the same `--compile` folder.
    static let placementWaitSeconds = 120.0

    public struct Outcome: Sendable {
        public var results: ActoolResults
        /// Bytes for stdout, in the format asked for.
        public var standardOutput: [UInt8]
        /// 0, or 1 when there are errors, as actool exits.
        public var exitCode: Int32
    }

    public static func run(_ invocation: ActoolInvocation, isCancelled: @escaping @Sendable () -> Bool = { false }) -> Outcome {
        var results = ActoolResults()
        results.shownSeverities = invocation.shownSeverities
        if invocation.printVersion {
            // The generation's answer (Xcode 26.0's by default: 24127, 26.0). Callers gate
            // features on it (Chromium's compile_car.py, swift-build's probe).
            results.version = .init(bundle: invocation.xcode.bundleVersion, short: invocation.xcode.version)
            if invocation.compileDirectory == nil && invocation.inputs.isEmpty && invocation.refusals.isEmpty {
                return finish(results, invocation)
            }
        }
        results.outputFiles = []
        // One catalog named two ways (CocoaPods passes a pod's catalog by its path and again as
        // `find` prints it) is compiled once.
        var catalogs: [String] = []
        for input in invocation.inputs.map(FileSystem.absolute) where !catalogs.contains(input) { catalogs.append(input) }
        let inputsLabel = catalogs.joined(separator: " ")
        func fail(_ message: Diagnostic.Message, reason: String? = nil) -> Outcome {
            results.entries.append(.init(.error, file: inputsLabel, message, failureReason: reason))
            return finish(results, invocation)
        }
        for refusal in invocation.refusals { results.entries.append(.init(.error, file: inputsLabel, refusal)) }
        let request: CatalogRequest
        do throws(ActoolRequestError) {
            request = try catalogRequest(invocation, catalogs: catalogs)
        } catch {
            for message in error.messages { results.entries.append(.init(.error, file: inputsLabel, message)) }
            return finish(results, invocation)
        }
        if !invocation.refusals.isEmpty { return finish(results, invocation) }
        if invocation.assetSymbols.isRequested {
            ActoolAssetSymbols.run(invocation, request: request, catalogs: catalogs, results: &results)
            return finish(results, invocation)
        }
        guard let given = invocation.compileDirectory.map(FileSystem.absolute) else {
            return fail(.noOutputDirectory)
        }
        guard FileSystem.kindFollowingLinks(given) == .directory else {
            return fail(.outputDirectoryDoesNotExist(given))
        }
        // A `..` after a link is the link target's parent to the kernel, not the folder the text
        // names (`lnk/..`): such a path is the folder the kernel opens. Any other keeps the
        // caller's spelling, which callers strip from the listed outputs.
        let spelled = invocation.compileDirectory ?? given
        let kernel = spelled.split(separator: "/").contains("..") ? FileSystem.realPath(spelled) ?? given : given
        // `/` joins as `/Assets.car`, not `//Assets.car`.
        let compile = kernel == "/" ? "" : kernel
        // assetc's own tree (staging, index, state) is built in a folder kept in the cache, so the
        // next call reuses what did not change; else in a private one, removed afterwards.
        let workFolder: ActoolWorkFolder
        switch ActoolWorkFolder.acquire(request, compile: kernel) {
        case .success(let folder): workFolder = folder
        case .failure(let error):
            // The folder is assetc's own business: the message names the variables that choose it.
            return fail(.cannotMakeWorkFolder(error))
        }
        defer { workFolder.release() }
        let work = workFolder.path
        var options = BuildOptions(manifestPath: nil, outputOverride: work)
        options.catalogs = request
        options.isCancelled = isCancelled
        // The bundle files are listed from the report's variants, which the shortcut leaves empty.
        options.allowsUpToDateShortcut = false
        options.metadata = .partialInfoPlistOnly
        let report: BuildReport
        do throws(BuildFailure) {
            report = try Pipeline.build(options)
        } catch {
            results.add(error.diagnostics)
            if !results.hasErrors { results.entries.append(.init(.error, file: inputsLabel, .catalogsNotCompiled)) }
            return finish(results, invocation)
        }
        results.add(report.warnings)

        // What the build leaves in the bundle: the car, the loose icons and launch images, and what
        // the car does not hold yet (JPEG, high-contrast and -568h images; docs/assets-car.md).
        var files = report.variants.map(\.variant).filter(\.isLooseInBundle).map(\.relativePath)
        let car = FilePath(CompiledCatalogRequest.relativePath).lastComponent
        if FileSystem.kind(work + "/" + CompiledCatalogRequest.relativePath) == .file { files.append(car) }
        // A Mac app's icon: `<app icon>.icns` beside the car, made with it.
        if request.platform.hasMacIcon, let icon = request.appIcon,
           FileSystem.kind(work + "/Resources/\(icon).icns") == .file {
            files.append("\(icon).icns")
        }
        let resources = work + "/Resources"
        // One run places files in a folder at a time: two builds compiling into one folder at once
        // would otherwise leave one's car beside the other's icons.
        let placing: FileLock?
        do throws(FileError) {
            placing = try FileLock.waiting(folder: kernel, seconds: placementWaitSeconds)
        } catch {
            return fail(.cannotLockCompileFolder(given, error))
        }
        guard let placing else {
            return fail(.compileFolderBusy(given, seconds: Int(placementWaitSeconds)))
        }
        defer { withExtendedLifetime(placing) {} }
        // A run killed while placing (between two renames) left its journal: the earlier files
        // come back before anything is checked or placed.
        ActoolPlacement.recover(compile: kernel, sideFiles: [invocation.partialInfoPlist, invocation.dependencyInfo].compactMap { $0 }.map(FileSystem.absolute))
        // Checked before anything is placed, so a refused path leaves --compile as it was.
        let pathProblems = ActoolOutputPaths.problems(invocation, inputs: catalogs, placed: files.map { compile + "/" + $0 }, compile: kernel)
        if !pathProblems.isEmpty {
            for problem in pathProblems { results.entries.append(.init(.error, file: inputsLabel, problem)) }
            return finish(results, invocation)
        }
        // Placed as one step (ActoolPlacement): a file that cannot be written (a full disk, a
        // read-only plist path, a folder where the car goes) or a killed run leaves the earlier
        // --compile folder as it was.
        var written: [String] = []
        var placement = ActoolPlacement(compile: kernel)
        do throws(FileError) {
            for file in files.sorted() {
                let target = compile + "/" + file
                try FileSystem.makeDirectories(FilePath(target).folder.string, under: kernel)
                try placement.add(.copy(of: resources + "/" + file), at: target)
                written.append(target)
            }
            if let plist = invocation.partialInfoPlist {
                let target = FileSystem.absolute(plist)
                try placement.add(try FileSystem.read(work + "/partial-Info.plist", limit: Int.max), at: target)
                written.append(target)
            }
            if let path = invocation.dependencyInfo {
                let info = LinkerDependencyInfo(version: "actool-\(invocation.xcode.bundleVersion ?? invocation.xcode.version)", inputs: catalogs, outputs: written)
                try placement.add(info.bytes, at: FileSystem.absolute(path))
            }
            try placement.commit()
        } catch {
            return fail(.cannotWriteCompiledFiles(error))
        }
        results.outputFiles = written.sorted()
        return finish(results, invocation)
    }

    private static func finish(_ results: ActoolResults, _ invocation: ActoolInvocation) -> Outcome {
        let bytes: [UInt8]
        switch invocation.outputFormat {
        case .xml1: bytes = Array(PropertyList.xml(results.propertyList).utf8)
        case .binary1: bytes = PropertyList.binary(results.propertyList)
        case .text: bytes = Array(results.text.utf8)
        }
        return Outcome(results: results, standardOutput: bytes, exitCode: results.hasErrors ? 1 : 0)
    }

    struct ActoolRequestError: Error {
        var messages: [Diagnostic.Message]
    }

    /// actool's choices as a catalog build's: platform, deployment target, devices, icons, colours.
    static func catalogRequest(_ invocation: ActoolInvocation, catalogs: [String]) throws(ActoolRequestError) -> CatalogRequest {
        var problems: [Diagnostic.Message] = []
        var request = CatalogRequest(paths: [], appIcon: invocation.appIcon, launchImage: invocation.launchImage)
        for catalog in catalogs {
            let lower = catalog.lowercased()
            if lower.hasSuffix(".xcassets") || lower.hasSuffix(".xcassets/") {
                request.paths.append(catalog)
            } else if lower.hasSuffix(".icon") || lower.hasSuffix(".icon/") {
                request.iconBundles.append(catalog)
            } else if lower.hasSuffix(".xcstickers") {
                problems.append(.stickerCatalogNotCompiled(catalog))
            } else {
                problems.append(.notAnAssetCatalog(catalog))
            }
        }
        if catalogs.isEmpty { problems.append(.noAssetCatalogGiven) }
        switch invocation.platform {
        // qmake passes the SDK's version-min spelling for the simulator (`ios-simulator`).
        case "iphoneos"?, "iphonesimulator"?, "ios"?, "ios-simulator"?, nil: break
        // A Mac app: so far its Icon Composer icon (and the catalogs' image, colour and data sets).
        case "macosx"? where invocation.uiFrameworkFamily == "uikit" || invocation.targetDevices.contains(where: { $0 == "ipad" || $0 == "iphone" }):
            // Mac Catalyst, as swift-build and .NET pass it: the iPad app's catalogs for the Mac.
            request.platform = .macCatalyst
            request.devices = [.ipad]
            if invocation.launchImage != nil { problems.append(.noLaunchImages(macCatalyst: true)) }
        case "appletvos"?, "appletvsimulator"?, "tvos"?, "tvos-simulator"?:
            // An Apple TV app: its catalogs' universal and tv entries, its Brand Assets icon.
            request.platform = .tvOS
            request.devices = [.tv]
        case "watchos"?, "watchsimulator"?, "watchos-simulator"?:
            // An Apple Watch app: its catalogs' universal and watch entries (docs/watchos.md).
            request.platform = .watchOS
            request.devices = [.watch]
        case "xros"?, "xrsimulator"?, "visionos"?, "visionos-simulator"?:
            // An Apple Vision Pro app: its catalogs' universal and vision entries (docs/visionos.md).
            request.platform = .visionOS
            request.devices = [.vision]
        case "macosx"?:
            request.platform = .macOS
            if invocation.launchImage != nil { problems.append(.noLaunchImages(macCatalyst: false)) }
        case let other?:
            problems.append(.unsupportedPlatform(other))
        }
        if let text = invocation.minimumDeploymentTarget {
            if let version = OSVersion(text) { request.deploymentTarget = version } else {
                problems.append(.notADeploymentTarget(text))
            }
        }
        var devices: [Idiom] = []
        for device in invocation.targetDevices {
            if request.platform == .macOS { continue }  // `mac`, the one device of a Mac app
            if request.platform == .macCatalyst {
                // The iPad's images (a Catalyst app is an iPad app); `mac` adds none of its own here.
                if !["ipad", "mac", "iphone"].contains(device) { problems.append(.notAMacCatalystDevice(device)) }
                continue
            }
            if let only = request.platform.onlyTargetDevice {
                if device != only { problems.append(.notADevice(device, of: request.platform, only: only)) }
                continue
            }
            if let idiom = Idiom(rawValue: device), Idiom.iOSDevices.contains(idiom) { devices.append(idiom) } else {
                problems.append(.notAnIOSDevice(device))
            }
        }
        if !devices.isEmpty { request.devices = devices.sorted() }
        // Every other icon set as an alternate; it needs the primary named (`--app-icon`).
        if invocation.includeAllAppIcons, invocation.appIcon != nil {
            request.alternateAppIcons = true
        }
        request.alternateAppIconNames = invocation.alternateAppIcons
        request.accentColor = invocation.accentColor
        request.widgetBackgroundColor = invocation.widgetBackgroundColor
        request.xcode = invocation.xcode
        request.optimizesForSpace = invocation.optimizesForSpace
        request.launchScreenColor = invocation.launchScreenColor
        request.launchScreenImage = invocation.launchScreenImage
        request.writesIconFile = invocation.iconStackFallback
        request.compiledCatalog = true
        request.actoolSeverities = true
        if !problems.isEmpty { throw ActoolRequestError(messages: problems) }
        return request
    }
}

extension ApplePlatform {
    /// The one `--target-device` a tvOS, watchOS or visionOS build takes.
    fileprivate var onlyTargetDevice: String? {
        switch self {
        case .tvOS: "tv"
        case .watchOS: "watch"
        case .visionOS: "vision"
        case .iOS, .macOS, .macCatalyst: nil
        }
    }
}

extension Diagnostic.Message {
    fileprivate static let noOutputDirectory: Diagnostic.Message = "no output directory: pass --compile DIR"

    /// actool's wording.
    fileprivate static func outputDirectoryDoesNotExist(_ path: String) -> Diagnostic.Message { "The output directory \"\(path)\" does not exist." }

    /// The work folder is assetc's own business: the message names the variables that choose it.
    fileprivate static func cannotMakeWorkFolder(_ error: FileError) -> Diagnostic.Message { "cannot make a work folder in the temporary folder \(error.path): \(error.reasonText); set TMPDIR, or ASSETC_CACHE_DIR, to a writable folder" }

    /// The build failed without an error of its own to show.
    fileprivate static let catalogsNotCompiled: Diagnostic.Message = "the catalogs could not be compiled"

    fileprivate static func cannotLockCompileFolder(_ path: String, _ error: FileError) -> Diagnostic.Message { "cannot lock --compile \(path): \(error)" }

    fileprivate static func compileFolderBusy(_ path: String, seconds: Int) -> Diagnostic.Message { "another run has been placing files in --compile \(path) for \(seconds) s; try again when it is done" }

    fileprivate static func cannotWriteCompiledFiles(_ error: FileError) -> Diagnostic.Message { "cannot write the compiled files: \(error) (\(error.path))" }

    fileprivate static func stickerCatalogNotCompiled(_ catalog: String) -> Diagnostic.Message { "\(catalog): sticker catalogs are not compiled by assetc" }

    fileprivate static func notAnAssetCatalog(_ path: String) -> Diagnostic.Message { "\(path): not an asset catalog (.xcassets)" }

    fileprivate static let noAssetCatalogGiven: Diagnostic.Message = "no asset catalog given"

    fileprivate static func noLaunchImages(macCatalyst: Bool) -> Diagnostic.Message { "--launch-image: a \(macCatalyst ? "Mac Catalyst" : "Mac") app has no launch images" }

    fileprivate static func unsupportedPlatform(_ platform: String) -> Diagnostic.Message { "--platform \(platform): assetc compiles for iOS (iphoneos, iphonesimulator), tvOS (appletvos, appletvsimulator), watchOS (watchos, watchsimulator), visionOS (xros, xrsimulator) and macOS (macosx) only" }

    fileprivate static func notADeploymentTarget(_ text: String) -> Diagnostic.Message { "--minimum-deployment-target \(text) is not a version such as 15.0" }

    fileprivate static func notAMacCatalystDevice(_ device: String) -> Diagnostic.Message { "--target-device \(device): a Mac Catalyst app runs as ipad or mac" }

    fileprivate static func notADevice(_ device: String, of platform: ApplePlatform, only: String) -> Diagnostic.Message { "--target-device \(device): a \(platform.displayName) app runs on \(only) only" }

    fileprivate static func notAnIOSDevice(_ device: String) -> Diagnostic.Message { "--target-device \(device): assetc compiles for iphone and ipad only" }
}
