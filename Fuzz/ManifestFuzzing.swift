import AssetKit
import ManifestInput

/// Any bytes through the manifest decoder must give a manifest or diagnostics, never a crash, a trap
/// or a stack overflow; diagnostics must name the manifest and carry valid locations.
func fuzzManifest(_ bytes: [UInt8]) {
    do {
        let (manifest, _) = try ManifestDecoder.decode(bytes, path: "fuzz.json", directory: "/nonexistent")
        // Everything derived without I/O must hold up too.
        _ = Pipeline.outputDirectory(for: manifest, override: nil)
    } catch {
        for diagnostic in error.diagnostics {
            precondition(diagnostic.path == "fuzz.json", "diagnostic without the manifest path")
            if let location = diagnostic.location {
                precondition(location.line >= 1 && location.column >= 1, "location out of range")
            }
        }
    }
}
