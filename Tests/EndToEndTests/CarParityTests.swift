import Foundation
import Testing
import TestSupport

/// Assets.car against Apple's own: catalogs of the golden pairs (`../shared/corpus/car-pairs`,
/// ../shared/notes/assets-car.md §7) compiled by the actool mode and read back beside the car
/// actool made from the same catalog. The `.car` files are third-party data: read from ../shared,
/// never copied here. What is compared so far: colour sets (every colour actool wrote, with its
/// part, space and components, byte for byte), the image sets' names, and the flags actool sets on
/// image renditions (template, original, default; drawn from a PDF). Differences that are choices
/// are listed with their reason in docs/assets-car.md.
@Suite struct CarParityTests {
    static let pairs = Harness.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/car-pairs")

    /// Compiles `catalog` with the actool mode; Apple's car and ours, read leniently (Apple's holds
    /// packed atlases and PDF renditions the test reader does not decode).
    static func compile(_ pair: String, catalog: String, car: String, platform: String = "iphoneos", arguments: [String], name: String = #function) throws -> (apple: CARReader, ours: CARReader) {
        let folder = pairs.appendingPathComponent(pair)
        let apple = try CARReader(Harness.read(folder.appendingPathComponent(car)), lenient: true)
        let work = try Harness.temporaryDirectory(name)
        defer { Harness.removeTemporary(work) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", "--compile", "out", "--platform", platform, "--output-format", "human-readable-text"]
            + arguments + [folder.appendingPathComponent(catalog).path], in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let ours = try CARReader(Harness.read(work.appendingPathComponent("out/Assets.car")))
        return (apple, ours)
    }

    static func part(_ rendition: CARReader.Rendition) -> UInt16? { rendition.attributes[2] }

    /// How many rows of a PNG source's stored pixels differ between our rendition and actool's
    /// (its own bitmap, or its frame in a packed atlas); nil when they cannot be compared: not a
    /// PNG source, another pixel format or size, or actool's pixels in a form the reader does not
    /// decode. actool pads some rows; padding is not compared.
    static func differingRows(_ mine: CARReader.Rendition, _ theirs: CARReader.Rendition, in apple: CARReader) -> Int? {
        guard theirs.name.hasSuffix(".png"), mine.isGA8 == theirs.isGA8, mine.width == theirs.width, mine.height == theirs.height,
              let ours = mine.storedPixels, let ourStride = mine.bytesPerRow else { return nil }
        let rowBytes = Int(theirs.width) * (theirs.isGA8 ? 2 : 4)
        let actools: [UInt8], actoolsStride: Int
        if theirs.layout == 12, let stored = theirs.storedPixels, let stride = theirs.bytesPerRow {
            (actools, actoolsStride) = (stored, stride)
        } else if let cut = apple.linkedPixels(theirs) {
            (actools, actoolsStride) = (cut, rowBytes)
        } else {
            return nil
        }
        return (0..<Int(theirs.height)).filter { row in
            ours[(row * ourStride)..<(row * ourStride + rowBytes)] != actools[(row * actoolsStride)..<(row * actoolsStride + rowBytes)]
        }.count
    }

    /// microbit's playground book, Xcode 10.1: two sRGB colour sets, PDF-only and PNG image sets (iPad).
    @Test func microbitColoursAndImageFlags() throws {
        let (apple, ours) = try Self.compile("microbit-foundation__microbit-swift-playgrounds", catalog: "371aefa/Assets.xcassets",
                                             car: "371aefa/Assets.car", arguments: ["--minimum-deployment-target", "8.0", "--target-device", "ipad"])
        let appleColors = apple.renditions.filter { $0.layout == 1009 }
        #expect(appleColors.count == 2)
        for color in appleColors {
            let match = ours.renditions.first { $0.layout == 1009 && $0.name == color.name }
            #expect(match != nil, "\(color.name) missing")
            guard let match else { continue }
            #expect(Self.part(match) == 217 && Self.part(color) == 217)
            #expect(match.rawPayload == color.rawPayload, "\(color.name): RLOC differs")
            #expect(match.flags == color.flags && match.colorSpace == color.colorSpace)
            #expect(match.tlvs.map(\.type) == color.tlvs.map(\.type))
        }
        // Every asset actool compiled has a counterpart of the same name.
        #expect(Set(apple.facets.keys).subtracting(ours.facets.keys).isEmpty, "\(Set(apple.facets.keys).subtracting(ours.facets.keys))")
        // Bitmaps drawn from a PDF are flagged as actool flags them (0x14), per file name and scale.
        let appleBitmaps = apple.renditions.filter { $0.name.hasSuffix(".pdf") && $0.pixelFormat == "ARGB" || $0.pixelFormat == "BGRA" }
        var compared = 0
        for bitmap in appleBitmaps where bitmap.name.hasSuffix(".pdf") {
            guard let match = ours.renditions.first(where: { $0.name == bitmap.name && $0.scaleTimes100 == bitmap.scaleTimes100 }) else { continue }
            #expect(match.flags == bitmap.flags, "\(bitmap.name) @\(bitmap.scaleTimes100): \(match.flags) against \(bitmap.flags)")
            compared += 1
        }
        #expect(compared >= 12, "only \(compared) PDF bitmaps compared")
    }

    /// microbit's 12 PDF-only sets: actool keeps each PDF as a vector rendition (layout 9, key scale
    /// 0) beside its bitmaps; ours has one for the same asset, idiom and appearance, with actool's
    /// flags, pixel format and TLVs, holding the source PDF (actool's holds CoreGraphics' re-write
    /// of it, which cannot be made off a Mac: docs/assets-car.md).
    @Test func microbitPDFsAreKeptAsVectors() throws {
        let folder = Self.pairs.appendingPathComponent("microbit-foundation__microbit-swift-playgrounds/371aefa/Assets.xcassets")
        let (apple, ours) = try Self.compile("microbit-foundation__microbit-swift-playgrounds", catalog: "371aefa/Assets.xcassets",
                                             car: "371aefa/Assets.car", arguments: ["--minimum-deployment-target", "8.0", "--target-device", "ipad"])
        func names(_ car: CARReader) -> [UInt16: String] {
            Dictionary(car.facets.compactMap { name, pairs in pairs.first { $0.0 == 17 }.map { ($0.1, name) } }, uniquingKeysWith: { a, _ in a })
        }
        let appleNames = names(apple), ourNames = names(ours)
        let appleVectors = Set(apple.renditions.filter { $0.layout == 9 }.map { "\(appleNames[$0.attributes[17]!]!) \($0.attributes[15] ?? 0) \($0.attributes[7] ?? 0)" })
        let ourVectors = ours.renditions.filter { $0.layout == 9 }
        #expect(appleVectors.count == 12)
        #expect(Set(ourVectors.map { "\(ourNames[$0.attributes[17]!]!) \($0.attributes[15] ?? 0) \($0.attributes[7] ?? 0)" }) == appleVectors)
        let appleFirst = try #require(apple.renditions.first { $0.layout == 9 })
        for vector in ourVectors {
            #expect(vector.attributes[12] == 0 && vector.scaleTimes100 == 0 && vector.width == 0 && vector.height == 0)
            #expect(vector.flags == appleFirst.flags && vector.pixelFormat == appleFirst.pixelFormat, "\(vector.name)")
            #expect(vector.tlvs.map(\.type) == appleFirst.tlvs.map(\.type))
            let name = ourNames[vector.attributes[17]!]!
            let source = try Harness.read(folder.appendingPathComponent("\(name).imageset/\(vector.name)"))
            #expect(Array(vector.rawPayload.prefix(12)) == Array("DWAR".utf8) + [0, 0, 0, 0] + withUnsafeBytes(of: UInt32(source.count).littleEndian, Array.init))
            #expect(Array(vector.rawPayload.dropFirst(12)) == source, "\(name)")
        }
    }

    /// acextract's catalog, Xcode 7.3: `template-rendering-intent` template, original and unset.
    @Test func acextractRenderingIntents() throws {
        let (apple, ours) = try Self.compile("bartoszj__acextract", catalog: "77919b6/Images.xcassets", car: "77919b6/assets_iphone.car",
                                             arguments: ["--minimum-deployment-target", "9.3", "--target-device", "iphone"])
        for name in ["r_template", "r_original", "r_default"] {
            guard let identifier = apple.facets[name]?.first(where: { $0.0 == 17 })?.1,
                  let ourIdentifier = ours.facets[name]?.first(where: { $0.0 == 17 })?.1 else {
                Issue.record("\(name) missing")
                continue
            }
            let appleFlags = Set(apple.renditions.filter { $0.attributes[17] == identifier }.map(\.flags))
            let ourFlags = Set(ours.renditions.filter { $0.attributes[17] == ourIdentifier }.map(\.flags))
            #expect(appleFlags.count == 1)
            #expect(ourFlags == appleFlags, "\(name): \(ourFlags) against \(appleFlags)")
        }
    }

    /// YPImagePicker 4.0.0, Xcode 10.2: every bitmap actool wrote is in ours by file name and scale,
    /// `GA8` where actool chose `GA8` and BGRA where it chose BGRA; and where actool's pixels can be
    /// read (its own bitmap, or its frame in a packed atlas this reader decodes), a PNG source's
    /// stored bytes are identical row for row (actool pads some rows; padding is not compared).
    @Test func ypImagePickerPixelFormatsAndPixels() throws {
        let (apple, ours) = try Self.compile("Yummypets__YPImagePicker", catalog: "d3bf2d4/Assets.xcassets", car: "d3bf2d4/Assets.car",
                                             arguments: ["--minimum-deployment-target", "9.0", "--target-device", "iphone", "--target-device", "ipad"])
        var formats = 0, compared = 0, grey = 0
        for theirs in apple.renditions where theirs.layout == 12 || theirs.layout == 1003 {
            guard let mine = ours.renditions.first(where: { $0.name == theirs.name && $0.scaleTimes100 == theirs.scaleTimes100 && $0.layout == 12 }) else {
                Issue.record("\(theirs.name) @\(theirs.scaleTimes100) missing")
                continue
            }
            #expect(mine.isGA8 == theirs.isGA8, "\(theirs.name) @\(theirs.scaleTimes100): \(mine.pixelFormat) against \(theirs.pixelFormat)")
            #expect(mine.colorSpace == theirs.colorSpace, "\(theirs.name) @\(theirs.scaleTimes100)")
            #expect(mine.width == theirs.width && mine.height == theirs.height, "\(theirs.name) @\(theirs.scaleTimes100)")
            formats += 1
            if theirs.isGA8 { grey += 1 }
            // PDF rasters come from another renderer; their pixels are compared elsewhere, by tolerance.
            guard let differing = Self.differingRows(mine, theirs, in: apple) else { continue }
            #expect(differing == 0, "\(theirs.name) @\(theirs.scaleTimes100): \(differing) of \(theirs.height) rows differ")
            compared += 1
        }
        #expect(formats >= 40 && grey >= 12, "\(formats) renditions, \(grey) GA8")
        #expect(compared >= 6, "only \(compared) PNG renditions compared pixel for pixel")
    }
}
