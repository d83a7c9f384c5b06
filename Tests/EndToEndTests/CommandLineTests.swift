import Foundation
import Testing
import TestSupport

@Suite struct CommandLineTests {
    private func write(_ text: String, to name: String, in directory: URL) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test func missingManifestNamesTheFile() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr == "assets.json: error: cannot read manifest: cannot read file: No such file or directory\n")
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
        try write(#"{"version": 1, "output": "out", "images": [{"name": "Star", "source": "star.pdf"}]}"#, to: "assets.json", in: work)
        let joined = try Harness.assetc(["build", "-j2", "-q"], in: work)
        #expect(joined.status == 0 && joined.stderr.isEmpty, "\(joined.stderr)")
        let one = try Harness.assetc(["build", "-j1", "--force", "-q"], in: work)
        #expect(one.status == 0, "\(one.stderr)")
    }

    @Test func versionAndUsageErrors() throws {
        let version = try Harness.assetc(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("assetc 0."), "\(version.stdout)")
        let bad = try Harness.assetc(["build", "--jobs", "0"])
        #expect(bad.status != 0 && bad.status < 128)
        #expect(bad.stderr.contains("--jobs must be between 1 and 256"))
    }
}
