import AssetKit
import Foundation
import Testing

/// The runtime half through the real binary: build, then `assetc resolve` for a grid of devices.
@Suite struct RuntimeTests {
    /// Tall images, per-idiom images, images at some scales only, one name in two bundles.
    static let manifest = """
    {"version": 1, "output": "out", "scales": [1, 2],
     "bundles": [{"name": "Checkout", "path": "Checkout.bundle"}, {"name": "Extras", "path": "Extras.bundle"}],
     "images": [
       {"name": "Background", "source": "art/star-fill.pdf", "size": [320, 480], "fit": "fill", "tall": true},
       {"name": "Logo", "source": "art/feedly.pdf", "size": [64, 64], "idioms": ["iphone", "ipad"]},
       {"name": "Header", "source": "art/cleanup.pdf", "size": [40, 20], "scales": [3]},
       {"name": "Small", "source": "art/cleanup.pdf", "size": [20, 20], "scales": [1]},
       {"name": "Card", "source": "art/certificate.pdf", "size": [30, 20], "scales": [2]},
       {"name": "Card", "source": "art/certificate.pdf", "size": [30, 20], "scales": [2, 3], "bundle": "Checkout"},
       {"name": "Pay", "source": "art/newsblur.pdf", "size": [24, 24], "bundle": "Extras"},
       {"name": "PadOnly", "source": "art/newsblur.pdf", "size": [24, 24], "idioms": ["ipad"]}
     ]}
    """

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var device: String
        var arguments: [String]
        var expected: String?
        var description: String { "\(name) on \(device)" }
    }

    static let iPhone4 = ["--scale", "2", "--idiom", "iphone", "--screen", "320x480"]
    static let iPhone5 = ["--scale", "2", "--idiom", "iphone", "--screen", "320x568"]
    static let iPhone6 = ["--scale", "2", "--idiom", "iphone", "--screen", "375x667"]
    static let iPhone6Plus = ["--scale", "3", "--idiom", "iphone", "--screen", "414x736"]
    static let iPhoneX = ["--scale", "3", "--idiom", "iphone", "--screen", "375x812"]
    static let iPad2 = ["--scale", "1", "--idiom", "ipad", "--screen", "1024x768"]
    static let iPadAir = ["--scale", "2", "--idiom", "ipad", "--screen", "768x1024"]

    static let cases: [Case] = [
        Case(name: "Background", device: "iPhone 4", arguments: iPhone4, expected: "Background@2x.png"),
        Case(name: "Background", device: "iPhone 5", arguments: iPhone5, expected: "Background-568h@2x.png"),
        Case(name: "Background", device: "iPhone 6", arguments: iPhone6, expected: "Background@2x.png"),
        Case(name: "Background", device: "iPhone 6 Plus", arguments: iPhone6Plus, expected: "Background@2x.png"),
        Case(name: "Background", device: "iPhone X", arguments: iPhoneX, expected: "Background@2x.png"),
        Case(name: "Background", device: "iPad 2", arguments: iPad2, expected: "Background.png"),
        Case(name: "Logo", device: "iPhone 5", arguments: iPhone5, expected: "Logo@2x~iphone.png"),
        Case(name: "Logo", device: "iPhone 6 Plus", arguments: iPhone6Plus, expected: "Logo@2x~iphone.png"),
        Case(name: "Logo", device: "iPad 2", arguments: iPad2, expected: "Logo~ipad.png"),
        Case(name: "Logo", device: "iPad Air", arguments: iPadAir, expected: "Logo@2x~ipad.png"),
        Case(name: "Header", device: "iPhone 4", arguments: iPhone4, expected: "Header@3x.png"),
        Case(name: "Small", device: "iPhone X", arguments: iPhoneX, expected: "Small.png"),
        Case(name: "Card", device: "iPhone 6 Plus", arguments: iPhone6Plus, expected: "Card@2x.png"),
        Case(name: "Card", device: "iPhone 6 Plus in Checkout", arguments: iPhone6Plus + ["--bundle", "Checkout"],
             expected: "Checkout.bundle/Card@3x.png"),
        Case(name: "Pay", device: "iPhone 6", arguments: iPhone6, expected: "Extras.bundle/Pay@2x.png"),
        Case(name: "Pay", device: "iPhone 6 in main", arguments: iPhone6 + ["--bundle", "main"], expected: nil),
        Case(name: "Missing", device: "iPhone 6", arguments: iPhone6, expected: nil),
        Case(name: "PadOnly", device: "iPad Air", arguments: iPadAir, expected: "PadOnly@2x~ipad.png"),
        Case(name: "PadOnly", device: "iPhone 6", arguments: iPhone6, expected: nil),
    ]

    /// One build, then every case of the grid (a build per case would cost a build per row).
    @Test func resolvesLikeUIKitAndShipsASmallDeterministicTable() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art"), to: work.appendingPathComponent("art"))
        try Self.manifest.write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let build = try Harness.assetc(["build", "assets.json"], in: work)
        try #require(build.status == 0, "\(build.stderr)")
        for testCase in Self.cases {
            let run = try Harness.assetc(["resolve", testCase.name, "out"] + testCase.arguments, in: work)
            if let expected = testCase.expected {
                #expect(run.status == 0, "\(testCase): \(run.stderr)")
                #expect(run.stdout == expected + "\n", "\(testCase)")
                #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources/" + expected).path), "\(testCase)")
            } else {
                #expect(run.status == 1, "\(testCase)")
                #expect(run.stdout.isEmpty, "\(testCase)")
                let why = testCase.name == "PadOnly" ? "no variant of 'PadOnly' fits @2x iphone 375x667" : "no image named '\(testCase.name)'"
                #expect(run.stderr.contains("asset-table.json: error: " + why), "\(testCase): \(run.stderr)")
            }
        }
        let table = try Harness.read(work.appendingPathComponent("out/Resources/asset-table.json"))
        let index = try readIndex(work.appendingPathComponent("out/asset-index.json"))
        #expect(Double(table.count) / Double(index.count) <= 64, "\(table.count) bytes for \(index.count) variants")
        let again = try Harness.assetc(["build", "assets.json", "--output", "out2"], in: work)
        #expect(again.status == 0)
        #expect(try Harness.read(work.appendingPathComponent("out2/Resources/asset-table.json")) == table)
    }

    @Test func noTableIsAClearError() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let run = try Harness.assetc(["resolve", "A", "nowhere"] + Self.iPhone6, in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("nowhere/Resources/asset-table.json: error: cannot read the table"), "\(run.stderr)")
    }
}
