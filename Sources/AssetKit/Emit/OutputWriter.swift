import Foundation

/// Owns the output folder: lock, staging, atomic moves into `Resources/`, index and state.
///
/// Every file is first written under `.assetc/` and renamed into place only after the whole build
/// rendered, so a failed build leaves the previous tree untouched and no reader sees a partial file.
struct OutputWriter {
    let root: String
    let options: BuildOptions
    let manifestPath: String

    var resourcesPath: String { root + "/Resources" }
    var statePath: String { root + "/.assetc" }

    init(root: String, options: BuildOptions, manifestPath: String) throws(BuildFailure) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.options = options
        self.manifestPath = manifestPath
    }

    private func fail(_ message: String, path: String? = nil) -> BuildFailure {
        BuildFailure(.outputFailure, [.error(path ?? root, message)])
    }

    func write(_ project: LoadedProject, progress: (@Sendable (Int, Int) -> Void)?) throws(BuildFailure) -> BuildReport {
        do {
            try FileSystem.makeDirectories(statePath, under: root)
        } catch {
            throw fail("cannot prepare output folder: \(error.message)")
        }
        let lock: FileLock?
        do {
            lock = try FileLock(path: statePath + "/lock")
        } catch {
            throw fail(error.message)
        }
        guard let lock else {
            throw BuildFailure(.locked, [.error(root, "another assetc build is using this output folder; wait for it to finish")])
        }
        defer { withExtendedLifetime(lock) {} }

        // Leftovers of an interrupted build are ours to clear.
        for name in FileSystem.list(statePath) where name.hasPrefix("staging") {
            FileSystem.removeTree(statePath + "/" + name)
        }
        let staging = statePath + "/staging-\(getpid())"
        do {
            try FileSystem.makeDirectories(staging, under: root)
        } catch {
            throw fail("cannot prepare output folder: \(error.message)")
        }
        defer { FileSystem.removeTree(staging) }

        let previous = (try? FileSystem.read(statePath + "/state.json")).map(BuildState.parse) ?? BuildState()
        let variants = project.plan.variants
        let keys = variants.map { cacheKey(for: $0, store: project.store) }

        // Reuse outputs whose key matches and whose file is still there at the recorded size.
        var reused: [Int: WrittenVariant] = [:]
        var toRender: [Int] = []
        for (index, variant) in variants.enumerated() {
            let relative = variant.outputPath
            if !options.force, let old = previous.outputs[relative], old.key == keys[index],
               fileSize(root + "/" + relative) == old.bytes {
                reused[index] = WrittenVariant(variant: variant, bytes: old.bytes, sha256: old.sha256)
            } else {
                toRender.append(index)
            }
        }

        var renderer = ParallelRenderer(jobs: options.jobs, store: project.store, encoder: options.encoder,
                                        stagingDirectory: staging, pixelBudget: options.pixelBudget, progress: progress)
        renderer.isCancelled = options.isCancelled
        let results = renderer.run(toRender.map { variants[$0] })
        if options.isCancelled() {
            throw BuildFailure(.interrupted, [.error(root, "build interrupted; the previous outputs are unchanged and the next build finishes the job")])
        }
        var diagnostics: [Diagnostic] = []
        var staged: [Int: StagedVariant] = [:]
        for (position, result) in results.enumerated() {
            let variant = variants[toRender[position]]
            switch result {
            case .success(let value):
                staged[toRender[position]] = value
            case .failure(let error):
                diagnostics.append(.error(variant.source.path, "\(variant.fileName): \(error.message)"))
                diagnostics.append(.note(manifestPath, at: variant.manifestLocation, "variant of '\(variant.name)' declared here"))
            }
        }
        if !diagnostics.isEmpty {
            let writeFailure = diagnostics.contains { $0.message.contains("cannot write") || $0.message.contains("cannot create") }
            throw BuildFailure(writeFailure ? .outputFailure : .invalidInput, diagnostics)
        }

        // The budget is checked before anything is moved, so a build over it changes nothing.
        let planned = variants.indices.compactMap { reused[$0] ?? staged[$0]?.written }
        let sizes = SizeReport(planned, budget: project.plan.manifest.budget?.maxBytes)
        if sizes.isOverBudget, let budget = project.plan.manifest.budget {
            throw BuildFailure(.overBudget, [overBudget(sizes, budget: budget)])
        }

        // Commit: move staged files into place, then remove outputs the manifest no longer makes.
        var state = BuildState(sources: project.store.records())
        var written: [WrittenVariant] = []
        for (index, variant) in variants.enumerated() {
            let relative = variant.outputPath
            let entry: WrittenVariant
            if let reuse = reused[index] {
                entry = reuse
            } else if let stagedVariant = staged[index] {
                entry = stagedVariant.written
                let target = root + "/" + relative
                do throws(SourceError) {
                    try FileSystem.makeDirectories(parent(of: target), under: root)
                    if previous.outputs[relative]?.sha256 == entry.sha256, fileSize(target) == entry.bytes {
                        // Same bytes as before (e.g. --force): keep the file and its timestamp.
                        FileSystem.remove(stagedVariant.stagedPath)
                    } else {
                        if FileSystem.kind(target) == .symlink || FileSystem.kind(target) == .directory {
                            throw SourceError("'\(target)' is a link or folder; assetc will not replace it")
                        }
                        try FileSystem.rename(stagedVariant.stagedPath, to: target)
                    }
                } catch {
                    throw fail(error.message)
                }
            } else {
                continue
            }
            written.append(entry)
            state.outputs[relative] = BuildState.Output(key: keys[index], bytes: entry.bytes, sha256: entry.sha256)
        }
        var removed: [String] = []
        for relative in previous.outputs.keys.sorted() where state.outputs[relative] == nil {
            let path = root + "/" + relative
            guard FileSystem.kind(path) == .file else { continue }
            FileSystem.remove(path)
            FileSystem.pruneEmptyDirectories(from: parent(of: path), upTo: root)
            removed.append(relative)
        }
        do {
            try FileSystem.makeDirectories(resourcesPath, under: root)
            // The index is the build's stamp (the target of --depfile): it gets a fresh mtime on every
            // successful build, even when unchanged, so Make sees the build as done.
            let indexPath = root + "/asset-index.json"
            if !(try writeAtomically(AssetIndex.make(written, manifest: project.plan.manifest).serialized(),
                                     to: indexPath, staging: staging)) {
                FileSystem.touch(indexPath)
            }
            try writeAtomically(sizes.serialized(), to: root + "/report.json", staging: staging)
            try writeAtomically(InfoPlist.serialize(InfoPlist.make(manifest: project.plan.manifest, variants: variants)),
                                to: root + "/partial-Info.plist", staging: staging)
            try writeAtomically(state.serialized(), to: statePath + "/state.json", staging: staging)
        } catch {
            throw fail(error.message)
        }
        return BuildReport(outputDirectory: root, variants: written, rendered: staged.count, removed: removed,
                           warnings: [], seconds: 0, sizes: sizes)
    }

    private func overBudget(_ sizes: SizeReport, budget: SizeBudget) -> Diagnostic {
        let largest = sizes.groups.filter { $0.name != SizeReport.outsideBundle }.flatMap(\.files)
            .sorted { ($1.bytes, $0.path) < ($0.bytes, $1.path) }.prefix(5)
            .map { "\($0.path) \(SizeReport.format($0.bytes))" }
        return .error(manifestPath, at: budget.location,
                      "Resources/ would be \(sizes.resourcesBytes) bytes (\(SizeReport.format(sizes.resourcesBytes))), "
                        + "over the budget of \(budget.maxBytes) bytes by \(sizes.resourcesBytes - budget.maxBytes); "
                        + "nothing was changed. Largest files: \(largest.joined(separator: ", "))")
    }

    /// Replaces `path` with `text` by rename; leaves it alone (and its mtime, for Make) when unchanged.
    /// Returns whether it wrote.
    @discardableResult
    private func writeAtomically(_ text: String, to path: String, staging: String) throws(SourceError) -> Bool {
        let bytes = Array(text.utf8)
        if FileSystem.kind(path) == .file, let existing = try? FileSystem.read(path), existing == bytes { return false }
        let temporary = staging + "/" + (path.split(separator: "/").last.map(String.init) ?? "file")
        try FileSystem.replaceAtomically(path, bytes, temporary: temporary)
        return true
    }

    private func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Everything that determines a variant's bytes. A change in any of them re-renders it.
    func cacheKey(for variant: Variant, store: SourceStore) -> String {
        let sourceHash = (try? store.sha256(variant.source.path)) ?? "unreadable"
        let placement = variant.placement
        let background = variant.background.map { "\($0.red),\($0.green),\($0.blue),\($0.alpha)" } ?? "none"
        let text = [
            "assetc \(AssetcVersion.current)", sourceHash, variant.source.kind.rawValue, "\(variant.source.page)",
            "\(variant.pixelWidth)x\(variant.pixelHeight)",
            "\(placement.scaleX),\(placement.scaleY),\(placement.offsetX),\(placement.offsetY)",
            background, options.encoder.cacheKey, "tables \(DeviceTables.version)",
        ].joined(separator: "|")
        return sha256Hex(Array(text.utf8))
    }
}
