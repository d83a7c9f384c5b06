import Foundation
import Testing

/// docs/assets.schema.json (draft 2020-12) accepts every manifest in Examples/, Tests/Fixtures/ and
/// bazel/, and what `assetc init` writes; it rejects an unknown key, as assetc does. Validated with
/// Python's `jsonschema` (Debian `python3-jsonschema`; `make test` installs it).
@Suite struct SchemaTests {
    static let validator = """
    import json, sys
    from jsonschema import Draft202012Validator
    schema = json.load(open(sys.argv[1]))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    failed = 0
    for path in sys.argv[2:]:
        errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
        print(("ok " if not errors else "invalid ") + path + "".join("\\n  " + e.message for e in errors[:3]))
        failed += bool(errors)
    """

    func validate(_ files: [String]) throws -> Harness.Run {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-schema-\(UUID().uuidString.prefix(8)).py")
        try Self.validator.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        return try Harness.run("/usr/bin/env", ["python3", script.path, Harness.packageRoot.appendingPathComponent("docs/assets.schema.json").path] + files)
    }

    @Test func everyManifestOfTheRepositoryIsValidAndAnUnknownKeyIsNot() throws {
        var manifests: [String] = []
        for folder in ["Examples", "Tests/Fixtures", "bazel"] {
            let root = Harness.packageRoot.appendingPathComponent(folder)
            for file in Harness.files(under: root) where file.hasSuffix(".json") && !file.hasSuffix("Contents.json") {
                let url = root.appendingPathComponent(file)
                if let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any], object["version"] != nil,
                   object["images"] != nil || object["catalogs"] != nil {
                    manifests.append(url.path)
                }
            }
        }
        #expect(manifests.count >= 4, "\(manifests)")
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        #expect(try Harness.assetc(["init"], in: work).status == 0)
        manifests.append(work.appendingPathComponent("assets.json").path)
        let bad = work.appendingPathComponent("bad.json")
        try #"{"version": 1, "images": [{"name": "A", "sorce": "a.pdf"}]}"#.write(to: bad, atomically: true, encoding: .utf8)

        let run = try validate(manifests + [bad.path])
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(lines.count == manifests.count + 1)
        for manifest in manifests { #expect(lines.contains("ok " + manifest[...]), "\(run.stdout)") }
        #expect(lines.contains("invalid " + bad.path[...]), "\(run.stdout)")
        #expect(run.stdout.contains("'sorce' was unexpected"), "\(run.stdout)")
        // And assetc agrees about the bad key.
        let check = try Harness.assetc(["check", "bad.json"], in: work)
        #expect(check.status == 1 && check.stderr.contains("unknown key 'sorce'"))
    }
}
