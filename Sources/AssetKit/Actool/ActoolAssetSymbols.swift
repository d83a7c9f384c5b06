import AssetModel
import AssetPlatform
import CatalogInput
import CodeGeneration
import Reports

/// swift-build's GenerateAssetSymbols task runs actool with `--generate-swift-asset-symbols`,
/// `--generate-objc-asset-symbols` and `--generate-asset-symbol-index` beside the compile task's
/// own `--compile`, partial Info.plist and dependency-info paths, which its LinkAssetCatalog task
/// fills from the other run. So, as real actool does, this run reads the catalogs, reports what
/// they say, and writes only the symbol files asked for: no car, no plist, no dependency file.
enum ActoolAssetSymbols {
    static func run(_ invocation: ActoolInvocation, request: CatalogRequest, catalogs: [String], results: inout ActoolResults) {
        var contents: [(path: String, contents: CatalogContents)] = []
        var diagnostics: [Diagnostic] = []
        for path in request.paths {
            let read = CatalogReader(platform: request.platform).read(CatalogSpec(path: path, location: .notInAFile), path: path)
            contents.append((path, read.contents))
            diagnostics += read.diagnostics
        }
        results.add(diagnostics)
        if results.hasErrors { return }

        let symbols = invocation.assetSymbols
        var options = symbols.options
        if !symbols.frameworks.isEmpty { options.frameworks = symbols.frameworks }
        options.backwardsDeployment = symbols.backwardsDeployment
            ?? AssetSymbolOptions.needsBackwardsDeployment(platform: invocation.platform,
                                                           deploymentTarget: request.deploymentTarget)
        let tree = AssetSymbolTree(catalogs: contents)
        var files: [(path: String, text: String)] = []
        if let path = symbols.swiftFile { files.append((path, SwiftAssetSymbols(tree: tree, options: options).text)) }
        if let path = symbols.objectiveCFile { files.append((path, ObjectiveCAssetSymbols(tree: tree, options: options).text)) }
        if let path = symbols.indexFile { files.append((path, AssetSymbolIndex(tree: tree).text)) }
        var written: [String] = []
        for (path, text) in files {
            let target = FileSystem.absolute(path)
            do throws(FileError) {
                let folder = FilePath(target).folder.string
                try FileSystem.makeDirectories(folder, under: folder)
                let bytes = Array(text.utf8)
                // The same bytes stay untouched, so the Swift compile after this task has nothing new.
                if (try? FileSystem.read(target, limit: bytes.count + 1)) != bytes {
                    try FileSystem.replaceAtomically(target, bytes)
                }
            } catch {
                results.entries.append(.init(.error, file: target, .cannotWriteAssetSymbols(error)))
                return
            }
            written.append(target)
        }
        results.outputFiles = written.sorted()
    }
}

extension Diagnostic.Message {
    fileprivate static func cannotWriteAssetSymbols(_ error: FileError) -> Diagnostic.Message { "cannot write the asset symbols: \(error)" }
}
