import AssetModel
import Rendering

/// What a build's later steps use, decided once: the request's budgets (`BuildRequest`), the
/// encoder and the generated code's paths (the command line, `BuildOptions`, wins over the
/// manifest, which wins over the defaults). Every step after `load` reads these values, never the
/// two sources again.
public struct BuildSettings: Sendable {
    /// Seconds one file may take in its render worker before the worker is killed.
    public var renderTimeLimit: Double
    /// Address space of each render worker, in bytes.
    public var renderMemoryLimit: Int
    /// How PNGs are encoded: `--png-effort`, else the manifest's `"render": {"pngEffort"}`, else the
    /// library caller's settings (`BuildOptions.encoder`).
    public var encoder: PNGEncoderSettings
    /// Generated accessors: `--swift`/`--objc` (relative to the working folder), else the
    /// manifest's `codegen` (relative to the manifest).
    public var swiftOutput: String?
    public var objcOutput: String?
    public var accessorBundle: AccessorBundle = .main

    public init(_ options: BuildOptions, request: BuildRequest, plan: BuildPlan) {
        let manifest = request.manifest
        (renderTimeLimit, renderMemoryLimit) = (request.renderTimeLimit, request.renderMemoryLimit)
        if let effort = options.pngEffort ?? (plan.pngEffort != .default ? plan.pngEffort : nil) {
            encoder = PNGEncoderSettings(effort: effort)
        } else {
            encoder = options.encoder
        }
        if options.writesGeneratedCode {
            swiftOutput = options.swiftOutput ?? manifest.swiftOutput.map(manifest.resolve)
            objcOutput = options.objcOutput ?? manifest.objcOutput.map(manifest.resolve)
            accessorBundle = options.accessorBundle ?? manifest.accessorBundle ?? .main
        }
    }

    /// A plan file's settings (`assetc render`): its effort, and the command line's budgets.
    init(_ options: BuildOptions, planned plan: BuildPlan) {
        renderTimeLimit = RenderBudget.timeLimit(commandLine: options.renderTimeLimit, manifest: nil)
        renderMemoryLimit = RenderBudget.memoryLimit(commandLine: options.renderMemoryLimit, manifest: nil)
        encoder = PNGEncoderSettings(effort: plan.pngEffort)
    }
}
