import AssetModel
import AssetPlatform

/// The files written beside the images from the plan and what was written: `asset-index.json`,
/// `Resources/asset-table.json`, `report.json`, `report.html`, `partial-Info.plist`. One function for the build's
/// commit and for `assetc assemble`, so both trees are the same bytes.
public enum MetadataFiles {
    /// The files written beside the images, relative to the output folder (and the build state).
    static let names = ["asset-index.json", "Resources/asset-table.json", "report.json", "report.html",
                        "partial-Info.plist", ".assetc/state.json"]

    public typealias Writer = ([UInt8], String) throws(OutputError) -> Bool

    /// Which of them a build writes.
    public enum Selection: Sendable {
        /// All: a resource tree people and apps read.
        case all
        /// The partial Info.plist alone: the actool mode's private tree, of which only the car, the
        /// loose icons and the plist are placed. The index (3 MB), the table, report.json and
        /// report.html (1.6 MB) at 2,000 sets were 11% of a one-change rebuild, read by nobody.
        case partialInfoPlistOnly
    }

    public static func write(_ plan: BuildPlan, written: [WrittenVariant], sizes: SizeReport, root: String,
                             selection: Selection = .all, writer: Writer) throws(OutputError) {
        if case .partialInfoPlistOnly = selection {
            _ = try writer(Array(InfoPlist.serialize(InfoPlist.make(plan.infoPlist, variants: plan.variants)).utf8),
                           root + "/partial-Info.plist")
            return
        }
        // The index is the build's stamp (the target of --depfile): it gets a fresh mtime on every
        // successful build, even when unchanged, so Make sees the build as done.
        let indexPath = root + "/asset-index.json"
        if !(try writer(AssetIndex.make(written, bundles: plan.bundles, catalog: plan.catalogRecords, symbolsInCar: plan.compiledCatalog != nil).serializedBytes(), indexPath)) {
            FileSystem.touch(indexPath)
        }
        _ = try writer(RuntimeTable.make(plan.variants, bundles: plan.bundles, catalog: plan.catalogRecords).compactBytes(),
                       root + "/Resources/" + RuntimeTable.fileName)
        _ = try writer(Array(ReportFile.serialize(sizes).utf8), root + "/report.json")
        _ = try writer(Array(ContactSheet.make(plan, written: written).utf8), root + "/report.html")
        _ = try writer(Array(InfoPlist.serialize(InfoPlist.make(plan.infoPlist, variants: plan.variants)).utf8),
                       root + "/partial-Info.plist")
    }
}

/// `assetc render` and `assetc assemble`: build-engine actions that write into an output tree
/// without the build's lock, staging or state — the engine (Ninja, Make, Bazel) owns scheduling,
/// and each action writes only its own declared outputs, each by rename so none is seen half-written.
public enum ActionOutputs {
    /// Writes one rendered file at `relative` (an output path) below `root`.
    public static func place(_ bytes: [UInt8], at relative: String, root: String, source: String) throws(OutputError) {
        guard OutputPath.isValid(relative) else {
            throw .cannotWrite(file: root + "/" + relative,
                               FileError(.write, path: relative, reason: .system(code: 0, description: "not an output path")), source: source)
        }
        let path = root + "/" + relative
        let folder = FilePath(path).folder.string
        do throws(FileError) {
            try FileSystem.makeDirectories(folder, under: root)
        } catch {
            throw error.reason == .symbolicLink ? .inTheWay(path: error.path, .symbolicLink) : .cannotWrite(file: path, error, source: source)
        }
        switch FileSystem.kind(path) {
        case .missing, .file: break
        case .symlink: throw .inTheWay(path: path, .symbolicLink)
        case .directory: throw .inTheWay(path: path, .folder)
        case .other: throw .inTheWay(path: path, .other)
        }
        do throws(FileError) {
            try replaceOrTouch(path, bytes)
        } catch {
            throw .cannotWrite(file: path, error, source: source)
        }
    }

    /// Writes the file unless it already holds these bytes, and then only updates its modification
    /// time. An engine reruns an action whose outputs are older than its inputs: a source edited
    /// without changing its pixels (a comment in a PDF) gives the same PNG, which, left with its
    /// old time, made Ninja and Make rerun the render on every call.
    @discardableResult
    static func replaceOrTouch(_ path: String, _ bytes: [UInt8]) throws(FileError) -> Bool {
        let changed = try FileSystem.replaceIfChanged(path, bytes)
        if !changed { FileSystem.touch(path) }
        return changed
    }

    /// Checks the budget and writes the metadata files for `written` (read back from the tree).
    public static func assemble(_ plan: BuildPlan, written: [WrittenVariant], derived: [DerivedOutput] = [], root: String,
                                budgetLocation: String) throws(OutputError) -> SizeReport {
        let sizes = SizeReport(written, derived: derived.map { SizeReport.File(path: $0.relativePath, bytes: $0.bytes) },
                               budget: plan.budget?.maxBytes)
        if sizes.isOverBudget, let budget = plan.budget {
            throw .overBudget(OutputTransaction.overBudget(sizes, budget: budget, manifestPath: budgetLocation))
        }
        do throws(FileError) {
            try FileSystem.makeDirectories(root + "/Resources", under: root)
        } catch {
            throw .cannotWrite(file: root + "/Resources", error)
        }
        for file in derived {
            if let content = file.content { try place(content, at: file.relativePath, root: root, source: plan.inputPath) }
        }
        // Every declared output of the action ends newer than its inputs, changed or not (see
        // `replaceOrTouch`).
        try MetadataFiles.write(plan, written: written, sizes: sizes, root: root) { bytes, path throws(OutputError) in
            do throws(FileError) {
                return try replaceOrTouch(path, bytes)
            } catch {
                throw .cannotWrite(file: path, error)
            }
        }
        return sizes
    }
}
