import ArgumentParser
import AssetKit
import Foundation

/// `assetc actool …`, or the binary called as `actool` (a link `make install` makes): actool's
/// command line and answers, for the build systems that call actool (docs/actool.md). Parsed by
/// hand, not by ArgumentParser: actool's flags take `--flag=value`, repeat, and mix with operands.
enum ActoolMode {
    static func main(_ arguments: [String]) -> Never {
        Interruption.install()
        let outcome = ActoolCompiler.run(ActoolInvocation.parse(arguments, environment: ProcessInfo.processInfo.environment), isCancelled: { Interruption.isRequested })
        if Interruption.isRequested {
            // A build engine that stops actool (llbuild sends SIGINT to swift-build's tasks) reads
            // an exit by that signal as "cancelled"; a results document or an exit status would
            // read as a second failure. Nothing was written, so the signal ends the process now
            // that the staged files are gone (its default action is back in place).
            raise(Interruption.received.load(ordering: .relaxed))
            exit(FailureKind.interrupted.exitCode)
        }
        FileHandle.standardOutput.write(Data(outcome.standardOutput))
        exit(outcome.exitCode)
    }
}

/// `xcrun` for scripts that call `xcrun actool …` or check `xcrun --find actool` (CocoaPods,
/// rules_apple, Chromium): the binary called as `xcrun` runs the actool mode (and `xcrun assetutil`
/// the assetutil one), and finds `actool` beside itself. Any other tool is not found, as xcrun says it.
enum XcrunShim {
    static func main(_ arguments: [String]) -> Never {
        var rest = arguments[...]
        var find = false
        while let first = rest.first, first.hasPrefix("-") {
            rest = rest.dropFirst()
            switch first {
            case "--find", "-f": find = true
            case "--sdk", "--toolchain": rest = rest.dropFirst()  // one SDK here: iOS
            case "--log", "-l", "--verbose", "-v", "--no-cache", "-n", "--run", "-r": continue
            default:
                FileHandle.standardError.write(Data("xcrun: error: unsupported option '\(first)' (this xcrun runs only actool and assetutil: docs/actool.md)\n".utf8))
                exit(64)
            }
        }
        guard let tool = rest.first, tool == "actool" || tool == "assetutil" else {
            let name = rest.first ?? ""
            FileHandle.standardError.write(Data("xcrun: error: unable to find utility \"\(name)\", not a developer tool or in PATH\n".utf8))
            exit(72)
        }
        if find {
            // The tool's link beside the `xcrun` called (not beside the binary both point to).
            let called = CommandLine.arguments[0]
            let xcrun = called.contains("/") ? FilePath(called).resolve(against: FilePath(FileManager.default.currentDirectoryPath)).string
                : lookUpOnPath(called)
            if let xcrun {
                let link = FilePath(xcrun).folder.appending(tool).string
                if FileManager.default.isExecutableFile(atPath: link) {
                    print(link)
                    exit(0)
                }
            }
            FileHandle.standardError.write(Data("xcrun: error: unable to find utility \"\(tool)\": no \(tool) link beside xcrun\n".utf8))
            exit(72)
        }
        if tool == "assetutil" { AssetutilMode.main(Array(rest.dropFirst())) }
        ActoolMode.main(Array(rest.dropFirst()))
    }

    private static func lookUpOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        return nil
    }
}

/// In `assetc --help`: the actool mode's place among the commands. main() hands its arguments to
/// `ActoolMode` before ArgumentParser sees them, as actool's flags are not assetc's.
struct ActoolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actool",
        abstract: "Answer as Xcode's actool: --compile DIR, --output-format, --platform, … (docs/actool.md).")

    @Argument(parsing: .captureForPassthrough, help: "actool's arguments.")
    var arguments: [String] = []

    func run() throws {
        ActoolMode.main(arguments)
    }
}
