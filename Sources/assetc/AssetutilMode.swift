import ArgumentParser
import AssetKit
import Foundation

/// `assetutil --info Assets.car`, or the binary called as `assetutil` (a link `make install` makes):
/// the JSON description of a car that Apple's assetutil prints, which Tauri's bundler reads for the
/// icon's name (docs/actool.md, "assetutil"). Only `--info` (`-I`) is answered.
enum AssetutilMode {
    static func main(_ arguments: [String]) -> Never {
        guard arguments.count == 2, ["--info", "-I"].contains(arguments[0]) else {
            FileHandle.standardError.write(Data("assetutil: error: this assetutil answers --info PATH only (docs/actool.md)\n".utf8))
            exit(64)
        }
        do throws(BuildFailure) {
            let json = try CarInfoReport.json(path: arguments[1])
            FileHandle.standardOutput.write(Data(json.utf8))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data(error.diagnostics.map { "assetutil: \($0.description)\n" }.joined().utf8))
            exit(error.kind.exitCode)
        }
    }
}

/// In `assetc --help`: the assetutil mode's place among the commands.
struct AssetutilCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetutil",
        abstract: "Answer as Apple's assetutil --info Assets.car: the car's header and renditions as JSON (docs/actool.md).")

    @Argument(parsing: .captureForPassthrough, help: "assetutil's arguments: --info PATH.")
    var arguments: [String] = []

    func run() throws {
        AssetutilMode.main(arguments)
    }
}
