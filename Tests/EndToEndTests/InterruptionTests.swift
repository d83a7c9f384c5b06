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
}
