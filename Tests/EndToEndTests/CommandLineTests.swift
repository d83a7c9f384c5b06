import Foundation
import Testing
import TestSupport

@Suite struct CommandLineTests {
    private func write(_ text: String, to name: String, in directory: URL) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// `build` is the default command, so a typo used to be read as a manifest's name.
    @Test func aMistypedCommandIsNamedWithTheNearestOne() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let typo = try Harness.assetc(["chek", "assets.json"], in: work)
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("'chek' is not an assetc command; did you mean 'check'?"), "\(typo.stderr)")
        #expect(try Harness.assetc(["buidl"], in: work).stderr.contains("did you mean 'build'?"))
        // A word that names a file is a manifest, as before.
        try write(#"{"version": 1, "output": "out", "images": []}"#, to: "chek", in: work)
        #expect(try Harness.assetc(["chek", "-q"], in: work).status == 0)
    }

    /// A mistyped option whose value would land among the inputs is named as an unknown option with
    /// the nearest known one, not reported as a second manifest.
    @Test func aMistypedOptionIsNamedWithTheNearestOne() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try write(#"{"version": 1, "output": "out", "images": []}"#, to: "assets.json", in: work)
        let build = try Harness.assetc(["build", "assets.json", "--ouput", "x"], in: work)
        #expect(build.status == 64)
        #expect(build.stderr.hasPrefix("Error: Unknown option '--ouput'. Did you mean '--output'?\n"), "\(build.stderr)")
        let check = try Harness.assetc(["check", "assets.json", "--message-fromat", "json"], in: work)
        #expect(check.status == 64)
        #expect(check.stderr.hasPrefix("Error: Unknown option '--message-fromat'. Did you mean '--message-format'?\n"), "\(check.stderr)")
        // The default command too, and an option of another command is unknown to this one.
        #expect(try Harness.assetc(["assets.json", "--jobz", "2"], in: work).stderr.contains("Did you mean '--jobs'?"))
        #expect(try Harness.assetc(["check", "assets.json", "--output", "x"], in: work).stderr.contains("Unknown option '--output'"))
        // Known options, `--name=value` and anything after `--` are not questioned.
        #expect(try Harness.assetc(["build", "assets.json", "--output=out", "-q"], in: work).status == 0)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("x").path))
    }

    @Test func missingManifestNamesTheFile() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr == "assets.json: error: cannot read manifest: cannot read file: No such file or directory\n"
            + "assets.json: note: run `assetc init` to write a manifest for the artwork here, or name catalogs: `assetc build App.xcassets`\n")
        // A manifest named by its path gets no such hint.
        let named = try Harness.assetc(["build", "app.json"], in: work)
        #expect(named.stderr == "app.json: error: cannot read manifest: cannot read file: No such file or directory\n")
    }

    @Test func manifestErrorsUseEditorFormatWithLineAndColumn() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let manifest = MarkedText("{\n  \"version\": 1,\n  \"images\": [{\"name\": \"A\", 1️⃣\"soruce\": \"a.pdf\"}]\n}\n")
        try write(manifest.text, to: "assets.json", in: work)
        let run = try Harness.assetc(["check"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("assets.json:\(manifest.position("1️⃣")): error: unknown key 'soruce' in image #1; did you mean 'source'?"), "\(run.stderr)")
        #expect(!run.signaled)
    }

    @Test func missingSourceNamesTheSourceAndTheManifestLine() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let manifest = MarkedText("{\"version\": 1,\n\"images\": [\n {\"name\": \"A\", \"source\": 1️⃣\"art/none.pdf\"}]}")
        try write(manifest.text, to: "m.json", in: work)
        let run = try Harness.assetc(["build", "m.json"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("art/none.pdf: error: cannot read file: No such file or directory"), "\(run.stderr)")
        #expect(run.stderr.contains("m.json:\(manifest.position("1️⃣")): note: source referenced here"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("build").path),
                "a failed plan must not create the output folder")
    }

    @Test func checkValidatesWithoutWriting() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        let run = try Harness.assetc(["check", "full/assets.json"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("is valid (28 variants)"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("full/out").path))
    }

    /// A folder as the input: inside a catalog it stands for the catalog (it was read as a
    /// manifest, "is a directory"); holding assets.json, for that manifest; any other folder gets a
    /// message saying what to name (an Icon Composer bundle is an input of its own). A build whose
    /// output would land inside a catalog is refused and writes nothing.
    @Test func aFolderStandsForItsCatalogOrManifest() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try ActoolModeTests.makeCatalog(in: work)
        let set = catalog.appendingPathComponent("flag.at.imageset")
        // A set this build leaves out (a data set, without --car): "valid", but the line says so.
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("Blob.dataset"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: catalog.appendingPathComponent("Blob.dataset/blob.bin"))
        try #"{"data": [{"idiom": "universal", "filename": "blob.bin"}], "info": {"author": "xcode", "version": 1}}"#.write(to: catalog.appendingPathComponent("Blob.dataset/Contents.json"), atomically: true, encoding: .utf8)
        let inSet = try Harness.assetc(["check", "."], in: set)
        #expect(inSet.status == 0, "\(inSet.stderr)")
        #expect(inSet.stderr.contains("A.xcassets is valid ("), "\(inSet.stderr)")
        #expect(inSet.stderr.contains("; 1 set left out of this build, -v says why)"), "\(inSet.stderr)")
        #expect(try Harness.assetc(["plan", "."], in: catalog).status == 0)
        let build = try Harness.assetc(["build", "."], in: set)
        #expect(build.status == 1)
        #expect(build.stderr.contains("build/assets: error: the output folder is inside the catalog"), "\(build.stderr)")
        #expect(Harness.files(under: set).allSatisfy { !$0.hasPrefix("build") })

        let other = work.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let folder = try Harness.assetc(["check", "art"], in: work)
        #expect(folder.status == 64)
        #expect(folder.stderr.contains("art is a folder that is neither an .xcassets catalog (nor inside one) nor holds an assets.json"), "\(folder.stderr)")
        try #"{"version": 1, "catalogs": [{"path": "../A.xcassets"}], "images": []}"#.write(to: other.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let manifest = try Harness.assetc(["check", "art"], in: work)
        #expect(manifest.status == 0 && manifest.stderr.contains("art/assets.json and ../A.xcassets are valid"), "\(manifest.stderr)")

        // One catalog under two spellings: one error, not every set clashing with itself.
        let twice = try Harness.assetc(["check", "A.xcassets", "./A.xcassets/"], in: work)
        #expect(twice.status == 1)
        #expect(twice.stderr == "./A.xcassets: error: the catalog is named twice (also as A.xcassets)\n", "\(twice.stderr)")

        // An Icon Composer bundle is an input beside catalogs: one that is not the app icon is said so.
        try FileManager.default.createDirectory(at: work.appendingPathComponent("AppIcon.icon"), withIntermediateDirectories: true)
        let icon = try Harness.assetc(["build", "A.xcassets", "AppIcon.icon", "--output", "iconout"], in: work)
        #expect(icon.stderr.contains("AppIcon.icon: warning: the Icon Composer icon \"AppIcon\" is not the app icon"), "\(icon.stderr)")
    }

    @Test func outputOptionOverridesTheManifest() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        let run = try Harness.assetc(["build", "full/assets.json", "--output", "elsewhere", "--quiet"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "--quiet printed: \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("elsewhere/asset-index.json").path))
    }

    @Test func quietFailuresPrintErrorsAndTheirNotesOnlyAndJobsJoin() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/star-fill.pdf"),
                                          to: work.appendingPathComponent("star.pdf"))
        // A warning (the same name in two bundles) and an error (a missing source) in one manifest.
        try write(#"{"version": 1, "output": "out", "bundles": [{"name": "B", "path": "B.bundle"}], "images": [{"name": "Star", "source": "star.pdf"}, {"name": "Star", "source": "star.pdf", "bundle": "B"}, {"name": "Gone", "source": "none.pdf"}]}"#,
                  to: "assets.json", in: work)
        let loud = try Harness.assetc(["build"], in: work)
        #expect(loud.status == 1 && loud.stderr.contains(": warning: "), "\(loud.stderr)")
        let quiet = try Harness.assetc(["build", "-q"], in: work)
        #expect(quiet.status == 1, "\(quiet.stderr)")
        let lines = quiet.stderr.split(separator: "\n").map(String.init)
        #expect(lines == ["none.pdf: error: cannot read file: No such file or directory",
                          lines.last ?? ""] && lines.count == 2 && lines[1].contains(": note: source referenced here"),
                "\(quiet.stderr)")
        // A planning note of its own (variants no device loads) is not taken for the error's.
        try write(#"{"version": 1, "output": "out", "devices": ["iphone"], "deploymentTarget": "12.0", "images": [{"name": "Gone", "source": "none.pdf"}, {"name": "Star", "source": "star.pdf"}]}"#,
                  to: "assets.json", in: work)
        let standalone = try Harness.assetc(["check", "-q", "assets.json"], in: work)
        #expect(standalone.status == 1 && !standalone.stderr.contains("left out"), "\(standalone.stderr)")
        #expect(try Harness.assetc(["check", "-v", "assets.json"], in: work).stderr.contains("note: left out"))
        try write(#"{"version": 1, "output": "out", "images": [{"name": "Star", "source": "star.pdf"}]}"#, to: "assets.json", in: work)
        let joined = try Harness.assetc(["build", "-j2", "-q"], in: work)
        #expect(joined.status == 0 && joined.stderr.isEmpty, "\(joined.stderr)")
        let one = try Harness.assetc(["build", "-j1", "--force", "-q"], in: work)
        #expect(one.status == 0, "\(one.stderr)")
    }

    @Test func messagesAsJSONLinesAndGitHubAnnotations() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let manifest = MarkedText("{\"version\": 1,\n\"images\": [{\"name\": \"A\", 1️⃣\"soruce\": \"a.pdf\"},\n {\"name\": \"B\", \"source\": 2️⃣\"none.pdf\"}]}")
        try write(manifest.text, to: "assets.json", in: work)
        let (line1, column1) = manifest.location("1️⃣")
        let json = try Harness.assetc(["check", "--message-format", "json"], in: work)
        #expect(json.status == 1)
        let objects = try json.stderr.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        let unknown = try #require(objects.first { ($0["message"] as? String)?.hasPrefix("unknown key 'soruce'") == true })
        #expect(unknown["file"] as? String == "assets.json" && unknown["severity"] as? String == "error")
        #expect(unknown["line"] as? Int == line1 && unknown["column"] as? Int == column1)
        #expect((unknown["notes"] as? [Any])?.isEmpty == true)
        // The build reaches the missing source only once the manifest is valid.
        try write(manifest.text.replacingOccurrences(of: "soruce", with: "source"), to: "assets.json", in: work)
        try Data(BrokenInputTests.goodPDF).write(to: work.appendingPathComponent("a.pdf"))
        let missing = try Harness.assetc(["build", "--message-format", "json"], in: work)
        let entries = try missing.stderr.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        #expect(entries.count == 1, "\(missing.stderr)")
        let error = try #require(entries.first)
        #expect(error["file"] as? String == "none.pdf" && error["line"] == nil)
        let note = try #require((error["notes"] as? [[String: Any]])?.first)
        let (line2, column2) = manifest.location("2️⃣")
        #expect(note["file"] as? String == "assets.json" && note["line"] as? Int == line2 && note["column"] as? Int == column2)
        let github = try Harness.assetc(["build", "--message-format", "github"], in: work)
        #expect(github.stderr.hasPrefix("::error file=none.pdf::cannot read file: No such file or directory%0Aassets.json:\(line2):\(column2): note: source referenced here"),
                "\(github.stderr)")
    }

    @Test(.enabled(if: Harness.hasPseudoTerminal, "needs a pseudo-terminal (script(1) and /dev/ptmx), which this machine does not give"))
    func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try write("{\"version\": 1, \"imagez\": []}", to: "assets.json", in: work)
        let escape = "\u{1B}["
        let piped = try Harness.assetc(["check"], in: work)
        #expect(piped.status == 1 && !piped.stderr.contains(escape), "\(piped.stderr)")
        // `script` gives the command a pseudo-terminal, as a person's shell would.
        let command = "cd '\(work.path)' && '\(Harness.binary)' check"
        // The test runner's own TERM and NO_COLOR are set explicitly, whatever they are.
        let terminal = try Harness.run("/usr/bin/env", ["-u", "NO_COLOR", "TERM=xterm", "/usr/bin/script", "-qec", command, "/dev/null"])
        #expect(terminal.stdout.contains(escape + "1;31merror:"), "\(terminal.stdout)")
        let noColor = try Harness.run("/usr/bin/env", ["TERM=xterm", "NO_COLOR=1", "/usr/bin/script", "-qec", command, "/dev/null"])
        #expect(noColor.stdout.contains("error: unknown key") && !noColor.stdout.contains(escape), "\(noColor.stdout)")
        let dumb = try Harness.run("/usr/bin/env", ["-u", "NO_COLOR", "TERM=dumb", "/usr/bin/script", "-qec", command, "/dev/null"])
        #expect(dumb.stdout.contains("error: unknown key") && !dumb.stdout.contains(escape), "\(dumb.stdout)")
    }

    @Test func versionAndUsageErrors() throws {
        let version = try Harness.assetc(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("assetc 0."), "\(version.stdout)")
        let bad = try Harness.assetc(["build", "--jobs", "0"])
        #expect(bad.status != 0 && bad.status < 128)
        #expect(bad.stderr.contains("--jobs must be between 1 and 256"))
    }

    /// The render budgets' ranges are declared once (`RenderBudget`) for the manifest, `build`,
    /// `check` and `render`, which took any number before.
    @Test func renderBudgetsAreHeldToOneRangeEverywhere() throws {
        for command in [["build"], ["render", "plan.json", "--output", "out"]] {
            let time = try Harness.assetc(command + ["--render-timeout", "0"])
            #expect(time.status == 64, "\(command) \(time.stderr)")
            #expect(time.stderr.contains("--render-timeout must be more than 0 and at most 86400 seconds"), "\(command) \(time.stderr)")
            let memory = try Harness.assetc(command + ["--render-memory", "32"])
            #expect(memory.status == 64, "\(command) \(memory.stderr)")
            #expect(memory.stderr.contains("--render-memory must be between 64 and 1048576 MiB"), "\(command) \(memory.stderr)")
        }
    }
}
