import AssetKit
import AssetPlatform
import Rendering
import Foundation
import Testing

/// SIGINT and SIGTERM in the middle of rendering: exit 5, earlier outputs intact, next build finishes.
@Suite(.serialized) struct InterruptionTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalMidBuildLeavesTheEarlierOutputsAndTheNextBuildFinishes(signalNumber: Int32) throws {
        let work = try Harness.temporaryDirectory("interrupt\(signalNumber)")
        defer { Harness.removeTemporary(work) }
        try Harness.copyFixtures(to: work)
        let first = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        let output = work.appendingPathComponent("full/out")
        let before = try Harness.tree(under: output, excluding: Harness.isLock)

        // Add enough large variants that the build is still rendering when the signal arrives.
        let manifest = work.appendingPathComponent("full/assets.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        let big = (0..<24).map { #"{ "name": "Big\#($0)", "source": "../art/registration.pdf", "size": [600, 600], "scales": [3] }, "# }
        text = text.replacingOccurrences(of: #"{ "name": "Photo", "#, with: big.joined() + #"{ "name": "Photo", "#)
        try text.write(to: manifest, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Harness.binary)
        process.arguments = ["build", "full/assets.json", "--jobs", "2"]
        process.currentDirectoryURL = work
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until files are being staged, so the signal lands mid-render.
        let state = output.appendingPathComponent(".assetc")
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, process.isRunning {
            let staging = (try? FileManager.default.contentsOfDirectory(atPath: state.path))?.first { $0.hasPrefix("staging") }
            if let staging, let staged = try? FileManager.default.contentsOfDirectory(
                atPath: state.appendingPathComponent(staging).path), staged.count >= 2 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(process.isRunning, "the build finished before it could be interrupted")
        kill(process.processIdentifier, signalNumber)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by a signal instead of exiting")
        #expect(process.terminationStatus == 5, "\(stderr)")
        #expect(stderr.contains("interrupted"), "\(stderr)")
        for (file, content) in before {
            #expect(try Harness.read(output.appendingPathComponent(file)) == content, "\(file) changed")
        }
        #expect(!Harness.files(under: output).contains { $0.contains("Big") || $0.contains("staging") })

        let next = try Harness.assetc(["build", "full/assets.json"], in: work)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("52 variants (24 rendered, 28 up to date)"), "\(next.stderr)")
    }
    /// A signal while Assets.car is encoded (seconds for a large catalog) stops the build too:
    /// exit 5, no car, the earlier tree as it was. Before, the car step ran to the end and the
    /// build committed and exited 0.
    @Test func aSignalWhileTheCarIsEncodedStopsTheBuild() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let catalog = work.appendingPathComponent("A.xcassets")
        let count = 300
        for index in 0..<count {
            let set = catalog.appendingPathComponent("image\(index).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent("art/focus-icon@3x.png"), to: set.appendingPathComponent("a@3x.png"))
            try #"{"images": [{"idiom": "universal", "filename": "a@3x.png", "scale": "3x"}]}"#
                .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        }
        let first = try Harness.assetc(["build", "A.xcassets", "--output", "out", "--car", "-q"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        let output = work.appendingPathComponent("out")
        // Without the car, the next build renders nothing (the PNGs are kept) but encodes every
        // rendition again: seconds spent in the car step alone.
        try FileManager.default.removeItem(at: output.appendingPathComponent("Resources/Assets.car"))
        let before = try Harness.tree(under: output, excluding: Harness.isLock)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Harness.binary)
        process.arguments = ["build", "A.xcassets", "--output", "out", "--car", "-q"]
        process.currentDirectoryURL = work
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Every variant is up to date, so the car step starts at once; a moment into it, the signal.
        Thread.sleep(forTimeInterval: 1)
        #expect(process.isRunning, "the build finished before it could be interrupted")
        kill(process.processIdentifier, SIGTERM)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 5, "\(stderr)")
        #expect(stderr.contains("build interrupted; the previous outputs are unchanged"), "stopped in the car step, not while planning: \(stderr)")
        #expect(try Harness.tree(under: output, excluding: Harness.isLock) == before, "a stopped build changed the tree")
        let next = try Harness.assetc(["build", "A.xcassets", "--output", "out", "--car", "-v"], in: work)
        #expect(next.status == 0 && next.stderr.contains("0 rendered"), "\(next.stderr)")
    }
}
