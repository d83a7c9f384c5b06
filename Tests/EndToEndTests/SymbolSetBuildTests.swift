import Foundation
@testable import Rendering
import Testing
import TestSupport

/// Symbol sets built by the real binary into Assets.car, read back with the test reader, and the
/// glyphs drawn by the reference renderer (rsvg-convert).
@Suite struct SymbolSetBuildTests {
    static let templates = ["markAllAsRead": "markAsRead3.svg", "markBelowAsRead": "markBelowAsRead.svg",
                            "preferencesToolbarExtensions": "preferencesToolbarExtensions.svg"]

    static func catalog(_ name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        let catalog = work.appendingPathComponent("Symbols.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        for set in templates.keys.sorted() {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("symbols/\(set).symbolset"),
                                             to: catalog.appendingPathComponent("\(set).symbolset"))
        }
        // One set asks for the hierarchical drawing, as Xcode writes it.
        try #"{"info": {"author": "xcode", "version": 1}, "properties": {"symbol-rendering-intent": "hierarchical"}, "symbols": [{"filename": "markBelowAsRead.svg", "idiom": "universal"}]}"#
            .write(to: catalog.appendingPathComponent("markBelowAsRead.symbolset/Contents.json"), atomically: true, encoding: .utf8)
        return work
    }

    @Test func symbolSetsAreGlyphRenditionsInTheCar() throws {
        let work = try Self.catalog()
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["build", "Symbols.xcassets", "--output", "out", "--car"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("asks to be drawn"), "hierarchical is known: \(run.stderr)")
        #expect(run.stderr.contains("assetc: 0 variants (0 rendered, 0 up to date), 3 symbols from Symbols.xcassets, "), "\(run.stderr)")
        // The index lists the symbols the car holds, with their templates.
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("out/asset-index.json"))) as? [String: Any]
        let main = (index?["bundles"] as? [String: Any])?["main"] as? [String: Any]
        let symbols = try #require(main?["symbols"] as? [String: [String: Any]])
        #expect(Set(symbols.keys) == Set(Self.templates.keys))
        #expect(symbols["markBelowAsRead"]?["template"] as? String == "markBelowAsRead.svg")
        #expect(symbols["markBelowAsRead"]?["set"] as? String == "markBelowAsRead.symbolset")
        #expect(symbols["markBelowAsRead"]?["compiledCatalogOnly"] as? Bool == true)
        let carPath = work.appendingPathComponent("out/Resources/Assets.car")
        let car = try CARReader(try Harness.read(carPath))
        // Glyph weight and size after the subtype, the deployment target before the identifier.
        let format = car.keyFormat
        let subtype = try #require(format.firstIndex(of: 16)), identifier = try #require(format.firstIndex(of: 17))
        #expect(Array(format[(subtype + 1)...(subtype + 2)]) == [26, 27] && format[identifier - 1] == 25, "\(format)")
        let glyphs = car.renditions.filter { $0.attributes[2] == 59 }
        #expect(glyphs.count == 3 + 3 + 27)
        for (name, file) in Self.templates {
            let facet = try #require(car.facets[name], "\(name)")
            let pairs = facet.map { [$0.0, $0.1] }
            #expect(pairs.count == 4 && pairs[0] == [1, 85] && pairs[1] == [2, 59] && pairs[3] == [25, 5], "\(name): \(pairs)")
            let identifier = try #require(facet.first { $0.0 == 17 }?.1)
            let own = glyphs.filter { $0.attributes[17] == identifier }
            #expect(own.count == (name == "preferencesToolbarExtensions" ? 27 : 3), "\(name)")
            for glyph in own {
                #expect(glyph.layout == 1017 && glyph.pixelFormat == " GVS" && glyph.flags == 0x04 && glyph.scaleTimes100 == 100, "\(name)")
                #expect(glyph.width == 0 && glyph.height == 0 && glyph.name == file, "\(name)")
                #expect(glyph.tlvs.map(\.type) == [1004, 1006, 1018, 1019], "\(name)")
                #expect(glyph.attributes[25] == 5 && (1...9).contains(glyph.attributes[26] ?? 0) && (1...3).contains(glyph.attributes[27] ?? 0), "\(name)")
                let metrics = try #require(glyph.tlvValues[1018])
                // Versions 1 and 2: edge insets and a version, not interpolatable.
                #expect(metrics.count == 40 && CARReader.le32(metrics, 0) == 3 && CARReader.le32(metrics, 4) == 17, "\(name)")
                // The set's rendering intent: hierarchical is CoreUI's mode 3; none is 0 (automatic).
                let modes = try #require(glyph.tlvValues[1019])
                #expect(CARReader.le32(modes, 4) == (name == "markBelowAsRead" ? 3 : 0), "\(name)")
                #expect(glyph.embeddedFile?.starts(with: Array("<?xml".utf8)) == true, "\(name)")
            }
        }
        // Each glyph's viewBox is its ink's box: drawn by the reference renderer at 16 pixels a
        // point with 2 points of room on every side, the ink starts and ends where the viewBox
        // does, within the pixel the renderer's antialiasing and the box's rounding can add.
        let rsvg = try #require(["/usr/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "rsvg-convert (librsvg2-bin) is the SVG reference; `make test` installs it")
        for (index, glyph) in glyphs.enumerated() {
            let text = String(decoding: try #require(glyph.embeddedFile), as: UTF8.self)
            let boxStart = try #require(text.range(of: "viewBox=\"0 0 "))
            let numbers = text[boxStart.upperBound...].prefix { $0 != "\"" }
            let size = numbers.split(separator: " ").compactMap { Double($0) }
            #expect(size.count == 2)
            let widened = text.replacingCharacters(in: boxStart.lowerBound..<text.index(boxStart.upperBound, offsetBy: numbers.count),
                                                   with: "viewBox=\"-2 -2 \(size[0] + 4) \(size[1] + 4)")
            let svg = work.appendingPathComponent("glyph-\(index).svg"), png = work.appendingPathComponent("glyph-\(index).png")
            try Data(widened.utf8).write(to: svg)
            let drawn = try Harness.run(rsvg, ["-z", "16", svg.path, "-o", png.path])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            let image = try PNGCodec.decode(try Harness.read(png)).image
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] > 0 {
                    minX = min(minX, x); maxX = max(maxX, x + 1); minY = min(minY, y); maxY = max(maxY, y + 1)
                }
            }
            let expected = [32.0, 32.0, 32 + size[0] * 16, 32 + size[1] * 16]
            let found = [Double(minX), Double(minY), Double(maxX), Double(maxY)]
            #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 1.5 },
                    "\(glyph.name) weight \(glyph.attributes[26] ?? 0) size \(glyph.attributes[27] ?? 0): ink \(found), viewBox \(expected)")
        }
        // The same inputs, the same car; accessors for the symbols, which code loads as images.
        let before = try Harness.read(carPath)
        let again = try Harness.assetc(["build", "Symbols.xcassets", "--output", "again", "--car", "--jobs", "1", "--swift", "Assets.swift"], in: work)
        #expect(again.status == 0)
        #expect(try Harness.read(work.appendingPathComponent("again/Resources/Assets.car")) == before)
        let swift = try String(contentsOf: work.appendingPathComponent("Assets.swift"), encoding: .utf8)
        #expect(swift.contains("\"markBelowAsRead\"") && swift.contains("\"preferencesToolbarExtensions\""), "\(swift)")

        // A broken template fails the build, naming the file, and leaves the last car as it was.
        let template = work.appendingPathComponent("Symbols.xcassets/markBelowAsRead.symbolset/markBelowAsRead.svg")
        try Data(#"<svg><g id="Regular-M"><text>A</text></g></svg>"#.utf8).write(to: template)
        let broken = try Harness.assetc(["build", "Symbols.xcassets", "--output", "out", "--car"], in: work)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("markBelowAsRead.svg: error: the symbol set \"markBelowAsRead\": line 1: the glyph Regular-M holds a <text>"), "\(broken.stderr)")
        #expect(try Harness.read(carPath) == before)
        // `check --car` reads the templates too, so it refuses what the build refuses.
        let check = try Harness.assetc(["check", "Symbols.xcassets", "--car"], in: work)
        #expect(check.status == 1 && check.stderr.contains("holds a <text>"), "\(check.stdout)\(check.stderr)")
    }

    /// Without the car a symbol set has no form the app can load: a warning that says so, which
    /// `check` counts as content left out; `check --car` passes.
    @Test func withoutTheCarASymbolSetIsAWarning() throws {
        let work = try Self.catalog()
        defer { Harness.removeTemporary(work) }
        let build = try Harness.assetc(["build", "Symbols.xcassets", "--output", "out", "--swift", "Loose.swift"], in: work)
        #expect(build.status == 0)
        let swift = try String(contentsOf: work.appendingPathComponent("Loose.swift"), encoding: .utf8)
        #expect(!swift.contains("\"markBelowAsRead\""), "no accessor finds nothing: \(swift)")
        let looseIndex = try String(contentsOf: work.appendingPathComponent("out/asset-index.json"), encoding: .utf8)
        #expect(!looseIndex.contains("\"symbols\""), "without the car the index lists no symbols: \(looseIndex)")
        #expect(build.stderr.contains("warning: the symbol set \"markBelowAsRead\" is only compiled into Assets.car (build with --car); "
            + "without it UIImage(named: \"markBelowAsRead\") and Image(\"markBelowAsRead\") find nothing"), "\(build.stderr)")
        let check = try Harness.assetc(["check", "Symbols.xcassets"], in: work)
        #expect(check.status != 0)
        let checkCar = try Harness.assetc(["check", "Symbols.xcassets", "--car"], in: work)
        #expect(checkCar.status == 0, "\(checkCar.stdout)\(checkCar.stderr)")
        #expect(checkCar.stderr.contains("Symbols.xcassets is valid (0 variants and 3 symbols)"), "\(checkCar.stderr)")
    }

    /// A symbol set named as a data set: the data set keeps the name in the car, and the symbol
    /// set is said to be left out when planning, so `check --car` says it too.
    @Test func aSymbolSetNamedAsAnotherSetIsLeftOut() throws {
        let work = try Self.catalog()
        defer { Harness.removeTemporary(work) }
        let data = work.appendingPathComponent("Symbols.xcassets/markAllAsRead.dataset")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try "hello".write(to: data.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        try #"{"data": [{"idiom": "universal", "filename": "a.txt"}]}"#.write(to: data.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "Symbols.xcassets", "--output", "out", "--car"], in: work)
        #expect(run.status == 0)
        #expect(run.stderr.contains("markAllAsRead.symbolset/Contents.json: warning: the symbol set \"markAllAsRead\" has the name of an image, data or colour set; only that set is in Assets.car"), "\(run.stderr)")
        #expect(run.stderr.contains(", 2 symbols from Symbols.xcassets"), "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        #expect(car.facets["markAllAsRead"]?.contains { $0.0 == 2 && $0.1 == 181 } == true)
        #expect(car.renditions.filter { $0.attributes[2] == 59 }.count == 3 + 27)
        let check = try Harness.assetc(["check", "Symbols.xcassets", "--car"], in: work)
        #expect(check.status != 0 && check.stderr.contains("has the name of an image, data or colour set"), "\(check.stderr)")
    }
}
