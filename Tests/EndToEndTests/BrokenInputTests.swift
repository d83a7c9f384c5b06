import AssetKit
import AssetPlatform
import Rendering
import Foundation
import Testing
import TestSupport

/// A matrix of broken inputs, each run against an output folder that holds an earlier good build:
/// every case must exit 1–127 with a message naming the file (and the manifest line where there is
/// one), write nothing outside the output folder, and leave the earlier files byte for byte.
@Suite(.serialized) struct BrokenInputTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// The manifest's `images` entries (JSON), or a whole manifest when `wholeManifest`.
        var images: String
        /// Files to create under `bad/` before the build.
        var files: [String: [UInt8]] = [:]
        var wholeManifest = false
        /// Text the error output must contain.
        var expected: [String]
        /// The exit status both `check` and `build` must give (docs/cli.md): every case is invalid input.
        var status: Int32 = 1
        var description: String { name }
    }

    /// A syntactically correct PDF with the given catalog pieces and xref offsets computed exactly.
    static func pdf(pages: Int, encrypted: Bool = false, mediaBox: String = "0 0 40 30") -> [UInt8] {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let kids = (0..<pages).map { "\(3 + $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        for _ in 0..<pages { objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [\(mediaBox)] >>") }
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        var encryptReference = ""
        if encrypted {
            // Standard security handler with a user password: the empty password does not open it.
            offsets.append(text.utf8.count)
            let hex = String(repeating: "7A", count: 32)
            text += "\(objects.count + 1) 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <\(hex)> /U <\(hex)> /P -4 >>\nendobj\n"
            encryptReference = " /Encrypt \(objects.count + 1) 0 R /ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>]"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R\(encryptReference) >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    static let goodPDF = pdf(pages: 1)

    static let cases: [Case] = [
        Case(name: "missing source", images: #"{"name": "A", "source": 1️⃣"bad/none.pdf"}"#,
             expected: ["bad/none.pdf: error: cannot read file: No such file or directory", "assets.json:‹1›: note: source referenced here"]),
        Case(name: "directory as source", images: #"{"name": "A", "source": "bad/folder.pdf"}"#,
             files: ["folder.pdf/keep": []], expected: ["bad/folder.pdf: error: is a directory, not a file"]),
        Case(name: "garbage bytes", images: #"{"name": "A", "source": "bad/garbage.pdf"}"#,
             files: ["garbage.pdf": Array((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })],
             expected: ["bad/garbage.pdf: error: not a PDF file (no %PDF header)"]),
        Case(name: "truncated PDF", images: #"{"name": "A", "source": 1️⃣"bad/cut.pdf"}"#,
             files: ["cut.pdf": Array(goodPDF.prefix(40))], expected: ["bad/cut.pdf: error: ", "assets.json:‹1›: note: source referenced here"]),
        Case(name: "encrypted PDF", images: #"{"name": "A", "source": "bad/locked.pdf"}"#,
             files: ["locked.pdf": pdf(pages: 1, encrypted: true)], expected: ["bad/locked.pdf: error: PDF is encrypted; assetc cannot render password-protected documents"]),
        Case(name: "zero pages", images: #"{"name": "A", "source": "bad/empty.pdf"}"#,
             files: ["empty.pdf": pdf(pages: 0)], expected: ["bad/empty.pdf: error:", "no pages"]),
        Case(name: "page out of range", images: #"{"name": "A", "source": "bad/one.pdf", "page": 3}"#,
             files: ["one.pdf": goodPDF], expected: ["bad/one.pdf: error: page 3 is out of range"]),
        Case(name: "poster-sized page", images: #"{"name": 1️⃣"A", "source": "bad/poster.pdf", "scales": [3]}"#,
             files: ["poster.pdf": pdf(pages: 1, mediaBox: "0 0 14400 14400")], expected: ["assets.json:‹1›: error: A@3x.png would be 43200x43200 pixels; Cairo draws at most 32767 pixels a side"]),
        Case(name: "JPEG named .png", images: #"{"name": "A", "source": "bad/photo.png"}"#,
             files: ["photo.png": [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [UInt8](repeating: 0, count: 64)],
             expected: ["bad/photo.png: error:", "JPEG"]),
        Case(name: "truncated PNG", images: #"{"name": "A", "source": "bad/cut.png", "scales": [1]}"#,
             files: ["cut.png": Array(PNGSamples.grey16.prefix(60))], expected: ["bad/cut.png: error: PNG file is truncated"]),
        Case(name: "raster too small for its scales", images: #"{"name": 1️⃣"A", "source": "bad/small.png", "scales": [2]}"#,
             files: ["small.png": PNGSamples.palette], expected: [#"assets.json:‹1›: error: scale 2 is above 'bad/small.png', an @1x raster; assetc never upscales raster art (lower "scales" or supply a larger PNG)"#]),
        Case(name: "PDF with another extension", images: #"{"name": "A", "source": "bad/art.svg"}"#,
             files: ["art.svg": goodPDF], expected: ["bad/art.svg: error: not a readable SVG: XML parse error"]),
        Case(name: "unsupported source type", images: #"{"name": "A", "source": "bad/art.gif"}"#,
             files: ["art.gif": goodPDF], expected: ["assets.json:3:", "is not a .pdf, .svg or .png file"]),
        Case(name: "name with traversal", images: #"{"name": 1️⃣"../evil", "source": "bad/one.pdf"}"#,
             files: ["one.pdf": goodPDF], expected: ["assets.json:‹1›: error: name '../evil' contains a path separator"]),
        Case(name: "name with a scale modifier", images: #"{"name": "Icon@2x", "source": "bad/one.pdf"}"#,
             files: ["one.pdf": goodPDF], expected: ["assets.json:3:", "@2x"]),
        Case(name: "names differing only by case", images: #"{"name": "Icon", "source": "bad/one.pdf"}, {"name": 1️⃣"icon", "source": "bad/one.pdf"}"#,
             files: ["one.pdf": goodPDF],
             expected: ["assets.json:‹1›: error: image 'icon' differs from 'Icon' (line 3) only by case in the main bundle; case-insensitive file systems would merge their files"]),
        Case(name: "zero size", images: #"{"name": "A", "source": "bad/one.pdf", "size": [1️⃣0, 10]}"#,
             files: ["one.pdf": goodPDF],
             expected: [#"assets.json:‹1›: error: the width in "size" of image 'A' must be greater than 0 and at most 10000, found 0"#]),
        Case(name: "negative size", images: #"{"name": "A", "source": "bad/one.pdf", "size": [1️⃣-5, 10]}"#,
             files: ["one.pdf": goodPDF],
             expected: [#"assets.json:‹1›: error: the width in "size" of image 'A' must be greater than 0 and at most 10000, found -5"#]),
        Case(name: "absurd size", images: #"{"name": "A", "source": "bad/one.pdf", "size": [1️⃣1e9, 1e9]}"#,
             files: ["one.pdf": goodPDF],
             expected: [#"assets.json:‹1›: error: the width in "size" of image 'A' must be greater than 0 and at most 10000, found 1e9"#]),
        Case(name: "non-integer scale", images: #"{"name": "A", "source": "bad/one.pdf", "scales": [1️⃣1.5]}"#,
             files: ["one.pdf": goodPDF],
             expected: [#"assets.json:‹1›: error: a scale in "scales" of image 'A' must be a whole number, found 1.5"#]),
        Case(name: "absurd scale", images: #"{"name": "A", "source": "bad/one.pdf", "scales": [1️⃣1000000]}"#,
             files: ["one.pdf": goodPDF],
             expected: [#"assets.json:‹1›: error: a scale in "scales" of image 'A' must be between 1 and 3, found 1000000"#]),
        Case(name: "bundle path escaping", images: "{\"version\": 1, \"output\": \"out\",\n\"bundles\": [{\"name\": \"B\", \"path\": 1️⃣\"../evil.bundle\"}],\n\"images\": [{\"name\": \"A\", \"source\": \"bad/one.pdf\", \"bundle\": \"B\"}]}",
             files: ["one.pdf": goodPDF], wholeManifest: true,
             expected: ["assets.json:‹1›: error: bundle path '../evil.bundle' contains a path separator; it must be a single folder name"]),
        Case(name: "deep nesting", images: "{\"version\": 1, \"output\": \"out\", \"images\": " + String(repeating: "[", count: 63) + "1️⃣"
             + String(repeating: "[", count: 100_000 - 63) + "}",
             wholeManifest: true, expected: ["assets.json:‹1›: error: invalid JSON: nesting is deeper than 64 levels"]),
        Case(name: "unsupported version", images: "{\"version\": 2, \"output\": \"out\"}", wholeManifest: true,
             expected: ["assets.json:1:", "unsupported manifest version 2"]),
        Case(name: "wrong top-level type", images: "1️⃣[1, 2]", wholeManifest: true,
             expected: ["assets.json:‹1›: error: the manifest must be an object, found an array"]),
        Case(name: "interlaced icon in an appiconset", images: "{\"version\": 1, \"output\": \"out\",\n\"appIcon\": {\"appiconset\": \"bad/AppIcon.appiconset\"}}",
             files: ["AppIcon.appiconset/Contents.json": Array(#"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "icon.png"}], "info": {"version": 1}}"#.utf8),
                     "AppIcon.appiconset/icon.png": PNGSamples.interlaced120],
             wholeManifest: true, expected: ["icon.png", "interlaced"]),
        // A checkout without `git lfs pull`: the pointer named as such, with the command that fetches the file.
        Case(name: "Git LFS pointer as a source", images: #"{"name": "A", "source": 1️⃣"bad/lfs.pdf"}"#,
             files: ["lfs.pdf": Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n".utf8)],
             expected: ["bad/lfs.pdf: error: this is a Git LFS pointer of a 12345-byte file, not the file itself: the checkout did not fetch it; run `git lfs pull`",
                        "assets.json:‹1›: note: source referenced here"]),
        Case(name: "Git LFS pointer in an appiconset", images: "{\"version\": 1, \"output\": \"out\",\n\"appIcon\": {\"appiconset\": \"bad/AppIcon.appiconset\"}}",
             files: ["AppIcon.appiconset/Contents.json": Array(#"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "icon.png"}], "info": {"version": 1}}"#.utf8),
                     "AppIcon.appiconset/icon.png": Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 999\n".utf8)],
             wholeManifest: true, expected: ["bad/AppIcon.appiconset/icon.png: error: this is a Git LFS pointer of a 999-byte file"]),
        // Files read only when Assets.car is made are looked at when the catalog is read, so a
        // pointer is named (by `check` too) instead of being stored as a data set's bytes.
        Case(name: "Git LFS pointer in a data set", images: "{\"version\": 1, \"output\": \"out\", \"car\": true,\n\"catalogs\": [{\"path\": \"bad/App.xcassets\"}]}",
             files: ["App.xcassets/model.dataset/Contents.json": Array(#"{"data": [{"idiom": "universal", "filename": "model.json"}]}"#.utf8),
                     "App.xcassets/model.dataset/model.json": Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 4096\n".utf8)],
             wholeManifest: true, expected: ["bad/App.xcassets/model.dataset/model.json: error: this is a Git LFS pointer of a 4096-byte file"]),
        Case(name: "Git LFS pointer in a localized slot", images: "{\"version\": 1, \"output\": \"out\", \"car\": true,\n\"catalogs\": [{\"path\": \"bad/App.xcassets\"}]}",
             files: ["App.xcassets/flag.imageset/Contents.json": Array(#"{"images": [{"idiom": "universal", "filename": "fr@2x.png", "scale": "2x", "locale": "fr"}]}"#.utf8),
                     "App.xcassets/flag.imageset/fr@2x.png": Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 777\n".utf8)],
             wholeManifest: true, expected: ["bad/App.xcassets/flag.imageset/fr@2x.png: error: this is a Git LFS pointer of a 777-byte file"]),
        // Every pointer of the catalogs in one run, not one per run: an image slot's file is looked
        // at when the catalog is read, as a data set's is.
        Case(name: "Git LFS pointers in a data set and an image set", images: "{\"version\": 1, \"output\": \"out\", \"car\": true,\n\"catalogs\": [{\"path\": \"bad/App.xcassets\"}]}",
             files: ["App.xcassets/model.dataset/Contents.json": Array(#"{"data": [{"idiom": "universal", "filename": "model.json"}]}"#.utf8),
                     "App.xcassets/model.dataset/model.json": Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 4096\n".utf8),
                     "App.xcassets/logo.imageset/Contents.json": Array(#"{"images": [{"idiom": "universal", "filename": "logo@2x.png", "scale": "2x"}]}"#.utf8),
                     "App.xcassets/logo.imageset/logo@2x.png": Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 555\n".utf8)],
             wholeManifest: true, expected: ["bad/App.xcassets/model.dataset/model.json: error: this is a Git LFS pointer of a 4096-byte file",
                                             "bad/App.xcassets/logo.imageset/logo@2x.png: error: this is a Git LFS pointer of a 555-byte file"]),
        // A pointer does not hide what planning finds after it (a source that is not there).
        Case(name: "Git LFS pointer and a missing source", images: "{\"version\": 1, \"output\": \"out\", \"car\": true,\n\"catalogs\": [{\"path\": \"bad/App.xcassets\"}], \"images\": [{\"name\": \"A\", \"source\": \"bad/missing.pdf\"}]}",
             files: ["App.xcassets/logo.imageset/Contents.json": Array(#"{"images": [{"idiom": "universal", "filename": "logo@2x.png", "scale": "2x"}]}"#.utf8),
                     "App.xcassets/logo.imageset/logo@2x.png": Array("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 555\n".utf8)],
             wholeManifest: true, expected: ["bad/App.xcassets/logo.imageset/logo@2x.png: error: this is a Git LFS pointer of a 555-byte file",
                                             "bad/missing.pdf: error:"]),
        Case(name: "broken Contents.json", images: "{\"version\": 1, \"output\": \"out\",\n\"appIcon\": {\"appiconset\": 1️⃣\"bad/Broken.appiconset\"}}",
             files: ["Broken.appiconset/Contents.json": Array("{\"images\": [\n{\"idiom\": 2️⃣}".utf8)],
             wholeManifest: true,
             expected: ["bad/Broken.appiconset/Contents.json:‹2›: error: invalid JSON: unexpected character '}'; expected a value",
                        "assets.json:‹1›: note: app icon set referenced here"]),
    ]

    @Test(arguments: cases)
    func failsCleanlyNamingTheFileAndKeepsTheEarlierBuild(_ testCase: Case) throws {
        let work = try Harness.temporaryDirectory("broken")
        defer { Harness.removeTemporary(work) }
        let art = work.appendingPathComponent("good.pdf")
        try Data(Self.goodPDF).write(to: art)
        let manifest = work.appendingPathComponent("assets.json")
        try #"{"version": 1, "output": "out", "images": [{"name": "Good", "source": "good.pdf"}]}"#
            .write(to: manifest, atomically: true, encoding: .utf8)
        let good = try Harness.assetc(["build"], in: work)
        #expect(good.status == 0, "\(good.stderr)")
        let output = work.appendingPathComponent("out")
        let before = try Harness.tree(under: output, excluding: Harness.isLock)

        // Positions are marked in the inputs (1️⃣ in the manifest, 2️⃣ in a file) and written as ‹1›, ‹2›
        // in the expected messages.
        var positions: [String: String] = [:]
        for (path, bytes) in testCase.files {
            let url = work.appendingPathComponent("bad/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if path.hasSuffix("/keep") { continue }
            var content = bytes
            if let text = String(validating: bytes, as: UTF8.self), text.contains("2️⃣") {
                let marked = MarkedText(text)
                positions["‹2›"] = marked.position("2️⃣")
                content = Array(marked.text.utf8)
            }
            try Data(content).write(to: url)
        }
        let marked = MarkedText(testCase.wholeManifest ? testCase.images
            : "{\"version\": 1, \"output\": \"out\",\n\"images\": [\n\(testCase.images)]}")
        if marked.hasMarker("1️⃣") { positions["‹1›"] = marked.position("1️⃣") }
        try marked.text.write(to: manifest, atomically: true, encoding: .utf8)
        let expected = testCase.expected.map { text in
            positions.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
        let outside = Harness.files(under: work).filter { !$0.hasPrefix("out/") }

        for command in ["check", "build"] {
            let run = try Harness.assetc([command], in: work)
            #expect(!run.signaled && run.status == testCase.status, "\(testCase) \(command): \(run.status) \(run.stderr)")
            for text in expected {
                #expect(run.stderr.contains(text), "\(testCase) \(command): '\(text)' not in: \(run.stderr)")
            }
        }
        #expect(Harness.files(under: work).filter { !$0.hasPrefix("out/") } == outside, "\(testCase): wrote outside out/")
        for escaped in ["evil.bundle", "out/evil.bundle", "out/evil.png", "../evil.bundle"] {
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent(escaped).path), "\(testCase): \(escaped)")
        }
        let outputs = Harness.files(under: output).filter { !$0.hasPrefix(".assetc/") }
        #expect(outputs == before.keys.sorted().filter { !$0.hasPrefix(".assetc/") }, "\(testCase): the output tree changed")
        for (file, content) in before {
            #expect(try Harness.read(output.appendingPathComponent(file)) == content, "\(testCase): \(file) changed")
        }
    }

    /// Disk full, simulated: a file-size limit makes every write past 1 KiB fail (EFBIG) the way a
    /// full disk does (ENOSPC), mid-build; SIGXFSZ is ignored so the write returns the error.
    @Test func aWriteFailureMidBuildExitsThreeAndKeepsTheEarlierBuild() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        let first = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(first.status == 0)
        let output = work.appendingPathComponent("full/out")
        let before = try Harness.tree(under: output, excluding: Harness.isLock)
        let run = try Harness.run("/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" build full/assets.json --force",
                                              Harness.binary], in: work)
        #expect(!run.signaled && run.status == 3, "\(run.status) \(run.stderr)")
        // The error names the output file that could not be written, not the source PDF.
        #expect(run.stderr.contains("full/out/Resources/") && run.stderr.contains(".png: error: cannot write: File too large"),
                "\(run.stderr)")
        for (file, content) in before {
            #expect(try Harness.read(output.appendingPathComponent(file)) == content, "\(file) changed")
        }
        #expect(Harness.files(under: output).filter { $0.contains("staging") }.isEmpty)
        let again = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func aSecondBuildOnTheSameOutputIsRefusedWhileTheFirstHoldsTheLock() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        let state = work.appendingPathComponent("full/out/.assetc")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let held = try #require(try FileLock(path: state.appendingPathComponent("lock").path))
        let run = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("another assetc build is using this output folder"), "\(run.stderr)")
        withExtendedLifetime(held) {}
    }

    @Test func outputsNeverFollowALinkOutOfTheOutputFolderNorReplaceAFile() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        let elsewhere = work.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let output = work.appendingPathComponent("full/out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("Resources"), withDestinationURL: elsewhere)
        let linked = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(!linked.signaled && linked.status == 3, "\(linked.status) \(linked.stderr)")
        #expect(linked.stderr.contains("full/out"), "\(linked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "wrote through the link")

        // An output "folder" that is a file: refused with exit 3, the file untouched.
        let file = work.appendingPathComponent("taken")
        try Data("mine".utf8).write(to: file)
        let blocked = try Harness.assetc(["build", "full/assets.json", "--output", "taken"], in: work)
        #expect(!blocked.signaled && blocked.status == 3, "\(blocked.status) \(blocked.stderr)")
        #expect(blocked.stderr.contains("taken"), "\(blocked.stderr)")
        #expect(try Harness.read(file) == Array("mine".utf8))
    }

    @Test func sixteenBitPaletteAndGreySourcesAreAcceptedAndDecodedRight() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let sources: [(String, [UInt8], [UInt8])] = [
            // file, bytes, the RGBA every output pixel must have
            ("grey16@2x.png", PNGSamples.grey16, [0x80, 0x80, 0x80, 255]),
            ("palette@2x.png", PNGSamples.palette, [255, 0, 0, 255]),
            ("greyalpha@2x.png", PNGSamples.greyAlpha, [0x40, 0x40, 0x40, 0x80]),
        ]
        var images: [String] = []
        for (file, bytes, _) in sources {
            try Data(bytes).write(to: work.appendingPathComponent(file))
            images.append("{\"name\": \"\(file.prefix { $0 != "@" })\", \"source\": \"\(file)\", \"scales\": [1, 2]}")
        }
        try "{\"version\": 1, \"output\": \"out\", \"images\": [\(images.joined(separator: ","))]}"
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        for (file, _, pixel) in sources {
            let name = String(file.prefix { $0 != "@" })
            for (suffix, size) in [("", 4), ("@2x", 8)] {
                let decoded = try PNGCodec.decode(Harness.read(work.appendingPathComponent("out/Resources/\(name)\(suffix).png")))
                #expect(decoded.header.width == size && decoded.header.height == size, "\(name)\(suffix)")
                for index in stride(from: 0, to: decoded.image.pixels.count, by: 4) {
                    let got = Array(decoded.image.pixels[index..<index + 4])
                    #expect(got.enumerated().allSatisfy { abs(Int($0.element) - Int(pixel[$0.offset])) <= 1 },
                            "\(name)\(suffix): \(got) instead of \(pixel)")
                    if got != pixel { break }
                }
            }
        }
    }
}

