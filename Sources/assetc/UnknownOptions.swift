import ArgumentParser
import AssetKit

/// ArgumentParser runs a command's `validate()` before it reports options it did not know, so a
/// mistyped option whose value lands among the inputs (`assetc build assets.json --ouput x`) was
/// reported as a second manifest. The commands that take inputs look for unknown long options first
/// and name the nearest known one, in ArgumentParser's own wording.
enum UnknownOptions {
    /// The first `--word` of the command line that the command running does not declare.
    static func check(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws {
        let commands = AssetcCommand.configuration.subcommands
        let command = commands.first { $0._commandName == arguments.first } ?? BuildCommand.self
        let known = Set(longOptions(in: command.helpMessage(includeHidden: true, columns: 1000)))
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") && argument.count > 2 {
            let name = String(argument.split(separator: "=", maxSplits: 1)[0])
            guard !known.contains(name) else { continue }
            let suggestion = NameSuggestion.closest(to: name, among: known.sorted()).map { " Did you mean '\($0)'?" } ?? ""
            throw ValidationError("Unknown option '\(name)'.\(suggestion)")
        }
    }

    /// Every `--name` a help text mentions (the options' own lines list each one).
    static func longOptions(in help: String) -> [String] {
        var names: [String] = []
        var current = ""
        for character in help + " " {
            if current.hasPrefix("--") {
                if character.isLetter || character.isNumber || character == "-" { current.append(character); continue }
                if current.count > 2 { names.append(current) }
                current = ""
            }
            if character == "-" { current.append(character) } else { current = "" }
        }
        return names + ["--help", "--version"]
    }
}
