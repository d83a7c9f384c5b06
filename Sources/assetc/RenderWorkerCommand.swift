import ArgumentParser
import AssetKit

/// Internal: a supervised render worker, started by `assetc build` itself (docs/architecture.md).
struct RenderWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-worker",
        abstract: "Internal: render requests from a parent assetc build on standard input.",
        shouldDisplay: false)

    @Option var memoryBytes: Int?
    @Option var compressionLevel: Int32 = 6
    @Option var indexedCompressionLevel: Int32 = 6
    @Option var paletteShare: Double = 0.2
    @Option var reduceColorType: Bool = true
    @Option var fonts: String?

    func run() {
        Pipeline.serveRenderWorker(memoryBytes: memoryBytes, compressionLevel: compressionLevel,
                                   indexedCompressionLevel: indexedCompressionLevel, paletteShare: paletteShare,
                                   reduceColorType: reduceColorType, fontsDirectory: fonts)
    }
}
