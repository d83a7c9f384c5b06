import ArgumentParser
import AssetKit

/// `assetc resolve`: the file an app with these traits would load, by the shipped table.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Print the file (relative to Resources/) an app with these traits loads for NAME.")

    enum IdiomChoice: String, ExpressibleByArgument, CaseIterable { case iphone, ipad }
    enum AppearanceChoice: String, ExpressibleByArgument, CaseIterable { case light, dark }

    @Argument(help: "The image name, as passed to UIImage(named:).")
    var name: String

    @Argument(help: "The output folder of a build (holding Resources/asset-table.json).")
    var outputDirectory: String

    @Option(help: "The screen scale: 1, 2 or 3.")
    var scale: Int

    @Option(help: "The device idiom.")
    var idiom: IdiomChoice

    @Option(help: ArgumentHelp("The screen in points, either orientation (320x568).", valueName: "WxH"))
    var screen: String

    @Option(help: "The interface style.")
    var appearance: AppearanceChoice = .light

    @Flag(help: "High contrast is on.")
    var highContrast = false

    @Option(help: "Look only in this bundle (the main bundle is \"main\").")
    var bundle: String?

    @Option(help: "How messages are printed: text, json or github.")
    var messageFormat: MessageFormat = .text

    func validate() throws {
        guard (1...3).contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3") }
        guard screenSize != nil else { throw ValidationError("--screen takes WIDTHxHEIGHT in points, such as 320x568") }
    }

    private var screenSize: (Int, Int)? {
        let parts = screen.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...10_000).contains($0) }) else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        Console.format = messageFormat
        let (width, height) = screenSize!
        let traits = AssetTraits(scale: scale, idiom: idiom == .ipad ? .pad : .phone, screenWidth: width, screenHeight: height,
                                 luminosity: appearance == .dark ? .dark : .light, highContrast: highContrast)
        do throws(BuildFailure) {
            let found = try RuntimeLookup.resolve(name, traits: traits, bundle: bundle, outputDirectory: outputDirectory)
            print(found.path)
        } catch {
            throw ExitCode(Console.exit(for: error))
        }
    }
}
