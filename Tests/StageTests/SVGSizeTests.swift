import Testing
@testable import AssetModel
@testable import Rendering

/// SVG sizes in absolute units are CSS's: 96 px to the inch, as browsers and rsvg-convert have them.
@Suite struct SVGSizeTests {
    static func size(_ width: String, _ height: String) throws -> PointSize? {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 10 10"/>"#
        return try SVGDocument(bytes: Array(text.utf8)).size
    }

    @Test func absoluteUnitsUseNinetySixPixelsToTheInch() throws {
        #expect(try Self.size("24pt", "24pt") == PointSize(width: 32, height: 32))  // librsvg's default 90 dpi gave 30
        #expect(try Self.size("1in", "0.5in") == PointSize(width: 96, height: 48))
        let millimetres = try #require(try Self.size("25.4mm", "2.54cm"))
        #expect(abs(millimetres.width - 96) < 1e-4 && abs(millimetres.height - 96) < 1e-4, "\(millimetres)")
        #expect(try Self.size("24", "12px") == PointSize(width: 24, height: 12))
    }
}
