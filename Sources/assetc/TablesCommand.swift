import ArgumentParser
import AssetKit

struct TablesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tables", abstract: "Print the icon and launch-image device tables assetc checks against.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        print(json ? TableReport.json().serialized() : TableReport.text(), terminator: "")
    }
}
