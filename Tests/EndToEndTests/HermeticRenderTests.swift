import AssetKit
import Foundation
import Rendering
import Testing
import TestSupport

/// Renders that depend on the build machine are said: a PDF using a font it does not embed.
@Suite struct HermeticRenderTests {
    /// A one-page PDF whose text uses Helvetica without embedding it (as many exported PDFs do).
    static func pdfWithUnembeddedFont() -> String {
        let stream = "BT /F1 12 Tf 2 5 Td (Hi) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 60 20] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return text
    }

    @Test func aFontThatIsNotEmbeddedIsAWarningAndFailsUnderWerror() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Self.pdfWithUnembeddedFont().write(to: work.appendingPathComponent("label.pdf"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try #"{"version": 1, "output": "out", "images": [{"name": "Label", "source": "label.pdf"}, {"name": "Star", "source": "art/star-fill.pdf"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let warning = "label.pdf: warning: uses the font 'Helvetica' without embedding it: the render depends on the fonts of the machine that builds it; embed it in the PDF, or outline the text"

        let strict = try Harness.assetc(["build", "assets.json", "--werror"], in: work)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(warning), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "nothing is written")

        let build = try Harness.assetc(["build", "assets.json"], in: work)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init) == [warning])
        // The star embeds its fonts (or has none): one warning, for the label only. A no-op build,
        // which reads no PDF, still says it (from the recorded scan).
        let again = try Harness.assetc(["build", "assets.json"], in: work)
        #expect(again.stderr.contains(warning) && again.stderr.contains("(0 rendered, 4 up to date)"), "\(again.stderr)")
    }
}

@Suite struct FontsFolderTests {
    /// With `"fonts"`, text a PDF does not embed is drawn only from that folder — in the render
    /// workers too — and the folder's font set is part of every cache key.
    @Test func theManifestsFontsAreTheOnlyFonts() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try HermeticRenderTests.pdfWithUnembeddedFont().write(to: work.appendingPathComponent("label.pdf"), atomically: true, encoding: .utf8)
        let serif = try #require(["/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"].first { FileManager.default.fileExists(atPath: $0) },
                                 "DejaVu Serif (fonts-dejavu-core, which fontconfig depends on) is the test font")
        for folder in ["serif", "empty"] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: URL(fileURLWithPath: serif), to: work.appendingPathComponent("serif/DejaVuSerif.ttf"))
        func build(_ fonts: String) throws -> RGBAImage {
            try #"{"version": 1, "output": "out", "scales": [3], "fonts": "\#(fonts)", "images": [{"name": "Label", "source": "label.pdf"}]}"#
                .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
            let run = try Harness.assetc(["build", "assets.json"], in: work)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("(1 rendered"), "switching the fonts folder changes the cache key: \(run.stderr)")
            #expect(!run.stderr.lowercased().contains("fontconfig"), "\(run.stderr)")
            return try PNGCodec.decode(Harness.read(work.appendingPathComponent("out/Resources/Label@3x.png"))).image
        }
        let withSerif = try build("serif")
        let withNothing = try build("empty")
        #expect(stride(from: 3, to: withSerif.pixels.count, by: 4).contains { withSerif.pixels[$0] != 0 }, "text drawn in the folder's font")
        #expect(stride(from: 3, to: withNothing.pixels.count, by: 4).allSatisfy { withNothing.pixels[$0] == 0 },
                "no font in the folder: no text, whatever the machine has installed")
        #expect(try build("serif").pixels == withSerif.pixels)

        try #"{"version": 1, "fonts": "nowhere", "images": []}"#.write(to: work.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try Harness.assetc(["check", "bad.json"], in: work)
        #expect(bad.status == 1 && bad.stderr.contains("bad.json:1:25: error: \"fonts\" names 'nowhere', which is not a folder"), "\(bad.stderr)")
    }
}

extension FontsFolderTests {
    /// A font replaced in place by another of the same name and size: the depfile names each font
    /// file (the folder's time does not change), and the project's fonts are fingerprinted by their
    /// bytes, so the text is drawn again in the new font.
    @Test func aFontReplacedInPlaceReRendersAndIsInTheDepfile() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try HermeticRenderTests.pdfWithUnembeddedFont().write(to: work.appendingPathComponent("label.pdf"), atomically: true, encoding: .utf8)
        let fonts = ["/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
        for font in fonts { try #require(FileManager.default.fileExists(atPath: font), "\(font) (fonts-dejavu-core) is a test font") }
        let faces = try fonts.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        let size = faces.map(\.count).max()!
        func install(_ face: [UInt8]) throws {  // padded to one size: only the bytes differ
            try Data(face + [UInt8](repeating: 0, count: size - face.count)).write(to: work.appendingPathComponent("brand/Brand.ttf"))
        }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("brand"), withIntermediateDirectories: true)
        try install(faces[0])
        try #"{"version": 1, "output": "out", "scales": [3], "fonts": "brand", "images": [{"name": "Label", "source": "label.pdf"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let first = try Harness.assetc(["build", "assets.json", "--depfile", "deps.d"], in: work)
        try #require(first.status == 0, "\(first.stderr)")
        let depfile = try String(contentsOf: work.appendingPathComponent("deps.d"), encoding: .utf8)
        #expect(depfile.contains("brand/Brand.ttf"), "\(depfile)")
        let serif = try Harness.read(work.appendingPathComponent("out/Resources/Label@3x.png"))
        try install(faces[1])
        let second = try Harness.assetc(["build", "assets.json"], in: work)
        #expect(second.status == 0 && second.stderr.contains("(1 rendered"), "\(second.stderr)")
        #expect(try Harness.read(work.appendingPathComponent("out/Resources/Label@3x.png")) != serif)
    }
}

@Suite struct ToolchainTests {
    /// The fingerprint names the libraries' real versions: those pkg-config reports for the
    /// installed development packages (Debian ships the library and its headers at one version).
    @Test func versionToolchainNamesTheRealLibraries() throws {
        let run = try Harness.assetc(["version", "--toolchain"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "assetc \(AssetcVersion.current)")
        for (name, package) in [("poppler", "poppler-glib"), ("cairo", "cairo"), ("librsvg", "librsvg-2.0"),
                                ("libpng", "libpng"), ("libdeflate", "libdeflate"), ("libwebp", "libwebp"), ("libheif", "libheif"), ("qpdf", "libqpdf"), ("fontconfig", "fontconfig")] {
            let version = try Harness.run("/usr/bin/env", ["pkg-config", "--modversion", package]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!version.isEmpty)
            #expect(lines.contains("\(name) \(version)"), "\(name): pkg-config says \(version); assetc says \(lines)")
        }
        #expect(lines.contains { $0.hasPrefix("fonts ") && $0.contains(" files, sha256 ") })
        let fingerprint = try #require(lines.last)
        #expect(fingerprint.hasPrefix("fingerprint ") && fingerprint.count == "fingerprint ".count + 64)
        // Stable within one machine.
        #expect(try Harness.assetc(["version", "--toolchain"]).stdout == run.stdout)
    }
}

@Suite struct ColourProfileTests {
    /// A PNG source with a Display P3 profile: every PNG drawn from it — copied or resampled — carries
    /// the same profile, so iOS shows the same colours; sRGB-tagged sources are written untagged.
    @Test func aProfileTravelsWithThePixels() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets"),
                                         to: work.appendingPathComponent("Real.xcassets"))
        try #"{"version": 1, "output": "out", "images": [{"name": "Favorite", "source": "art/p3-favorite.png", "scales": [1]}, {"name": "Small", "source": "art/p3-favorite.png", "size": [20, 20], "scales": [1]}], "catalogs": [{"path": "Real.xcassets"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "assets.json"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let source = try #require(try PNGCodec.readColor(Harness.read(work.appendingPathComponent("art/p3-favorite.png"))))
        #expect(source.iccName.contains("DisplayP3"), "\(source.iccName)")
        for file in ["Favorite.png", "Small.png"] {
            let bytes = try Harness.read(work.appendingPathComponent("out/Resources/" + file))
            let written = try #require(try PNGCodec.readColor(bytes), "\(file) lost its profile")
            #expect(written.iccProfile == source.iccProfile && written.iccName == source.iccName, "\(file)")
        }
        // The copied file keeps its pixels exactly.
        let copy = try PNGCodec.decode(Harness.read(work.appendingPathComponent("out/Resources/Favorite.png"))).image
        let original = try PNGCodec.decode(Harness.read(work.appendingPathComponent("art/p3-favorite.png"))).image
        #expect(copy.pixels == original.pixels)
        // "Icons - Test Tube" carries an sRGB profile: written untagged, as sRGB is by default.
        let srgbSource = try Harness.read(work.appendingPathComponent("Real.xcassets/CWA/Icons - Test Tube.imageset/Icons - Test Tube@2x.png"))
        #expect(String(decoding: srgbSource, as: UTF8.self).contains("iCCP"))
        #expect(try PNGCodec.readColor(srgbSource) == nil)
        #expect(try PNGCodec.readColor(Harness.read(work.appendingPathComponent("out/Resources/Icons - Test Tube@2x.png"))) == nil)
    }

    /// A 16-bit PNG in a catalog slot (NetNewsWire's nnwFeedIcon is one) is copied as it is: the
    /// encoder works in 8 bits a sample, and writing it that way dropped the low bits in silence.
    @Test func aSixteenBitSlotIsCopiedAsItIs() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("Deep.xcassets/Deep.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        var rows: [UInt8] = []
        for y in 0..<6 {
            rows.append(0)
            for x in 0..<8 { rows += [0x12, UInt8(x * 31), 0x80, UInt8(y * 41 + 1), 0xFE, 0x01] }  // not n * 257
        }
        let deep = PNGSamples.png(width: 8, height: 6, depth: 16, colorType: 2, rows: rows)
        try Data(deep).write(to: set.appendingPathComponent("deep@2x.png"))
        try #"{"images": [{"idiom": "universal", "filename": "deep@2x.png", "scale": "2x"}], "info": {"author": "xcode", "version": 1}}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "Deep.xcassets", "--output", "out"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try Harness.read(work.appendingPathComponent("out/Resources/Deep@2x.png")) == deep)
    }

    /// At `max` the copied 16-bit file's image data is compressed again (NetNewsWire's nnwFeedIcon:
    /// 3,341,737 bytes to 2,220,848): the same 16-bit samples, and every other chunk byte for byte
    /// and in its place, a text chunk after the image data too.
    @Test func aSixteenBitSlotIsCompressedAgainAtMax() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("Deep.xcassets/Deep.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        var rows: [UInt8] = []
        for y in 0..<40 {
            rows.append(0)
            for x in 0..<64 { rows += [UInt8(x * 4), UInt8(y * 3 + x % 3), 0x80, UInt8((x * y) & 0xFF), 0xFE, UInt8(x ^ y)] }
        }
        let stored = PNGSamples.png(width: 64, height: 40, depth: 16, colorType: 2,
                                    extra: PNGSamples.chunk("gAMA", [0, 0, 0xB1, 0x8F]), rows: rows)
        let deep = Array(stored.dropLast(12)) + PNGSamples.chunk("tEXt", Array("Comment\u{0}after the data".utf8))
            + PNGSamples.chunk("IEND", [])
        try Data(deep).write(to: set.appendingPathComponent("deep@2x.png"))
        try #"{"images": [{"idiom": "universal", "filename": "deep@2x.png", "scale": "2x"}], "info": {"author": "xcode", "version": 1}}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "Deep.xcassets", "--output", "out", "--png-effort", "max"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let written = try Harness.read(work.appendingPathComponent("out/Resources/Deep@2x.png"))
        #expect(written.count < deep.count / 2, "\(written.count) bytes from \(deep.count)")
        #expect(written[24] == 16)
        let expected = try PNGSamples.samplesAndChunks(deep)
        #expect(expected.contains("74455874"))  // (the text chunk is read)
        #expect(try PNGSamples.samplesAndChunks(written) == expected)
    }

    /// The copy is for images only: icons and launch images are re-encoded. Render workers used to
    /// receive every request as an image, so a 16-bit launch image at its slot's size (the one
    /// icon-or-launch file drawn with no background) was copied in 16 bits; the role now travels
    /// with the job.
    @Test func aSixteenBitLaunchImageIsReencoded() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("Launch.launchimage")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let pixel: [UInt8] = [0x20, 0x21, 0x80, 0x81, 0xC0, 0xC1]  // 16-bit RGB, not n * 257
        let launch = PNGSamples.png(width: 640, height: 1136, depth: 16, colorType: 2,
                                    rows: PNGSamples.solidRows(pixel, width: 640, height: 1136))
        try Data(launch).write(to: set.appendingPathComponent("tall.png"))
        try #"{"images": [{"orientation": "portrait", "idiom": "iphone", "extent": "full-screen", "minimum-system-version": "7.0", "subtype": "retina4", "scale": "2x", "filename": "tall.png"}], "info": {"author": "xcode", "version": 1}}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try #"{"version": 1, "output": "out", "devices": ["iphone"], "launchImage": {"launchimage": "Launch.launchimage"}}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        let written = Harness.files(under: work.appendingPathComponent("out/Resources")).filter { $0.hasSuffix(".png") }
        #expect(written.count == 1, "\(written)")
        for file in written {
            let png = try Harness.read(work.appendingPathComponent("out/Resources/" + file))
            #expect(png != launch && png.count > 26 && png[24] <= 8, "\(file) kept 16 bits a sample")
        }
    }

    /// GoMap's bing-logo-gray PNGs carry Photoshop's "HP sRGB IEC61966-2.1" profile under the name
    /// "Photoshop ICC profile". libpng lists that profile as a "known incorrect sRGB profile" and
    /// refuses to write it by default, which failed the whole build of a catalog Xcode builds.
    /// The profile is the source's; it is carried byte for byte, with the pixels.
    @Test func aProfileLibpngDislikesIsCarriedAsItIs() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("Photoshop.xcassets")
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("catalogs/Photoshop.xcassets"), to: catalog)
        let run = try Harness.assetc(["build", "Photoshop.xcassets", "--output", "out"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning") && !run.stderr.contains("error"), "\(run.stderr)")
        for (source, written) in [("bing-logo.png", "bing-logo-gray.png"), ("bing-logo@2x.png", "bing-logo-gray@2x.png"),
                                  ("bing-logo@3x.png", "bing-logo-gray@3x.png")] {
            let original = try Harness.read(catalog.appendingPathComponent("bing-logo-gray.imageset/" + source))
            let output = try Harness.read(work.appendingPathComponent("out/Resources/" + written))
            let sourceColor = try #require(try PNGCodec.readColor(original))
            #expect(sourceColor.iccName == "Photoshop ICC profile")
            let writtenColor = try #require(try PNGCodec.readColor(output), "\(written) lost its profile")
            #expect(writtenColor.iccProfile == sourceColor.iccProfile && writtenColor.iccName == sourceColor.iccName)
            #expect(try PNGCodec.decode(output).image.pixels == PNGCodec.decode(original).image.pixels, "\(written)")
        }
    }
}
