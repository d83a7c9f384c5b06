import AssetModel
import Testing

/// Where a message points: a real position in a file, or none for a value no file spells.
@Suite struct DiagnosticTests {
    @Test func aPositionInAFileIsShown() {
        #expect(Diagnostic.error("assets.json", at: SourceLocation(line: 3, column: 7), "bad").description == "assets.json:3:7: error: bad")
    }

    /// A command-line choice (`--app-icon`) is not at 1:1 of the manifest: the message says the
    /// path alone, as editors and Xcode expect of a message without a place.
    @Test func aValueNoFileSpellsHasNoPosition() {
        let diagnostic = Diagnostic.warning("App.xcassets", at: .notInAFile, "chosen on the command line")
        #expect(diagnostic.location == nil)
        #expect(diagnostic.description == "App.xcassets: warning: chosen on the command line")
    }
}
