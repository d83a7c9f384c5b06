import ArgumentParser
import AssetKit

/// Internal: a supervised render worker, started by `assetc build` itself (docs/architecture.md).
struct RenderWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-worker",
        abstract: "Internal: render requests from a parent assetc build on standard input.",
        shouldDisplay: false)

    @Option var memoryBytes: Int?
    /// The parent's `PNGEncoderSettings.description`.
    @Option var encoder: String?
    @Option var fonts: String?

    func run() throws {
        guard RenderService.serveRenderWorker(memoryBytes: memoryBytes, encoder: encoder, fontsDirectory: fonts) else {
            throw ValidationError("unreadable encoder settings: \(encoder ?? "")")
        }
    }
}
