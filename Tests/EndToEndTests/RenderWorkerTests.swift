import AssetKit
import AssetModel
import Foundation
import Rendering
import Testing

/// Renders run in supervised worker processes: a render that outlives its time budget or its
/// memory budget costs only its variant, and SIGTERM stops a build stuck in a long render at once.
/// `hostile/slow.pdf` (made by `make_slow_pdf.py` beside it) takes pdftocairo about two minutes.
@Suite struct RenderWorkerTests {
    private func workspace(_ name: String = #function) throws -> URL {
        let work = try Harness.temporaryDirectory(name)
        for file in ["art/star-fill.pdf", "hostile/slow.pdf"] {
            try FileManager.default.copyItem(at: Harness.fixtures.appendingPathComponent(file),
                                              to: work.appendingPathComponent(String(file.split(separator: "/").last!)))
        }
        try #"{"version": 1, "output": "out", "images": [{"name": "Star", "source": "star-fill.pdf"}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let first = try Harness.assetc(["build"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        try #"{"version": 1, "output": "out", "images": [{"name": "Star", "source": "star-fill.pdf"}, {"name": "Slow", "source": "slow.pdf", "scales": [1]}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        return work
    }

    private func snapshot(_ output: URL) throws -> [String: [UInt8]] {
        try Harness.tree(under: output, excluding: Harness.isLock)
    }

    @Test func aRenderOverItsTimeBudgetFailsNamingTheSourceAndKeepsTheEarlierTree() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        let output = work.appendingPathComponent("out")
        let before = try snapshot(output)
        #expect(try Harness.assetc(["check"], in: work).status == 0, "check cannot see a slow render coming")
        let start = Date()
        let run = try Harness.assetc(["build", "--render-timeout", "2"], in: work)
        let seconds = Date().timeIntervalSince(start)
        #expect(!run.signaled && run.status == 1, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("slow.pdf: error: Slow.png: rendering (page 1) took longer than the limit of 2.0 s"), "\(run.stderr)")
        #expect(seconds < 30, "took \(seconds) s")
        let after = try snapshot(output)
        #expect(after == before, "the earlier tree changed")
    }

    /// The budget can live in the manifest; the command line still wins over it.
    @Test func theManifestSetsTheTimeBudget() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        try #"{"version": 1, "output": "out", "render": {"timeoutSeconds": 1.5}, "images": [{"name": "Slow", "source": "slow.pdf", "scales": [1]}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build"], in: work)
        #expect(run.status == 1 && run.stderr.contains("took longer than the limit of 1.5 s"), "\(run.stderr)")
        let cli = try Harness.assetc(["build", "--render-timeout", "2"], in: work)
        #expect(cli.status == 1 && cli.stderr.contains("took longer than the limit of 2.0 s"), "\(cli.stderr)")
        try #"{"version": 1, "render": {"timeoutSeconds": 0, "memoryMiB": 10}, "images": []}"#
            .write(to: work.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try Harness.assetc(["check", "bad.json"], in: work)
        #expect(bad.status == 1 && bad.stderr.contains("\"timeoutSeconds\" of \"render\"") && bad.stderr.contains("\"memoryMiB\" of \"render\""),
                "\(bad.stderr)")
    }

    @Test func aRenderOverItsMemoryBudgetFailsNamingTheSource() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        // 64 MiB of address space cannot hold a 5000 x 5000 surface (100 MB).
        try #"{"version": 1, "output": "out", "images": [{"name": "Big", "source": "star-fill.pdf", "size": [5000, 5000], "scales": [1]}]}"#
            .write(to: work.appendingPathComponent("assets.json"), atomically: true, encoding: .utf8)
        let run = try Harness.assetc(["build", "--render-memory", "64"], in: work)
        #expect(!run.signaled && run.status == 1, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("star-fill.pdf: error: Big.png: "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out/Resources/Big.png").path))
        let roomy = try Harness.assetc(["build"], in: work)
        #expect(roomy.status == 0, "\(roomy.stderr)")
    }

    @Test func sigtermDuringALongRenderExitsFiveWithinSeconds() throws {
        let work = try workspace()
        defer { Harness.removeTemporary(work) }
        let output = work.appendingPathComponent("out")
        let before = try snapshot(output)
        let stopped = try Harness.terminate(["build"], in: work, after: 1.5)
        #expect(stopped.wasRunning, "the slow render finished before the signal")
        #expect(stopped.exitedWithStatus == 5, "\(stopped.stderr)")
        #expect(stopped.seconds < 3, "exit took \(stopped.seconds) s after SIGTERM")
        let after = try snapshot(output)
        #expect(after == before, "the earlier tree changed")
        // No worker outlives its build.
        #expect(try Harness.renderWorkersLeft(in: work) == "0", "render workers left running")
    }

    /// A 16-pixel render of `path`'s first page, whose size is `page`.
    static func starVariant(_ path: String, page: PointSize) -> Variant {
        Variant(name: "Star", relativePath: "Star.png", fileName: "Star.png", scale: 1, tall: false,
                pointSize: PointSize(width: 16, height: 16), pixelWidth: 16, pixelHeight: 16,
                source: ResolvedSource(path: path, kind: .pdf, page: 1), contentSize: page,
                placement: Placement(scaleX: 16 / page.width, scaleY: 16 / page.height, offsetX: 0, offsetY: 0),
                origin: .manifest(SourceLocation(line: 1, column: 1)))
    }

    /// The worker planning started to read a changed PDF is not stopped when planning ends: it waits
    /// on the build's shelf, and the renders take it instead of starting another (a worker's start
    /// is a twentieth of a one-PDF rebuild in the actool mode). One started for other budgets is not taken.
    @Test func planningsIdleWorkerIsTakenByTheRenders() throws {
        let star = Harness.fixtures.appendingPathComponent("art/star-fill.pdf").path
        let shelf = WorkerShelf()
        let page: PointSize
        do {
            let supervisor = SourceSupervisor(executable: Harness.binary, timeLimit: 60, memoryLimit: 1 << 30, fontsDirectory: nil,
                                              shelf: shelf, isCancelled: { false })
            page = try #require(try supervisor.pdfFacts(path: star, pages: [1]).pageSizes[1])
        }
        #expect(shelf.count == 1, "the supervisor's idle worker waits on the shelf")
        let variant = Self.starVariant(star, page: page)
        var other = WorkerPool(BatchSettings(jobs: 1, encoder: PNGEncoderSettings(), pixelBudget: .max), executable: Harness.binary, timeLimit: 60, memoryLimit: 2 << 30)
        other.shelf = shelf
        #expect(other.run([variant], sink: { (_: Int, _: [UInt8], _: String) throws(FileError) in }).allSatisfy { (try? $0.get()) != nil })
        #expect(shelf.count == 1, "a pool of another memory budget starts its own worker")
        var pool = WorkerPool(BatchSettings(jobs: 2, encoder: PNGEncoderSettings(), pixelBudget: .max), executable: Harness.binary, timeLimit: 60, memoryLimit: 1 << 30)
        pool.shelf = shelf
        let results = pool.run([variant], sink: { (_: Int, _: [UInt8], _: String) throws(FileError) in })
        #expect(results.count == 1 && results.allSatisfy { (try? $0.get()) != nil }, "\(results.map { "\($0)" })")
        #expect(shelf.count == 0, "the render took the waiting worker")
    }

    /// A worker that died while it waited on the shelf (killed from outside here) is replaced once
    /// by the render that takes it, not made the render's failure.
    @Test func aShelvedWorkerThatDiedIsReplaced() throws {
        let star = Harness.fixtures.appendingPathComponent("art/star-fill.pdf").path
        // A fonts folder of this test's own: its path in the worker's arguments finds it, and no other test's.
        let fonts = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(fonts) }
        let shelf = WorkerShelf()
        let page: PointSize
        do {
            let supervisor = SourceSupervisor(executable: Harness.binary, timeLimit: 60, memoryLimit: 1 << 30, fontsDirectory: fonts.path,
                                              shelf: shelf, isCancelled: { false })
            page = try #require(try supervisor.pdfFacts(path: star, pages: [1]).pageSizes[1])
        }
        #expect(shelf.count == 1)
        var killed = 0
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = Int32(entry), let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                  String(decoding: command, as: UTF8.self).contains(fonts.path) else { continue }
            kill(pid, SIGKILL)
            killed += 1
        }
        #expect(killed == 1, "the waiting worker was found by its arguments")
        Thread.sleep(forTimeInterval: 0.2)
        let variant = Self.starVariant(star, page: page)
        var pool = WorkerPool(BatchSettings(jobs: 1, encoder: PNGEncoderSettings(), pixelBudget: .max), executable: Harness.binary, timeLimit: 60, memoryLimit: 1 << 30)
        pool.fontsDirectory = fonts.path
        pool.shelf = shelf
        let results = pool.run([variant], sink: { (_: Int, _: [UInt8], _: String) throws(FileError) in })
        #expect(shelf.count == 0, "the render took the dead worker")
        #expect(results.count == 1 && results.allSatisfy { (try? $0.get()) != nil }, "\(results.map { "\($0)" })")
    }
}
