import ArgumentParser
import AssetKit

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "List every file a build would write, with its pixel size, without rendering.")

    @OptionGroup var common: ManifestOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let project = try common.loadProject()
        let variants = project.plan.variants
        print(json ? PlanListing.json(variants).serialized() : PlanListing.text(variants), terminator: "")
        if !common.quiet {
            let pixels = variants.reduce(0) { $0 + $1.pixelCount }
            Console.info("assetc: \(variants.count) files planned, \(SizeReport.oneDecimal(Double(pixels) / 1e6)) megapixels")
        }
    }
}
