import AssetModel
import Foundation
import Output
import Reports
import Testing

/// What the actool mode prints and writes, checked against the readers that consume it: Foundation's
/// property-list reader for xml1 and binary1 (CoreFoundation's parser, no code shared with the
/// writer), the ld64 dependency format as swift-build's decoder expects it, and the text that
/// rules_apple and Chromium split into sections.
@Suite struct ActoolFormatTests {
    static func decode(_ bytes: [UInt8]) throws -> Any {
        try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    }

    static let sample: PlistValue = .dictionary([
        "com.apple.actool.compilation-results": .dictionary(["output-files": .array((0..<300).map { .string("/out/File\($0).png") })]),
        "é – non-ASCII key": .string("Ünïcode ✓ and \"quotes\" & <tags>"),
        "empty": .dictionary([:]),
        "none": .array([]),
        "long string past fourteen characters": .string(String(repeating: "x", count: 300)),
    ])

    @Test func binaryPropertyListsReadBackAsTheXMLForm() throws {
        let binary = PropertyList.binary(Self.sample)
        #expect(Array(binary.prefix(8)) == Array("bplist00".utf8))
        let fromBinary = try Self.decode(binary) as? NSDictionary
        let fromXML = try Self.decode(Array(PropertyList.xml(Self.sample).utf8)) as? NSDictionary
        #expect(fromBinary != nil)
        #expect(fromBinary == fromXML)
        let files = (fromBinary?["com.apple.actool.compilation-results"] as? NSDictionary)?["output-files"] as? [String]
        #expect(files?.count == 300)
        #expect(files?.last == "/out/File299.png")
        #expect(fromBinary?["é – non-ASCII key"] as? String == "Ünïcode ✓ and \"quotes\" & <tags>")
        // Same value, same bytes.
        #expect(PropertyList.binary(Self.sample) == binary)
    }

    @Test func emptyContainersAreWrittenAsPlutilWritesThem() {
        let xml = PropertyList.xml(.dictionary(["a": .array([]), "b": .dictionary([:])]))
        #expect(xml.contains("\t<key>a</key>\n\t<array/>\n\t<key>b</key>\n\t<dict/>\n"))
    }

    /// swift-build's DependencyInfo test bytes: version first, then inputs, then outputs.
    @Test func dependencyInfoIsLd64sFormat() {
        let info = LinkerDependencyInfo(version: "foo", inputs: ["/bazz", "/bar", "/bar"], outputs: ["/cool-output"])
        let expected: [UInt8] = [0x00] + Array("foo".utf8) + [0, 0x10] + Array("/bar".utf8) + [0, 0x10] + Array("/bazz".utf8)
            + [0, 0x40] + Array("/cool-output".utf8) + [0]
        #expect(info.bytes == expected)
        #expect(info.bytes.last == 0)
    }

    @Test func diagnosticsBecomeDocumentEntriesForTheirSet() {
        var results = ActoolResults()
        results.shownSeverities = [.error, .warning, .notice]
        let walked = folders("/src/A.xcassets", ["Icons", "Icons/Star.imageset", "Logo.imageset"])
        results.add(walked.placing([
            .warning("/src/A.xcassets/Icons/Star.imageset/Contents.json", at: SourceLocation(line: 3, column: 5), "The image set \"Star\" has an unassigned child."),
            .warning("/src/A.xcassets/Logo.imageset/logo.pdf", "uses the font 'Helvetica' without embedding it"),
            .error("/src/A.xcassets", "None of the input catalogs contained a matching stickers icon set or app icon set named \"AppIcon\"."),
            .error("/src/assets.json", "something about the run"),
            .note("/src/A.xcassets", "left out 3 image variants"),
        ]))
        results.outputFiles = ["/out/Assets.car"]
        #expect(results.text == """
            /* com.apple.actool.errors */
            /src/assets.json: error: something about the run
            /* com.apple.actool.document.errors */
            /src/A.xcassets: error: None of the input catalogs contained a matching stickers icon set or app icon set named "AppIcon".
            /* com.apple.actool.document.warnings */
            /src/A.xcassets:./Icons/Star.imageset: warning: The image set "Star" has an unassigned child.
            /src/A.xcassets:./Logo.imageset: warning: logo.pdf: uses the font 'Helvetica' without embedding it
            /* com.apple.actool.compilation-results */
            /out/Assets.car


            """)
        #expect(results.hasErrors)
        guard case .dictionary(let root) = results.propertyList,
              case .array(let warnings)? = root["com.apple.actool.document.warnings"],
              case .dictionary(let first) = warnings[0] else {
            Issue.record("no document warnings")
            return
        }
        #expect(first["catalog"] == .string("/src/A.xcassets"))
        #expect(first["affected-items"] == .array([.string("./Icons/Star.imageset")]))
        #expect(first["type"] == .string("Invalid Content"))
        #expect(root["com.apple.actool.notices"] == nil)
        // A file's own problem names the file (the entry names only its set); one that names it already is kept.
        var files = ActoolResults()
        files.add(folders("/src/A.xcassets", ["Star.imageset"]).placing([
            .error("/src/A.xcassets/Star.imageset/star.png", "PNG file is truncated"),
            .error("/src/A.xcassets/Star.imageset/star@2x.png", "Star.imageset/star@2x.png is 10x10 but should be 20x20.")]))
        #expect(files.documentEntries.map(\.message) == ["star.png: PNG file is truncated", "Star.imageset/star@2x.png is 10x10 but should be 20x20."])
    }

    /// Without --warnings, warnings are not printed; errors always are.
    @Test func onlyTheClassesAskedForArePrinted() {
        var results = ActoolResults()
        results.add([.warning("/a", "w"), .error("/b", "e")])
        results.outputFiles = []
        #expect(results.text == "/* com.apple.actool.errors */\n/b: error: e\n/* com.apple.actool.compilation-results */\n\n")
    }

    /// A newline in a message would start a line that rules_apple reads as a second entry.
    @Test func aMessageStaysOnOneLine() {
        var results = ActoolResults()
        results.entries = [.init(.error, file: "/a", "first\nsecond", failureReason: "why\r\nnot")]
        #expect(results.text == "/* com.apple.actool.errors */\n/a: error: first second\n    Failure Reason: why not\n\n")
    }

    /// A group folder named with a line break (found by review: it added a line a caller reads as
    /// an entry): the location and a listed output stay on their line too.
    @Test func aPathStaysOnOneLine() {
        var results = ActoolResults()
        results.shownSeverities = [.error, .warning]
        results.add(folders("/c/A.xcassets", ["Two\nLines", "Two\nLines/Star.imageset"])
            .placing([.warning("/c/A.xcassets/Two\nLines/Star.imageset/Contents.json", "odd")]))
        results.outputFiles = ["/out/Line\nBreak.png"]
        let lines = results.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["/* com.apple.actool.document.warnings */", "/c/A.xcassets:./Two Lines/Star.imageset: warning: odd",
                          "/* com.apple.actool.compilation-results */", "/out/Line Break.png", "", ""], "\(lines)")
    }

    /// A Contents.json that is a FIFO: the entry names the set, and the message names the file.
    @Test func aSubjectlessFileMessageNamesTheFile() {
        var results = ActoolResults()
        results.add(folders("/c/A.xcassets", ["Tint.colorset"])
            .placing([.error("/c/A.xcassets/Tint.colorset/Contents.json", "is not a regular file (a FIFO, socket or device)")]))
        #expect(results.text == "/* com.apple.actool.document.errors */\n/c/A.xcassets:./Tint.colorset: error: Contents.json: is not a regular file (a FIFO, socket or device)\n\n")
    }

    /// A message without a place is about the run, even when its path is spelled inside a catalog:
    /// the document entry comes from the typed place, never from the path.
    @Test func onlyAPlacedMessageIsADocumentEntry() {
        var results = ActoolResults()
        results.add([.error("/c/A.xcassets/Star.imageset/Contents.json", "unplaced")])
        #expect(results.documentEntries.isEmpty)
        #expect(results.entries.map(\.file) == ["/c/A.xcassets/Star.imageset/Contents.json"])
        // A folder with a dot in its name is a group when the walk recorded it as one.
        var placed = ActoolResults()
        placed.add(folders("/c/A.xcassets", ["v1.2", "v1.2/Star.imageset"]).placing([
            .error("/c/A.xcassets/v1.2/Contents.json", "a group's"), .error("/c/A.xcassets/v1.2/Star.imageset/star.png", "PNG file is truncated")]))
        #expect(placed.documentEntries.map(\.affectedItem) == ["./v1.2", "./v1.2/Star.imageset"])
        #expect(placed.documentEntries.map(\.message) == ["a group's", "star.png: PNG file is truncated"])
    }

    /// The folders a walk of `catalog` records: the catalog itself and each of `relatives`.
    private func folders(_ catalog: String, _ relatives: [String]) -> CatalogFolders {
        var table = CatalogFolders()
        table.record(catalog, catalog: catalog, relative: "")
        for relative in relatives { table.record(catalog + "/" + relative, catalog: catalog, relative: relative) }
        return table
    }
}
