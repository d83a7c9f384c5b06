import TestSupport
import Testing
@testable import AssetModel
@testable import ManifestInput
@testable import Planning

/// Decodes manifest text; failures come back as their diagnostics.
func decodeManifest(_ text: String) -> Result<(manifest: Manifest, warnings: [Diagnostic]), InputError> {
    do {
        return .success(try ManifestDecoder.decode(Array(text.utf8), path: "assets.json", directory: "."))
    } catch {
        return .failure(error)
    }
}

/// Where a marker (`1️⃣`) stands in marked test input.
func location(_ marked: MarkedText, _ marker: String) -> AssetModel.SourceLocation {
    let (line, column) = marked.location(marker)
    return AssetModel.SourceLocation(line: line, column: column)
}

func errors(_ text: String) -> [String] {
    switch decodeManifest(text) {
    case .success: return []
    case .failure(let failure): return failure.diagnostics.filter { $0.severity == .error }.map(\.description)
    }
}

@Suite struct ManifestDecoderTests {
    @Test func decodesEveryOptionOfTheIssueExample() throws {
        let marked = MarkedText("""
        {
          "version": 1,
          "output": "build/assets",
          "scales": [1, 2],
          "bundles": [ 1️⃣{ "name": "Checkout", "path": "Checkout.bundle" } ],
          "images": [
            { "name": 2️⃣"Button",     "source": "art/button.pdf" },
            { "name": "Header",     "source": "art/header.pdf", "size": [320, 44], "scales": [1, 2, 3] },
            { "name": "Background", "source": "art/bg.pdf", "size": [320, 480], "fit": "fill", "tall": true },
            { "name": "Logo",       "source": "art/logo.pdf", "idioms": ["iphone", "ipad"] },
            { "name": "Card",       "source": "art/card.pdf", "bundle": "Checkout", "page": 2 },
            { "name": "Photo",      "source": "art/photo@2x.png" }
          ]
        }
        """)
        let manifest = try decodeManifest(marked.text).get().manifest
        #expect(manifest.output == "build/assets")
        #expect(manifest.bundles == [BundleSpec(name: "Checkout", path: "Checkout.bundle", location: location(marked, "1️⃣"))])
        #expect(manifest.images.map(\.name) == ["Button", "Header", "Background", "Logo", "Card", "Photo"])
        let header = manifest.images[1]
        #expect(header.scales == [1, 2, 3])
        #expect(header.art?.size == PointSize(width: 320, height: 44))
        #expect(header.art?.fit == .contain)
        let background = manifest.images[2]
        #expect(background.art?.fit == .fill)
        #expect(background.tall?.derivesSize == true)
        #expect(manifest.images[3].idioms.map(\.idiom) == [.iphone, .ipad])
        #expect(manifest.images[4].bundle == .named("Checkout"))
        #expect(manifest.images[4].art?.page == 2)
        #expect(manifest.images[0].scales == [1, 2])
        #expect(manifest.images[0].nameLocation == location(marked, "2️⃣"))
    }

    @Test func idiomObjectsOverrideSourceSizeAndScales() throws {
        let text = """
        {"version": 1, "images": [{"name": "Logo", "source": "a.pdf", "size": [10, 10],
          "idioms": {"ipad": {"source": "b.pdf", "scales": [1, 2]}, "iphone": {"size": [20, 30], "fit": "stretch"}}}]}
        """
        let image = try decodeManifest(text).get().manifest.images[0]
        #expect(image.idioms.map(\.idiom) == [.iphone, .ipad])
        #expect(image.idioms[0].art.source.path == "a.pdf")
        #expect(image.idioms[0].art.size == PointSize(width: 20, height: 30))
        #expect(image.idioms[0].art.fit == .stretch)
        #expect(image.idioms[1].art.source.path == "b.pdf")
        #expect(image.idioms[1].art.size == nil, "a new source does not inherit the other source's size")
        #expect(image.idioms[1].scales == [1, 2])
    }

    @Test func tallObjectNamesItsOwnSource() throws {
        let text = #"{"version": 1, "images": [{"name": "Bg", "source": "a.pdf", "tall": {"source": "tall.pdf", "fit": "fill"}}]}"#
        let tall = try #require(try decodeManifest(text).get().manifest.images[0].tall)
        #expect(tall.art.source.path == "tall.pdf")
        #expect(tall.art.fit == .fill)
        #expect(tall.derivesSize == false)
    }

    /// `"codegen": {"bundle": …}`: the four places accessors may look, anything else an error at the value.
    @Test func accessorBundleIsOneOfFourPlaces() throws {
        for (text, expected) in [("main", AccessorBundle.main), ("module", .module), ("framework", .framework), ("Kit.bundle", .named("Kit.bundle"))] {
            let manifest = try decodeManifest(#"{"version": 1, "codegen": {"swift": "A.swift", "bundle": "\#(text)"}, "images": []}"#).get().manifest
            #expect(manifest.accessorBundle == expected, "\(text)")
        }
        for wrong in ["Kit", "a/b.bundle", ".bundle", "Main"] {
            let marked = MarkedText(#"{"version": 1, "codegen": {"bundle": 1️⃣"\#(wrong)"}, "images": []}"#)
            #expect(errors(marked.text).contains("assets.json:\(marked.position("1️⃣")): error: \"bundle\" of \"codegen\" must be main, module, framework or a Name.bundle inside the app, not \"\(wrong)\""),
                    "\(wrong): \(errors(marked.text))")
        }
    }

    /// The file system ends a path at NUL, so a string holding one would name another file than the
    /// one every check saw (`"nul.json\u0000.swift"` passed as Swift code and overwrote the manifest).
    @Test func aNulInAnyStringIsAnErrorAtItsPosition() {
        let marked = MarkedText(#"{"version": 1, "codegen": {"swift": 1️⃣"assets.json\u0000.swift"}, "images": [{"name": "A", "source": 2️⃣"a.png\u0000@2x.png"}]}"#)
        let found = errors(marked.text)
        #expect(found.contains("assets.json:\(marked.position("1️⃣")): error: \"swift\" of \"codegen\" must not contain a NUL character (\\u0000)"), "\(found)")
        #expect(found.contains { $0.hasPrefix("assets.json:\(marked.position("2️⃣")): error: ") && $0.contains("must not contain a NUL character") }, "\(found)")
        #expect(errors(#"{"version": 1, "output": "out\u0000", "images": []}"#).first?.contains("NUL") == true)
    }

    @Test func unknownKeysAreErrorsWithPositionAndSuggestion() {
        let marked = MarkedText("{\n  \"version\": 1,\n  \"images\": [\n    {\"name\": \"A\", 1️⃣\"sorce\": \"a.pdf\"}\n  ]\n}")
        let found = errors(marked.text)
        #expect(found.contains("assets.json:\(marked.position("1️⃣")): error: unknown key 'sorce' in image #1; did you mean 'source'?"),
                "\(found)")
        #expect(errors(#"{"version": 1, "imagez": []}"#).first?.contains("did you mean 'images'?") == true)
    }

    @Test(arguments: [
        (#"{"version": 2}"#, "unsupported manifest version 2"),
        (#"{"images": []}"#, "missing \"version\""),
        (#"[1]"#, "the manifest must be an object, found an array"),
        (#"{"version": "1"}"#, "must be a whole number, found a string"),
        (#"{"version": 1, "scales": [4]}"#, "between 1 and 3"),
        (#"{"version": 1, "scales": [1.5]}"#, "must be a whole number, found 1.5"),
        (#"{"version": 1, "scales": []}"#, "is empty"),
        (#"{"version": 1, "scales": [2, 2]}"#, "listed twice"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "size": [0, 10]}]}"#, "greater than 0"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "size": [-5, 10]}]}"#, "greater than 0"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "size": [1e9, 10]}]}"#, "at most 10000"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "size": [10]}]}"#, "[width, height]"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "page": 0}]}"#, "between 1 and"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "fit": "cover"}]}"#, "is not one of: contain, fill, stretch"),
        (#"{"version": 1, "images": [{"name": "A"}]}"#, "has no \"source\""),
        (#"{"version": 1, "images": [{"source": "a.pdf"}]}"#, "has no \"name\""),
        (#"{"version": 1, "images": [{"name": "A@2x", "source": "a.pdf"}]}"#, "modifier '@2x'"),
        (#"{"version": 1, "images": [{"name": "../A", "source": "a.pdf"}]}"#, "path separator"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "bundle": "Nope"}]}"#, "not declared"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "idioms": ["iphone", "ipod"]}]}"#, "not one of: iphone, ipad"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "idioms": {"ipda": {}}}]}"#, "did you mean 'ipad'"),
        // A manifest builds iOS images: the tv and watch idioms of other builds are not among them, in either form.
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "idioms": {"watch": {}}}]}"#, "unknown idiom 'watch'"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "idioms": {"tv": {}}}]}"#, "unknown idiom 'tv'"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "idioms": ["watch"]}]}"#, "not one of: iphone, ipad"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "idioms": ["ipad"], "tall": true}]}"#, "leave out iphone"),
        (#"{"version": 1, "images": [{"name": "A", "source": "a.pdf", "tall": 1}]}"#, "must be true, false or an object"),
        (#"{"version": 1, "bundles": [{"name": "B", "path": "../B.bundle"}]}"#, "separator"),
        (#"{"version": 1, "bundles": [{"name": "B", "path": "B.bundle"}, {"name": "B", "path": "C.bundle"}]}"#, "declared twice"),
        (#"{"version": 1, "output": 3}"#, "\"output\" must be a string"),
        (#"{"version": 1, "bundles": [{"name": "main", "path": "Main.bundle"}]}"#, "bundle name 'main' is reserved for the app's main bundle"),
    ])
    func reportsInvalidValues(text: String, message: String) {
        let found = errors(text)
        #expect(found.contains { $0.contains(message) }, "expected '\(message)' in \(found)")
    }

    @Test func duplicateAndCaseFoldedNamesAreErrorsAcrossBundlesOnlyWarnings() {
        let duplicate = #"{"version": 1, "images": [{"name": "A", "source": "a.pdf"}, {"name": "A", "source": "b.pdf"}]}"#
        #expect(errors(duplicate).contains { $0.contains("declared twice") })
        let folded = #"{"version": 1, "images": [{"name": "Icon", "source": "a.pdf"}, {"name": "icon", "source": "b.pdf"}]}"#
        #expect(errors(folded).contains { $0.contains("only by case") })
        let acrossBundles = """
        {"version": 1, "bundles": [{"name": "B", "path": "B.bundle"}],
         "images": [{"name": "Icon", "source": "a.pdf"}, {"name": "Icon", "source": "b.pdf", "bundle": "B"}]}
        """
        guard case .success(let decoded) = decodeManifest(acrossBundles) else {
            Issue.record("names across bundles must decode")
            return
        }
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.message.contains("several bundles") == true)
    }

    @Test func reportsEveryErrorInOneRun() {
        let text = #"{"version": 1, "images": [{"name": "A@2x", "source": "a.pdf"}, {"name": "B", "source": 5}, {"name": "C", "source": "c.pdf", "fit": "x"}]}"#
        #expect(errors(text).count == 3)
    }

    @Test func emptyNonUTF8AndInvalidJSONAreNamed() {
        #expect(errors("  \n").first == "assets.json: error: manifest is empty; expected a JSON object with \"version\": 1")
        let prefix = MarkedText("{\"version\": 1,\n \"x\": \"1️⃣")
        let invalid: [UInt8] = Array(prefix.text.utf8) + [0xFF, 0x22, 0x7D]
        do {
            _ = try ManifestDecoder.decode(invalid, path: "m.json", directory: ".")
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.diagnostics.first?.description == "m.json:\(prefix.position("1️⃣")): error: manifest is not valid UTF-8")
        }
        let broken = MarkedText("{\"version\": 1,\n\"images\": [1️⃣}")
        #expect(errors(broken.text).first == "assets.json:\(broken.position("1️⃣")): error: invalid JSON: unexpected character '}'; expected a value")
        // A merge that left git's markers: named as such, at the first marker.
        let conflicted = "{\"version\": 1,\n<<<<<<< HEAD\n \"output\": \"a\"\n=======\n \"output\": \"b\"\n>>>>>>> topic\n}\n"
        #expect(errors(conflicted) == ["assets.json:2:1: error: unresolved merge conflict: the file still holds git's conflict markers; resolve the conflict and keep one version"])
    }
}

@Suite struct ManifestCatalogKeyTests {
    @Test func catalogsWithBundlesScalesAndSets() throws {
        let text = """
        {"version": 1, "bundles": [{"name": "Checkout", "path": "Checkout.bundle"}],
         "catalogs": [{"path": "App/Assets.xcassets"}, {"path": "Pay.xcassets", "bundle": "Checkout", "scales": [3, 2]}],
         "appIcon": {"set": "AppIcon"}, "launchImage": {"set": "LaunchImage"}}
        """
        let manifest = try decodeManifest(text).get().manifest
        #expect(manifest.catalogs.map(\.path) == ["App/Assets.xcassets", "Pay.xcassets"])
        #expect(manifest.catalogs.map(\.bundle) == [.main, .named("Checkout")])
        #expect(manifest.catalogs.map(\.scales) == [[1, 2, 3], [2, 3]])
        #expect(manifest.appIconSetName?.name == "AppIcon")
        #expect(manifest.launchImageSetName?.name == "LaunchImage")
        #expect(manifest.appIcon == nil && manifest.launchImage == nil)
    }

    @Test func badCatalogEntriesAreErrorsWithPositions() {
        let marked = MarkedText(#"""
        {"version": 1, "catalogs": [{"path": 1️⃣"art"}, {"path": "A.xcassets", "bundle": 2️⃣"Nope"}, 3️⃣{"bundle": "X"}],
         "appIcon": {"set": "AppIcon", 4️⃣"name": "Other"}}
        """#)
        let found = errors(marked.text)
        #expect(found.contains("assets.json:\(marked.position("1️⃣")): error: catalog path 'art' must name a .xcassets folder"), "\(found)")
        #expect(found.contains("assets.json:\(marked.position("2️⃣")): error: bundle 'Nope' is not declared in \"bundles\""), "\(found)")
        #expect(found.contains("assets.json:\(marked.position("3️⃣")): error: a catalog needs \"path\", the .xcassets folder"), "\(found)")
        #expect(found.contains("assets.json:\(marked.position("4️⃣")): error: \"name\" of \"appIcon\" does not apply with \"set\" (the set in the catalog says everything)"), "\(found)")
    }

    @Test func theSchemaKeyIsForEditorsAndIgnored() throws {
        let manifest = try decodeManifest(#"{"$schema": "docs/assets.schema.json", "version": 1, "images": []}"#).get()
        #expect(manifest.warnings.isEmpty && manifest.manifest.images.isEmpty)
    }

    @Test func aSetNeedsCatalogs() {
        let found = errors(#"{"version": 1, "appIcon": {"set": "AppIcon"}}"#)
        #expect(found == ["assets.json:1:1: error: \"set\" picks a set from \"catalogs\", but the manifest lists no catalogs"])
    }
}
