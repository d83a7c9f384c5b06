import CTurboJPEG
import Foundation
import Testing
import TestSupport

/// A tvOS app's Brand Assets set through the actool mode as Xcode calls it (`--platform appletvos
/// --target-device tv --app-icon <set>`). The catalog is the one kagurasumusun/mac's
/// `brandassets_matrix_probe.py` made for its real actool car of Xcode 26.5
/// (`brandassets-target-tv-Assets.car`): the facts checked are that car's (docs/tvos.md): its names
/// and identifiers, each rendition's key, the stack records' TLVs, the flattened images.
@Suite struct TVBrandAssetsTests {
    static let info = #""info": {"author": "xcode", "version": 1}"#
    static let setName = "tvOS App Icon & Top Shelf Image"

    static func png(_ pixel: [UInt8], width: Int, height: Int) -> Data {
        Data(PNGSamples.png(width: width, height: height, depth: 8, colorType: 6, rows: PNGSamples.solidRows(pixel, width: width, height: height)))
    }

    static func write(_ json: String, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.appendingPathComponent("Contents.json"))
    }

    /// The probe's catalog: two stacks of two opaque layers (Front, Back), the top-shelf images.
    /// `layers` replaces the App Icon's layers (name, colour, size) to make it incomplete.
    static func makeCatalog(in work: URL, smallLayers: [(String, [UInt8]?, (Int, Int))]? = nil, appStoreIcon: Bool = true) throws -> URL {
        let catalog = work.appendingPathComponent("Assets.xcassets")
        try write("{\(info)}", to: catalog)
        let brand = catalog.appendingPathComponent("\(setName).brandassets")
        var assets = [#"{"size": "400x240", "idiom": "tv", "filename": "App Icon - Small.imagestack", "role": "primary-app-icon"}"#,
                      #"{"size": "1920x720", "idiom": "tv", "filename": "Top Shelf Image.imageset", "role": "top-shelf-image"}"#,
                      #"{"size": "2320x720", "idiom": "tv", "filename": "Top Shelf Image Wide.imageset", "role": "top-shelf-image-wide"}"#]
        if appStoreIcon {
            assets.insert(#"{"size": "1280x768", "idiom": "tv", "filename": "App Icon - Large.imagestack", "role": "primary-app-icon"}"#, at: 0)
        }
        try write("{\"assets\": [\(assets.joined(separator: ", "))], \(info)}", to: brand)
        var stacks: [(String, [(String, [UInt8]?, (Int, Int))])] = [
            ("App Icon - Small", smallLayers ?? [("Front", [220, 120, 60, 255], (400, 240)), ("Back", [60, 160, 240, 255], (400, 240))]),
        ]
        if appStoreIcon { stacks.insert(("App Icon - Large", [("Front", [220, 80, 80, 255], (1280, 768)), ("Back", [60, 60, 240, 255], (1280, 768))]), at: 0) }
        for (stack, layers) in stacks {
            let folder = brand.appendingPathComponent("\(stack).imagestack")
            try write("{\"layers\": [\(layers.map { "{\"filename\": \"\($0.0).imagestacklayer\"}" }.joined(separator: ", "))], \(info)}", to: folder)
            for (layer, colour, size) in layers {
                let layerFolder = folder.appendingPathComponent("\(layer).imagestacklayer")
                try write("{\(info)}", to: layerFolder)
                let content = layerFolder.appendingPathComponent("Content.imageset")
                guard let colour else {
                    try write("{\"images\": [{\"idiom\": \"tv\", \"scale\": \"1x\"}], \(info)}", to: content)
                    continue
                }
                try write("{\"images\": [{\"idiom\": \"tv\", \"scale\": \"1x\", \"filename\": \"content.png\"}], \(info)}", to: content)
                try png(colour, width: size.0, height: size.1).write(to: content.appendingPathComponent("content.png"))
            }
        }
        for (name, size, colour) in [("Top Shelf Image", (1920, 720), [40, 160, 80, 255] as [UInt8]), ("Top Shelf Image Wide", (2320, 720), [80, 100, 200, 255])] {
            let folder = brand.appendingPathComponent("\(name).imageset")
            try write("{\"images\": [{\"idiom\": \"tv\", \"scale\": \"1x\", \"filename\": \"image.png\"}], \(info)}", to: folder)
            try png(colour, width: size.0, height: size.1).write(to: folder.appendingPathComponent("image.png"))
        }
        return catalog
    }

    static func compile(_ catalog: URL, in work: URL, extra: [String] = []) throws -> (run: Harness.Run, out: URL) {
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", catalog.path, "--compile", out.path, "--platform", "appletvos", "--target-device", "tv",
                                      "--minimum-deployment-target", "15.0", "--app-icon", setName,
                                      "--output-partial-info-plist", work.appendingPathComponent("partial.plist").path,
                                      "--output-format", "human-readable-text", "--errors", "--warnings"] + extra, in: work,
                                     environment: ["ASSETC_CACHE_DIR": "none"])
        return (run, out)
    }

    @Test func aBrandAssetsSetIsCompiledAsActool26_5CompilesIt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let (run, out) = try Self.compile(Self.makeCatalog(in: work), in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // The probe's images are 1x only: assetc's one warning each for the App Icon and the two
        // top-shelf images (Apple asks for 2x too), nothing else.
        let warnings = run.stdout.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 3 && warnings.allSatisfy { $0.contains("has no @2x image") }, "\(run.stdout)")
        // actool's output folder holds the car alone: no loose top-shelf image, no copied set.
        #expect(Harness.files(under: out) == ["Assets.car"])
        #expect(try ActoolModeTests.plist(work.appendingPathComponent("partial.plist")) == [
            "CFBundleIcons": ["CFBundlePrimaryIcon": "App Icon - Small"],
            "TVTopShelfImage": ["TVTopShelfPrimaryImage": "Top Shelf Image", "TVTopShelfPrimaryImageWide": "Top Shelf Image Wide"],
        ] as NSDictionary)

        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        // appearance, localization, scale, idiom, subtype, identifier, element, part.
        #expect(car.keyFormat == [7, 13, 12, 15, 16, 17, 1, 2])
        // The real car's seven names, with its identifiers.
        let identifiers = car.facets.mapValues { $0.first { $0.0 == 17 }?.1 ?? 0 }
        #expect(identifiers == ["App Icon - Large/Back/Content": 9708, "App Icon - Large/Front/Content": 42877, "App Icon - Small": 52912,
                                "App Icon - Small/Back/Content": 23425, "App Icon - Small/Front/Content": 27417,
                                "Top Shelf Image": 29129, "Top Shelf Image Wide": 54774])
        // Its renditions by (idiom, part, identifier): all of the real car's, its two radiosity
        // images (part 209) among them.
        let keys = Set(car.renditions.map { [Int($0.attributes[15] ?? 0), Int($0.attributes[2] ?? 0), Int($0.attributes[17] ?? 0)] })
        #expect(keys == [[0, 181, 52912], [3, 181, 27417], [3, 181, 23425], [3, 208, 52912], [3, 181, 29129], [3, 181, 54774],
                         [6, 181, 42877], [6, 181, 52912], [6, 208, 52912], [6, 181, 9708], [3, 209, 52912], [6, 209, 52912]])
        #expect(car.renditions.allSatisfy { ($0.attributes[12] ?? 0) == 1 })

        // The App Icon's record: layout 1002, Contents.json, the canvas, the TLVs of the real car;
        // its layers back to front (Back 23425, then Front 27417), each 400x240 at the origin.
        let record = try #require(car.renditions.first { $0.attributes[2] == 181 && $0.attributes[17] == 52912 && ($0.attributes[15] ?? 0) == 0 })
        #expect(record.layout == 1002 && record.name == "Contents.json" && record.width == 400 && record.height == 240)
        #expect(record.tlvs.map(\.type) == [1012, 1020, 1021, 1004, 1005, 1006])
        #expect(record.tlvs.map(\.length) == [104, 34, 48, 8, 28, 4])
        let list = try #require(record.tlvValues[1012])
        func u32(_ at: Int) -> UInt32 { CARReader.le32(list, at) }
        #expect(u32(0) == 2)
        #expect([0, 1].map { u32(8 + 48 * $0 + 12) } == [400, 400] && [0, 1].map { u32(8 + 48 * $0 + 16) } == [240, 240])
        #expect([0, 1].map { CARReader.le16(list, 8 + 48 * $0 + 32 + 10) } == [23425, 27417])
        #expect(record.tlvValues[1020] == [2, 0, 0, 0, 0, 0, 0, 0] + Array(repeating: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0], count: 2).flatMap { $0 })
        #expect(record.tlvValues[1005].map { Array($0[8...]) } == Array("public.layeredimage".utf8) + [0])

        // The flattened images: layout 0, actool's name, the front layer's colour (it is opaque).
        for (idiom, width, colour) in [(3, 400, [220, 120, 60] as [UInt8]), (6, 1280, [220, 80, 80])] {
            let flattened = try #require(car.renditions.first { $0.attributes[2] == 208 && $0.attributes[15] == UInt16(idiom) })
            #expect(flattened.layout == 0 && flattened.name == "ZZZZFlattenedImage-1.1.0-gamut0" && flattened.width == UInt32(width))
            #expect(flattened.tlvs.map(\.type) == [1001, 1004, 1006, 1007])
            let pixels = try #require(flattened.pixels)
            #expect(Array(pixels.prefix(4)) == [colour[2], colour[1], colour[0], 255], "premultiplied BGRA")
        }

        // The radiosity images (part 209, at 1x): byte for byte the real car's, described by its
        // facts: the payload's first 28 bytes (MLEC 0, compression 6, the length; the canvas 80
        // pixels larger, the 32-pixel cell, the decoder's 0x3F39BDB7), how many values, their sum,
        // the sum of their squares and of each times its place, and the first eight.
        for (idiom, head, count, sums, first) in [
            (UInt16(3), "4d4c45430000000006000000bc040000e001400120000000b7bd393f", 600, [2_618_152, 30_525_265_660, 584_576_904],
             [-38, 73, 15, 85, 35, 34, 85, 131]),
            (6, "4d4c45430000000006000000542400005005500320000000b7bd393f", 4644, [34_829_090, 429_638_158_182, 71_849_100_470],
             [41, 41, 15, 85, 13, 13, 85, 131]),
        ] as [(UInt16, String, Int, [Int], [Int])] {
            let radiosity = try #require(car.renditions.first { $0.attributes[2] == 209 && $0.attributes[15] == idiom })
            #expect(radiosity.layout == 0 && radiosity.name == "ZZZZRadiosityImage-1.0.0" && radiosity.scaleTimes100 == 100)
            #expect(radiosity.tlvs.map(\.type) == [1001, 1004, 1006, 1007])
            let payload = radiosity.rawPayload
            #expect(payload.prefix(28).map { String(format: "%02x", $0) }.joined() == head)
            let values = stride(from: 28, to: payload.count, by: 2).map { Int(Int16(bitPattern: UInt16(payload[$0]) | UInt16(payload[$0 + 1]) << 8)) }
            #expect(values.count == count && Array(values.prefix(8)) == first)
            #expect([values.reduce(0, +), values.reduce(0) { $0 + $1 * $1 }, values.enumerated().reduce(0) { $0 + $1.offset * $1.element }] == sums)
        }
    }

    /// `assetutil --info` names a stack's record as Apple's assetutil does (kagurasumusun/mac's
    /// `selfgen-stacks-Assets.assetutil.json`): an ImageStack with its canvas and layer count.
    @Test func assetutilNamesTheRecordAnImageStack() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let (run, out) = try Self.compile(Self.makeCatalog(in: work), in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let info = try Harness.assetc(["assetutil", "--info", out.appendingPathComponent("Assets.car").path], in: work)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]])
        let stacks = entries.filter { $0["AssetType"] as? String == "ImageStack" }
        #expect(stacks.map { $0["Idiom"] as? String } == ["universal", "marketing"])
        let small = try #require(stacks.first)
        #expect(small["Name"] as? String == "App Icon - Small" && small["RenditionName"] as? String == "Contents.json")
        #expect(small["CanvasWidth"] as? Int == 400 && small["CanvasHeight"] as? Int == 240 && small["LayerCount"] as? Int == 2)
    }

    @Test func anIncompleteBrandAssetsSetIsNamedAsActoolNamesIt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        // Three layers, one with an image; no App Store icon.
        let catalog = try Self.makeCatalog(in: work, smallLayers: [("Front", [1, 2, 3, 255], (400, 240)), ("Middle", nil, (0, 0)), ("Back", nil, (0, 0))],
                                           appStoreIcon: false)
        let (run, _) = try Self.compile(catalog, in: work)
        #expect(run.status != 0)
        #expect(run.stdout.contains(#"./\#(Self.setName).brandassets/App Icon - Small.imagestack: error: The image stack "App Icon - Small" must have at least 2 layers with applicable content. Although it has 3 layers, only 1 has applicable content."#),
                "\(run.stdout)")
        #expect(run.stdout.contains(#"warning: the brand assets "\#(Self.setName)" has no App Store icon"#), "\(run.stdout)")

        // A layer larger than its stack, said in actool's words for an icon.
        let sized = work.appendingPathComponent("sized")
        let wrong = try Self.makeCatalog(in: sized, smallLayers: [("Front", [1, 2, 3, 255], (480, 240)), ("Back", [4, 5, 6, 255], (400, 240))])
        let (wrongRun, _) = try Self.compile(wrong, in: sized)
        #expect(wrongRun.status != 0)
        #expect(wrongRun.stdout.contains("Content.imageset/content.png is 480x240 but should be 400x240."), "\(wrongRun.stdout)")
    }

    /// Xcode-made stacks whose front layer is a logo smaller than the icon (jellyfin/Swiftfin's,
    /// built by its CI with actool of Xcode 26.6): the layer is centred on the canvas, in the
    /// flattened image and in the record's frame; and a top-shelf set's `tv-marketing` entries
    /// (Xcode's template has them beside the `tv` ones) are kept, keyed marketing.
    @Test func aSmallerLayerIsCentredAndMarketingTopShelfImagesAreKept() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work, smallLayers: [("Front", [250, 10, 10, 255], (100, 60)), ("Back", [10, 10, 250, 255], (400, 240))])
        let shelf = catalog.appendingPathComponent("\(Self.setName).brandassets/Top Shelf Image.imageset")
        try Self.write(#"{"images": [{"idiom": "tv", "scale": "1x", "filename": "image.png"}, {"idiom": "tv-marketing", "scale": "1x", "filename": "store.png"}], \#(Self.info)}"#,
                       to: shelf)
        try Self.png([9, 9, 9, 255], width: 1920, height: 720).write(to: shelf.appendingPathComponent("store.png"))
        let (run, out) = try Self.compile(catalog, in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("already fills"), "\(run.stdout)")
        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        let iconID = try #require(car.facets["App Icon - Small"]?.first { $0.0 == 17 }?.1)
        let record = try #require(car.renditions.first { $0.attributes[2] == 181 && $0.attributes[17] == iconID && ($0.attributes[15] ?? 0) == 0 })
        let list = try #require(record.tlvValues[1012])
        // Back to front: the back layer at the origin, 400x240; the front one centred, 100x60.
        #expect((0..<2).map { layer in (1...4).map { CARReader.le32(list, 8 + 48 * layer + 4 * $0) } } == [[0, 0, 400, 240], [150, 90, 100, 60]])
        let flattened = try #require(car.renditions.first { $0.attributes[2] == 208 && $0.attributes[15] == 3 })
        let pixels = try #require(flattened.pixels)
        func bgr(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 400 + x) * 4..<(y * 400 + x) * 4 + 3]) }
        #expect(bgr(0, 0) == [250, 10, 10] && bgr(149, 120) == [250, 10, 10], "the back layer around the front one")
        #expect(bgr(150, 90) == [10, 10, 250] && bgr(249, 149) == [10, 10, 250] && bgr(250, 150) == [250, 10, 10], "the front layer centred")
        let shelfID = try #require(car.facets["Top Shelf Image"]?.first { $0.0 == 17 }?.1)
        let shelves = car.renditions.filter { $0.attributes[17] == shelfID }.map { "\($0.name) idiom \($0.attributes[15] ?? 0)" }.sorted()
        #expect(shelves == ["image.png idiom 3", "store.png idiom 6"], "\(shelves)")
    }

    /// A JPEG of one colour, 4:4:4 at quality 100 (libjpeg-turbo's encoder, as the tests' WebP and
    /// HEIC sources are made by their libraries).
    /// `pixel`: RGB, or CMYK with `cmyk` (a YCCK file, as print workflows save one).
    static func jpeg(_ pixel: [UInt8], width: Int, height: Int, cmyk: Bool = false) throws -> Data {
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        let pixels = [UInt8]((0..<(width * height)).map { _ in pixel }.joined())
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, pixels, Int32(width), 0, Int32(height), Int32((cmyk ? TJPF_CMYK : TJPF_RGB).rawValue), &buffer, &size,
                                 Int32(TJSAMP_444.rawValue), 100, 0)
        defer { tjFree(buffer) }
        try #require(status == 0)
        return Data(bytes: try #require(buffer), count: Int(size))
    }

    /// A JPEG layer (moonlight-stream/moonlight-ios's tvOS back layers are JPEGs, built by its CI
    /// with xcodebuild) is drawn into the flattened image like a PNG one; a damaged one is an error
    /// naming the layer and its file, never a partly grey icon.
    @Test func aJPEGLayerIsDrawn() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work, smallLayers: [("Front", [250, 10, 10, 255], (100, 60)), ("Back", [0, 0, 0, 255], (400, 240))])
        let back = catalog.appendingPathComponent("\(Self.setName).brandassets/App Icon - Small.imagestack/Back.imagestacklayer/Content.imageset")
        try FileManager.default.removeItem(at: back.appendingPathComponent("content.png"))
        try Self.write(#"{"images": [{"idiom": "tv", "scale": "1x", "filename": "back.jpg"}], \#(Self.info)}"#, to: back)
        let jpeg = try Self.jpeg([20, 200, 120], width: 400, height: 240)
        try jpeg.write(to: back.appendingPathComponent("back.jpg"))
        let (run, out) = try Self.compile(catalog, in: work)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        let flattened = try #require(car.renditions.first { $0.attributes[2] == 208 && $0.attributes[15] == 3 })
        let pixels = try #require(flattened.pixels)
        let corner = Array(pixels[0..<3]), centre = Array(pixels[(120 * 400 + 200) * 4..<(120 * 400 + 200) * 4 + 3])
        #expect(zip(corner, [120, 200, 20] as [UInt8]).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "the JPEG back layer, BGR: \(corner)")
        #expect(centre == [10, 10, 250], "the PNG front layer over it")

        // Its scan cut short behind an end marker (so the header check passes): libjpeg-turbo's
        // warning is an error that names the layer.
        try (jpeg.prefix(jpeg.count / 2) + [0xFF, 0xD9]).write(to: back.appendingPathComponent("back.jpg"))
        let (damaged, _) = try Self.compile(catalog, in: work.appendingPathComponent("damaged"))
        #expect(damaged.status != 0)
        #expect(damaged.stdout.contains("Back.imagestacklayer/Content.imageset: error: back.jpg: the layer \"Back\" of \"App Icon - Small\": cannot be read for Assets.car: the JPEG data cannot be decoded: "),
                "\(damaged.stdout)")

        // A CMYK one: refused by name.
        try Self.jpeg([0, 0, 0, 255], width: 400, height: 240, cmyk: true).write(to: back.appendingPathComponent("back.jpg"))
        let (cmyk, _) = try Self.compile(catalog, in: work.appendingPathComponent("cmyk"))
        #expect(cmyk.status != 0 && cmyk.stdout.contains("back.jpg: the layer \"Back\" of \"App Icon - Small\": cannot be read for Assets.car: a CMYK JPEG"),
                "\(cmyk.stdout)")
    }

    /// The set is compiled only as the app's icon, as actool compiles it: without --app-icon its
    /// images are not in the car, and an iOS build of the catalog skips it with a note.
    @Test func aBrandAssetsSetIsCompiledOnlyAsTheAppIcon() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", catalog.path, "--compile", out.path, "--platform", "appletvos", "--target-device", "tv",
                                      "--minimum-deployment-target", "15.0", "--output-format", "human-readable-text"], in: work,
                                     environment: ["ASSETC_CACHE_DIR": "none"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let car = try? CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        #expect(car?.facets.isEmpty ?? true)

        // Named as an iOS app's icon: actool's error, and what the set is.
        let iOS = try Harness.assetc(["actool", catalog.path, "--compile", out.path, "--platform", "iphoneos", "--minimum-deployment-target", "15.0",
                                      "--app-icon", Self.setName, "--output-format", "human-readable-text"], in: work,
                                     environment: ["ASSETC_CACHE_DIR": "none"])
        #expect(iOS.status == 1)
        #expect(iOS.stdout.contains(#"error: None of the input catalogs contained a matching stickers icon set or app icon set named "\#(Self.setName)"."#)
                && iOS.stdout.contains(#"error: "\#(Self.setName)" is a tvOS app's icon (a Brand Assets set), compiled with --platform appletvos; on iOS the app's icon is an app icon set (.appiconset)"#),
                "\(iOS.stdout)")
    }

    /// Newer Xcode writes the App Store icon as a flat image set (idiom tv-marketing): actool
    /// compiles it as an image of its own name at 1x and 2x, keyed marketing (marlin-dvr-tv's
    /// assetutil dump). A tv launch image and an iOS icon set named by --app-icon are said, not guessed.
    @Test func aFlatAppStoreIconALaunchImageAndAnIconSetAreHandledAsSaid() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work, appStoreIcon: false)
        let brand = catalog.appendingPathComponent("\(Self.setName).brandassets")
        let contents = try String(contentsOf: brand.appendingPathComponent("Contents.json"), encoding: .utf8)
        try contents.replacingOccurrences(of: #""assets": ["#, with: #""assets": [{"filename": "App Icon - App Store.imageset", "idiom": "tv-marketing", "role": "primary-app-icon", "size": "1280x768"}, "#)
            .write(to: brand.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let store = brand.appendingPathComponent("App Icon - App Store.imageset")
        try Self.write(#"{"images": [{"filename": "s.png", "idiom": "tv-marketing", "scale": "1x"}, {"filename": "s@2x.png", "idiom": "tv-marketing", "scale": "2x"}], \#(Self.info)}"#, to: store)
        try Self.png([7, 7, 7, 255], width: 1280, height: 768).write(to: store.appendingPathComponent("s.png"))
        try Self.png([7, 7, 7, 255], width: 2560, height: 1536).write(to: store.appendingPathComponent("s@2x.png"))
        let launch = catalog.appendingPathComponent("LaunchImage.launchimage")
        try Self.write(#"{"images": [{"extent": "full-screen", "idiom": "tv", "filename": "l.png", "minimum-system-version": "9.0", "orientation": "landscape", "scale": "1x"}], \#(Self.info)}"#, to: launch)
        try Self.png([1, 1, 1, 255], width: 1920, height: 1080).write(to: launch.appendingPathComponent("l.png"))
        let (run, out) = try Self.compile(catalog, in: work, extra: ["--launch-image", "LaunchImage"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("no App Store icon"), "\(run.stdout)")
        #expect(run.stdout.contains("warning: a tvOS launch image is not compiled by assetc yet"), "\(run.stdout)")
        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        let storeID = try #require(car.facets["App Icon - App Store"]?.first { $0.0 == 17 }?.1)
        let renditions = car.renditions.filter { $0.attributes[17] == storeID }
        #expect(renditions.map { [Int($0.attributes[15] ?? 0), Int($0.attributes[12] ?? 0), Int($0.width)] }.sorted { $0[1] < $1[1] }
                == [[6, 1, 1280], [6, 2, 2560]])

        // An .appiconset named as a tvOS app's icon is refused with what tvOS needs.
        try Self.write(#"{"images": [], \#(Self.info)}"#, to: catalog.appendingPathComponent("AppIcon.appiconset"))
        let iconSet = try Harness.assetc(["actool", catalog.path, "--compile", out.path, "--platform", "appletvos", "--target-device", "tv",
                                          "--minimum-deployment-target", "15.0", "--app-icon", "AppIcon", "--output-format", "human-readable-text"],
                                         in: work, environment: ["ASSETC_CACHE_DIR": "none"])
        #expect(iconSet.status != 0)
        #expect(iconSet.stdout.contains(#"error: "AppIcon" is an app icon set; a tvOS app's icon is a Brand Assets set"#), "\(iconSet.stdout)")
    }

    /// A manifest's `"brandAssets"` draws the whole set from layered art (Tests/Fixtures/art's PDFs):
    /// every layer of the App Icon at 400x240 @1x and @2x and of the App Store icon at 1280x768, the
    /// top-shelf images at 1x and 2x, the stacks' records and flattened images, the Info.plist keys.
    @Test func aManifestDrawsTheBrandAssetsSetFromLayeredArt() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        try #"""
            {"version": 1, "output": "build", "images": [],
             "brandAssets": {"layers": ["art/star-fill.pdf", {"name": "Glow", "source": "art/feedly.pdf"}, "art/certificate.pdf"],
                             "topShelf": "art/registration.pdf", "topShelfWide": "art/registration.pdf"}}
            """#.write(to: work.appendingPathComponent("tv.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "tv.json", "--platform", "tvos"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning:"), "\(run.stderr)")
        let build = work.appendingPathComponent("build")
        #expect(try ActoolModeTests.plist(build.appendingPathComponent("partial-Info.plist")) == [
            "CFBundleIcons": ["CFBundlePrimaryIcon": "App Icon"],
            "TVTopShelfImage": ["TVTopShelfPrimaryImage": "Top Shelf Image", "TVTopShelfPrimaryImageWide": "Top Shelf Image Wide"],
        ] as NSDictionary)
        let car = try CARReader(Array(Data(contentsOf: build.appendingPathComponent("Resources/Assets.car"))))
        func sizes(_ name: String) throws -> [[Int]] {
            let id = try #require(car.facets[name]?.first { $0.0 == 17 }?.1, "\(name)")
            return car.renditions.filter { $0.attributes[17] == id && $0.attributes[2] == 181 && $0.layout != 1002 }
                .map { [Int($0.attributes[15] ?? 0), Int($0.attributes[12] ?? 0), Int($0.width), Int($0.height)] }.sorted { $0[1] < $1[1] }
        }
        // The second layer takes the name it was given; the others Xcode's (Front, …, Back).
        for layer in ["Front", "Glow", "Back"] {
            #expect(try sizes("App Icon/\(layer)/Content") == [[3, 1, 400, 240], [3, 2, 800, 480]])
            #expect(try sizes("App Icon - App Store/\(layer)/Content") == [[6, 1, 1280, 768]])
        }
        #expect(try sizes("Top Shelf Image") == [[3, 1, 1920, 720], [3, 2, 3840, 1440]])
        #expect(try sizes("Top Shelf Image Wide") == [[3, 1, 2320, 720], [3, 2, 4640, 1440]])
        let records = car.renditions.filter { $0.layout == 1002 }
        #expect(records.map { [Int($0.attributes[15] ?? 0), Int(CARReader.le32($0.tlvValues[1012] ?? [0, 0, 0, 0], 0))] }.sorted { $0[0] < $1[0] }
                == [[0, 3], [6, 3]])
        // The back layer fills its canvas (tvOS asks for an opaque one), so the flattened image is opaque.
        let flattened = try #require(car.renditions.first { $0.attributes[2] == 208 && $0.attributes[12] == 2 })
        let pixels = try #require(flattened.pixels)
        #expect(flattened.width == 800 && stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 })

        // Without --platform tvos, and with one layer, the manifest is refused with what to do.
        let ios = try Harness.assetc(["build", "tv.json"], in: work)
        #expect(ios.status != 0 && ios.stderr.contains("\"brandAssets\" draws a tvOS app's icon: build with --platform tvos"), "\(ios.stderr)")
        try #"{"version": 1, "images": [], "brandAssets": {"layers": ["art/star-fill.pdf"]}}"#
            .write(to: work.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
        let one = try Harness.assetc(["check", "one.json", "--platform", "tvos"], in: work)
        #expect(one.status != 0 && one.stderr.contains("\"layers\" of \"brandAssets\" has 1; tvOS draws a layered image of 2 to 5"), "\(one.stderr)")
    }

    /// A catalog reads only itself: a stack's layer folder that is a link to a folder outside the
    /// catalog leaves the Brand Assets set out, with a warning naming the link, as any set is.
    @Test func aLayerLinkedOutsideTheCatalogLeavesTheSetOut() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let layer = catalog.appendingPathComponent("\(Self.setName).brandassets/App Icon - Small.imagestack/Back.imagestacklayer")
        let outside = work.appendingPathComponent("outside.imagestacklayer")
        try FileManager.default.moveItem(at: layer, to: outside)
        try FileManager.default.createSymbolicLink(at: layer, withDestinationURL: outside)
        let (run, out) = try Self.compile(catalog, in: work)
        #expect(run.status != 0)
        #expect(run.stdout.contains("Back.imagestacklayer: warning: a link to \(outside.resolvingSymlinksInPath().path), outside the catalog"), "\(run.stdout)")
        #expect(run.stdout.contains("None of the input catalogs contained a matching"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("Assets.car").path))
    }

    /// Hostile or mistaken stacks: a size tvOS has no icon of (one no memory could draw) is left out
    /// with a warning, and a layer listed twice counts once against the two-layer rule.
    @Test func aStackOfAnotherSizeOrALayerListedTwiceIsSaid() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = try Self.makeCatalog(in: work)
        let brand = catalog.appendingPathComponent("\(Self.setName).brandassets")
        let contents = try String(contentsOf: brand.appendingPathComponent("Contents.json"), encoding: .utf8)
        try contents.replacingOccurrences(of: #""size": "1280x768""#, with: #""size": "99999999x99999999""#)
            .write(to: brand.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let small = brand.appendingPathComponent("App Icon - Small.imagestack")
        try Self.write(#"{"layers": [{"filename": "Front.imagestacklayer"}, {"filename": "front.imagestacklayer"}], \#(Self.info)}"#, to: small)
        let (run, _) = try Self.compile(catalog, in: work)
        #expect((1...127).contains(run.status), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(#"warning: the image stack "App Icon - Large" has the size "99999999x99999999"; a primary-app-icon stack is 400x240"#),
                "\(run.stdout)")
        #expect(run.stdout.contains(#"lists the layer "front.imagestacklayer" again; it counts once"#), "\(run.stdout)")
        #expect(run.stdout.contains(#"must have at least 2 layers with applicable content. Although it has 1 layer, only 1 has applicable content."#),
                "\(run.stdout)")

        // A stack with no size, and a layer folder that is not there: each said once.
        let other = work.appendingPathComponent("other")
        let second = try Self.makeCatalog(in: other)
        let secondBrand = second.appendingPathComponent("\(Self.setName).brandassets")
        let secondContents = try String(contentsOf: secondBrand.appendingPathComponent("Contents.json"), encoding: .utf8)
        try secondContents.replacingOccurrences(of: #""size": "1280x768", "#, with: "")
            .write(to: secondBrand.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: secondBrand.appendingPathComponent("App Icon - Small.imagestack/Front.imagestacklayer"))
        let (secondRun, _) = try Self.compile(second, in: other)
        #expect(secondRun.stdout.contains(#"warning: the image stack "App Icon - Large" has no size; a primary-app-icon stack is 400x240"#),
                "\(secondRun.stdout)")
        let front = secondRun.stdout.split(separator: "\n").filter { $0.contains("Front") }
        #expect(front.count == 1 && front[0].contains(#"The file "Front.imagestacklayer" for the image stack "App Icon - Small" does not exist."#),
                "\(front)")
    }

    /// kagurasumusun/mac's second real car of actool 26.5 (`selfgen-stacks-Assets.car`): stacks whose
    /// Contents.json lists the layers back first (Back, Middle, Front), the App Store icon with three.
    /// Its records list them the other way round, Front 42877, Middle 22548, Back 9708 (TLV 1012), as
    /// assetc's do; for that catalog both records are byte-identical to actool's.
    @Test func layersListedBackFirstAreRecordedFrontFirst() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("selfgen-brand.xcassets")
        try Self.write("{\(Self.info)}", to: catalog)
        let brand = catalog.appendingPathComponent("Icon.brandassets")
        try Self.write(#"{"assets": [{"size": "1280x768", "idiom": "tv", "filename": "App Icon - Large.imagestack", "role": "primary-app-icon"}, "#
            + #"{"size": "400x240", "idiom": "tv", "filename": "App Icon - Small.imagestack", "role": "primary-app-icon"}], \#(Self.info)}"#, to: brand)
        for (stack, layers, size) in [("App Icon - Large", ["Back", "Middle", "Front"], (1280, 768)), ("App Icon - Small", ["Back", "Front"], (400, 240))] {
            let folder = brand.appendingPathComponent("\(stack).imagestack")
            try Self.write("{\"layers\": [\(layers.map { "{\"filename\": \"\($0).imagestacklayer\"}" }.joined(separator: ", "))], \(Self.info)}", to: folder)
            for layer in layers {
                let content = folder.appendingPathComponent("\(layer).imagestacklayer/Content.imageset")
                try Self.write("{\"images\": [{\"idiom\": \"tv\", \"scale\": \"1x\", \"filename\": \"c.png\"}], \(Self.info)}", to: content)
                try Self.png([200, 100, 50, 128], width: size.0, height: size.1).write(to: content.appendingPathComponent("c.png"))
            }
        }
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try Harness.assetc(["actool", catalog.path, "--compile", out.path, "--platform", "appletvos", "--target-device", "tv",
                                      "--minimum-deployment-target", "15.0", "--app-icon", "Icon", "--output-format", "human-readable-text"],
                                     in: work, environment: ["ASSETC_CACHE_DIR": "none"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let car = try CARReader(Array(Data(contentsOf: out.appendingPathComponent("Assets.car"))))
        func listed(_ idiom: UInt16) throws -> [UInt16] {
            let record = try #require(car.renditions.first { $0.layout == 1002 && ($0.attributes[15] ?? 0) == idiom })
            let list = try #require(record.tlvValues[1012])
            return (0..<Int(CARReader.le32(list, 0))).map { CARReader.le16(list, 8 + 48 * $0 + 32 + 10) }
        }
        #expect(try listed(6) == [42877, 22548, 9708])
        #expect(try listed(0) == [27417, 23425])
        // The flattened images are opaque, as actool's are over translucent layers: each layer
        // premultiplied to 8 bits and drawn over the ones behind it, then made opaque (byte for byte
        // that car's images, of its gradient layers). (200, 100, 50) at alpha 128 is (100, 50, 25);
        // over itself (150, 75, 37); over that again (175, 87, 43).
        for (idiom, expected) in [(UInt16(3), [37, 75, 150, 255] as [UInt8]), (6, [43, 87, 175, 255])] {
            let flattened = try #require(car.renditions.first { $0.attributes[2] == 208 && $0.attributes[15] == idiom })
            #expect(flattened.pixels.map { Array($0.prefix(4)) } == expected)
        }
    }
}
