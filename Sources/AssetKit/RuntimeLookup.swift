import AssetPlatform
import CatalogInput
import Foundation
import ManifestInput
import Output
import Planning
import Rendering

/// `assetc resolve`: the run-time half asked at build time.
public enum RuntimeLookup {
    /// `assetc resolve`: what an app with `traits` would load for `name`, by the shipped table and
    /// the same resolver apps link.
    public static func resolve(_ name: String, traits: AssetTraits, bundle: String?,
                               outputDirectory: String) throws(BuildFailure) -> ResolvedImage {
        let tablePath = outputDirectory + "/Resources/" + AssetTable.fileName
        let table: AssetTable
        do {
            let bytes = try FileSystem.read(tablePath, limit: Limits.maximumJSONBytes)
            table = try AssetTable(data: Data(bytes))
        } catch let error as FileError {
            throw BuildFailure(.invalidInput, [.error(tablePath, .tableUnreadable(error, outputDirectory: outputDirectory))])
        } catch {
            throw BuildFailure(.invalidInput, [.error(tablePath, .init(relaying: String(describing: error)))])
        }
        if let bundle, !table.bundles.contains(where: { $0.name == bundle }) {
            throw BuildFailure(.invalidInput, [.error(tablePath, .noBundle(named: bundle, known: table.bundles.map(\.name)))])
        }
        guard let found = table.image(name, traits: traits, bundle: bundle) else {
            let anywhere = table.bundles.contains { (bundle == nil || $0.name == bundle) && $0.images[name] != nil }
            throw BuildFailure(.invalidInput, [.error(tablePath, anywhere ? .noVariantFits(name, traits: traits) : .noImage(named: name, inBundle: bundle))])
        }
        return found
    }
}

extension Diagnostic.Message {
    fileprivate static func tableUnreadable(_ error: FileError, outputDirectory: String) -> Diagnostic.Message { "cannot read the table: \(error.description); build into \(outputDirectory) first" }

    fileprivate static func noBundle(named bundle: String, known: [String]) -> Diagnostic.Message { "no bundle named '\(bundle)' (the table has \(known.joined(separator: ", ")))" }

    /// The image is in the table, but none of its variants is for these traits.
    fileprivate static func noVariantFits(_ name: String, traits: AssetTraits) -> Diagnostic.Message {
        let idiom = traits.idiom == .pad ? "ipad" : "iphone"
        return "no variant of '\(name)' fits @\(traits.scale)x \(idiom) \(traits.screenWidth)x\(traits.screenHeight)"
    }

    fileprivate static func noImage(named name: String, inBundle bundle: String?) -> Diagnostic.Message { "no image named '\(name)'\(bundle.map { " in bundle '\($0)'" } ?? "")" }
}
