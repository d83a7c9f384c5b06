import AssetKit
import AssetPlatform
import Rendering
import Foundation
import Testing

/// Locations and process helpers for tests that run the real `assetc` binary.
enum Harness {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var fixtures: URL { packageRoot.appendingPathComponent("Tests/Fixtures") }

    /// The binary `swift build` produced next to the test bundle (ASSETC_BIN overrides).
    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["ASSETC_BIN"] { return override }
        let candidates = [".build/debug/assetc", ".build/x86_64-unknown-linux-gnu/debug/assetc",
                          ".build/aarch64-unknown-linux-gnu/debug/assetc"]
        for candidate in candidates {
            let path = packageRoot.appendingPathComponent(candidate).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return packageRoot.appendingPathComponent(candidates[0]).path
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var signaled: Bool
        /// stdout as bytes (a binary property list is not text).
        var stdoutBytes: [UInt8] = []
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                    environment extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // The callers' Python scripts run from Tests/Fixtures; no `__pycache__` is left beside them.
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        // The actool mode keeps its work in a cache (ActoolWorkFolder); tests leave nothing in
        // the home folder, so it is off unless a test gives one.
        if environment["ASSETC_CACHE_DIR"] == nil { environment["ASSETC_CACHE_DIR"] = "none" }
        // SwiftPM and the compiler leave `TemporaryDirectory.*` folders and lock files in TMPDIR
        // on every run; a nested `swift`/`swiftc` gets a TMPDIR inside the test's own folder,
        // which the test removes.
        if let directory, executable == "/usr/bin/env", ["swift", "swiftc"].contains(arguments.first ?? ""),
           extra["TMPDIR"] == nil {
            let scratch = directory.appendingPathComponent(".swift-tmp")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            environment["TMPDIR"] = scratch.path
        }
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a chatty process cannot fill the pipe and block.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self),
                   signaled: process.terminationReason == .uncaughtSignal, stdoutBytes: [UInt8](outData))
    }

    /// Whether this machine can give a command a pseudo-terminal (`script(1)` and `/dev/ptmx`):
    /// containers without devpts have none, and the colour test then says so instead of failing.
    static let hasPseudoTerminal: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return false }
        let descriptor = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }()

    static func assetc(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Run {
        try run(binary, arguments, in: directory, environment: environment)
    }

    /// What happened to an assetc run stopped with SIGTERM.
    struct Stopped {
        var wasRunning: Bool
        var exitedWithStatus: Int32?
        var stderr: String
        /// From the signal to the exit.
        var seconds: Double
    }

    /// Starts assetc in `directory`, sends SIGTERM after `delay` seconds and waits for it.
    static func terminate(_ arguments: [String], in directory: URL, after delay: Double) throws -> Stopped {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        let wasRunning = process.isRunning
        let signalled = Date()
        kill(process.processIdentifier, SIGTERM)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Stopped(wasRunning: wasRunning,
                       exitedWithStatus: process.terminationReason == .exit ? process.terminationStatus : nil,
                       stderr: stderr, seconds: Date().timeIntervalSince(signalled))
    }

    /// Render workers still running in `directory` (workers run in their build's folder; other tests' do not).
    static func renderWorkersLeft(in directory: URL) throws -> String {
        let script = "sleep 0.5; for p in $(pgrep -f '[r]ender-worker'); do readlink /proc/$p/cwd; done | grep -cx '\(directory.path)' || true"
        return try run("/bin/sh", ["-c", script]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func temporaryDirectory(_ name: String = #function) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("assetc-tests-\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes a folder `temporaryDirectory` made; every test defers this right after making one.
    static func removeTemporary(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// Every regular file below `root`, as sorted relative paths.
    static func files(under root: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var result: [String] = []
        for case let url as URL in enumerator {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                result.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
            }
        }
        return result.sorted()
    }

    /// Every regular file under `root` with its bytes, by relative path, less the ones `excluding`
    /// names: what a test compares to say a tree stayed byte for byte.
    static func tree(under root: URL, excluding: (String) -> Bool = { _ in false }) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for file in files(under: root) where !excluding(file) {
            result[file] = try read(root.appendingPathComponent(file))
        }
        return result
    }

    /// The output folder's lock file comes and goes with each build; trees are compared without it.
    static func isLock(_ file: String) -> Bool { file.hasSuffix("lock") }

    /// Build state changes with every build; trees of outputs are compared without it.
    static func isState(_ file: String) -> Bool { file.hasPrefix(".assetc/") }

    static func read(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    static func copyFixtures(to directory: URL) throws {
        for name in ["art", "full"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name),
                                              to: directory.appendingPathComponent(name))
        }
    }
}

/// A variant as listed in `asset-index.json`.
struct IndexEntry {
    var bundle: String
    var name: String
    var file: String
    var scale: Int
    var idiom: String
    var tall: Bool
    var pixels: [Int]
    var points: [Double]
    var bytes: Int
    var sha256: String
}

func readIndex(_ url: URL) throws -> [IndexEntry] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let bundles = try #require(object?["bundles"] as? [String: Any])
    var entries: [IndexEntry] = []
    for (bundle, value) in bundles {
        let images = try #require((value as? [String: Any])?["images"] as? [String: Any])
        for (name, list) in images {
            for item in try #require(list as? [[String: Any]]) {
                entries.append(IndexEntry(
                    bundle: bundle, name: name, file: try #require(item["file"] as? String),
                    scale: try #require(item["scale"] as? Int), idiom: try #require(item["idiom"] as? String),
                    tall: try #require(item["tall"] as? Bool), pixels: try #require(item["pixels"] as? [Int]),
                    points: try #require((item["points"] as? [NSNumber])?.map(\.doubleValue)),
                    bytes: try #require(item["bytes"] as? Int), sha256: try #require(item["sha256"] as? String)))
            }
        }
    }
    return entries.sorted { $0.file < $1.file }
}

/// Mean absolute difference of premultiplied RGBA, in units of 1/255.
func meanPremultipliedDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var total = 0
    var index = 0
    while index < a.pixels.count {
        let alphaA = Int(a.pixels[index + 3]), alphaB = Int(b.pixels[index + 3])
        for channel in 0..<3 {
            let pa = (Int(a.pixels[index + channel]) * alphaA + 127) / 255
            let pb = (Int(b.pixels[index + channel]) * alphaB + 127) / 255
            total += abs(pa - pb)
        }
        total += abs(alphaA - alphaB)
        index += 4
    }
    return Double(total) / Double(a.pixels.count)
}
