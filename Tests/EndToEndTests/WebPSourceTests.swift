import CWebP
import Foundation
import Rendering
import Testing
import TestSupport

/// WebP sources, read through libwebp as Xcode reads them through ImageIO: a `.webp` slot, and WebP
/// bytes behind a `.png` name (kiwix ships such an icon). Both become real PNGs with the same
/// pixels in the loose tree, and the same pixels in the car.
@Suite struct WebPSourceTests {
    /// A lossless WebP of `pixels` (straight RGBA), made with libwebp's encoder.
    static func webP(width: Int, height: Int, pixels: [UInt8]) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = pixels.withUnsafeBufferPointer { buffer in
            WebPEncodeLosslessRGBA(buffer.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
        }
        let encoded = try #require(output)
        defer { WebPFree(encoded) }
        return Array(UnsafeBufferPointer(start: encoded, count: size))
    }

    /// A pattern with every alpha level class: opaque, translucent and clear pixels.
    static func pattern(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let alpha: UInt8 = x == 0 ? 0 : (y == 0 ? 128 : 255)
                pixels += alpha == 0 ? [0, 0, 0, 0] : [UInt8(x * 40), UInt8(y * 50), 200, alpha]
            }
        }
        return pixels
    }

    @Test func webPSlotsBecomePNGsWithTheSamePixels() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("App.xcassets")
        for (set, file, scale) in [("Photo", "photo.webp", "2x"), ("Disguised", "disguised.png", "1x")] {
            let folder = catalog.appendingPathComponent(set + ".imageset")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try #"{"images": [{"idiom": "universal", "filename": "\#(file)", "scale": "\#(scale)"}], "info": {"author": "xcode", "version": 1}}"#
                .write(to: folder.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
            try Data(try Self.webP(width: 6, height: 4, pixels: Self.pattern(width: 6, height: 4))).write(to: folder.appendingPathComponent(file))
        }
        let check = try Harness.assetc(["check", "App.xcassets", "--werror"], in: work)
        #expect(check.status == 0, "\(check.stderr)")
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--werror"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        for file in ["Photo@2x.png", "Disguised.png"] {
            let bytes = try Harness.read(work.appendingPathComponent("out/Resources/" + file))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(file) is a PNG")
            let image = try PNGCodec.decode(bytes).image
            #expect(image.width == 6 && image.height == 4)
            #expect(image.pixels == Self.pattern(width: 6, height: 4), "\(file)")
        }

        let car = try Harness.assetc(["build", "App.xcassets", "--output", "car", "--car", "--werror"], in: work)
        #expect(car.status == 0, "\(car.stderr)")
        let reader = try CARReader(try Harness.read(work.appendingPathComponent("car/Resources/Assets.car")))
        let images = reader.renditions.filter { $0.attributes[2] == 181 }
        #expect(images.count == 2)
        let expected = CompiledCatalogBuildTests.premultipliedBGRA(RGBAImage(width: 6, height: 4, pixels: Self.pattern(width: 6, height: 4)))
        for image in images { #expect(CompiledCatalogBuildTests.difference(image.pixels, expected) == nil, "\(image.name)") }
    }

    /// An animated or damaged WebP is an error naming the file, in `check` as in `build`.
    @Test func aDamagedWebPIsAnErrorNamingTheFile() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let folder = work.appendingPathComponent("App.xcassets/Broken.imageset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #"{"images": [{"idiom": "universal", "filename": "broken.webp"}], "info": {"author": "xcode", "version": 1}}"#
            .write(to: folder.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        var bytes = try Self.webP(width: 6, height: 4, pixels: Self.pattern(width: 6, height: 4))
        bytes = Array(bytes.prefix(bytes.count - 6))
        try Data(bytes).write(to: folder.appendingPathComponent("broken.webp"))
        for command in ["check", "build"] {
            let run = try Harness.assetc([command, "App.xcassets"] + (command == "build" ? ["--output", "out"] : []), in: work)
            #expect(run.status == 1 && run.stderr.contains("App.xcassets/Broken.imageset/broken.webp: error:"), "\(command): \(run.stderr)")
        }
    }
}

/// Car-only slots of other raster files: a localized WebP slot is decoded as a PNG would be, a
/// localized JPEG slot is stored as the file, as actool stores a JPEG slot; a localized PDF slot
/// is drawn by the render workers at each scale (`vectorTraitSlotsAreDrawnIntoTheCar`), and a
/// damaged one fails the build naming it, as any damaged PDF does.
@Suite struct CarOnlyRasterSlotTests {
    @Test func localizedWebPAndJPEGSlotsAreInTheCar() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let set = work.appendingPathComponent("App.xcassets/sign.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: set.appendingPathComponent("sign@2x.png"))
        let pixels = WebPSourceTests.pattern(width: 5, height: 4)
        try Data(try WebPSourceTests.webP(width: 5, height: 4, pixels: pixels)).write(to: set.appendingPathComponent("sign-fr@2x.webp"))
        let jpeg = try Harness.read(Harness.fixtures.appendingPathComponent("catalogs/Real.xcassets/HomeAssistant/icon-trans.imageset/trans.jpg"))
        try Data(jpeg).write(to: set.appendingPathComponent("sign-de@2x.jpg"))
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/certificate.pdf"), to: set.appendingPathComponent("sign-it.pdf"))
        try #"""
            {"images": [{"idiom": "universal", "filename": "sign@2x.png", "scale": "2x"},
                        {"idiom": "universal", "filename": "sign-fr@2x.webp", "scale": "2x", "locale": "fr"},
                        {"idiom": "universal", "filename": "sign-de@2x.jpg", "scale": "2x", "locale": "de"},
                        {"idiom": "universal", "filename": "sign-it.pdf", "locale": "it"}],
             "properties": {"localizable": true}}
            """#.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car", "-v"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("3 localized slots (de, fr, it) of \"sign\" are compiled into Assets.car only"), "\(run.stderr)")
        let car = try CARReader(try Harness.read(work.appendingPathComponent("out/Resources/Assets.car")))
        let french = try #require(car.localizations["fr"]), german = try #require(car.localizations["de"])
        let italian = try #require(car.localizations["it"])
        #expect(car.renditions.filter { $0.attributes[13] == italian }.map { $0.attributes[12] ?? 0 }.sorted() == [1, 2, 3], "drawn at each scale")
        let webP = try #require(car.renditions.first { $0.attributes[13] == french })
        #expect(webP.name == "sign-fr@2x.webp" && webP.width == 5 && webP.height == 4 && webP.scaleTimes100 == 200)
        let decoded = try PNGCodec.decode(try WebPSourceTests.webP(width: 5, height: 4, pixels: pixels)).image
        #expect(webP.pixels == CompiledCatalogBuildTests.premultipliedBGRA(decoded))
        let stored = try #require(car.renditions.first { $0.attributes[13] == german })
        #expect(stored.pixelFormat == "GEPJ" && stored.name == "sign-de@2x.jpg" && stored.embeddedFile == jpeg)
        #expect(stored.tlvs.map(\.type) == [1001, 1003, 1004, 1006])
        // A localized slot whose file is not what it claims fails `check --car` as it fails the build.
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]).write(to: set.appendingPathComponent("sign-de@2x.jpg"))
        let check = try Harness.assetc(["check", "App.xcassets", "--car"], in: work)
        #expect(check.status == 1 && check.stderr.contains("sign-de@2x.jpg: error: cannot be read for Assets.car"), "\(check.stderr)")
        try Data("%PDF-1.4".utf8).write(to: set.appendingPathComponent("sign-it.pdf"))
        let damaged = try Harness.assetc(["build", "App.xcassets", "--output", "out", "--car"], in: work)
        #expect(damaged.status == 1 && damaged.stderr.contains("sign-it.pdf: error: PDF document is damaged"), "\(damaged.stderr)")
    }
}
