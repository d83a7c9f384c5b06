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
            throw BuildFailure(.invalidInput, [.error(tablePath, "cannot read the table: \(error.description); build into \(outputDirectory) first")])
        } catch {
            throw BuildFailure(.invalidInput, [.error(tablePath, "\(error)")])
        }
        if let bundle, !table.bundles.contains(where: { $0.name == bundle }) {
            let known = table.bundles.map(\.name).joined(separator: ", ")
            throw BuildFailure(.invalidInput, [.error(tablePath, "no bundle named '\(bundle)' (the table has \(known))")])
        }
        guard let found = table.image(name, traits: traits, bundle: bundle) else {
            let idiom = traits.idiom == .pad ? "ipad" : "iphone"
            let anywhere = table.bundles.contains { (bundle == nil || $0.name == bundle) && $0.images[name] != nil }
            let why = anywhere ? "no variant of '\(name)' fits @\(traits.scale)x \(idiom) \(traits.screenWidth)x\(traits.screenHeight)"
                : "no image named '\(name)'\(bundle.map { " in bundle '\($0)'" } ?? "")"
            throw BuildFailure(.invalidInput, [.error(tablePath, why)])
        }
        return found
    }
}
