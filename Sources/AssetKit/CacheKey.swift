import AssetModel
import Rendering

/// Everything that determines a variant's bytes, hashed. A change in any of them re-renders it.
enum CacheKey {
    static func make(for variant: Variant, store: SourceStore, encoder: PNGEncoderSettings) -> String {
        var sourceHash = (try? store.sha256(variant.source.path)) ?? "unreadable"
        if variant.source.kind == .iconComposer {
            // An Icon Composer bundle is icon.json and the layer files it names.
            sourceHash += IconComposerSource.layerHashes(iconJSON: variant.source.path, store: store)
        }
        let placement = variant.placement
        let background = variant.background.map { "\($0.red),\($0.green),\($0.blue),\($0.alpha)" } ?? "none"
        let text = [
            "assetc \(AssetcVersion.current)", sourceHash, variant.source.kind.rawValue, "\(variant.source.page)",
            "\(variant.pixelWidth)x\(variant.pixelHeight)",
            "\(placement.scaleX),\(placement.scaleY),\(placement.offsetX),\(placement.offsetY)",
            background, encoder.cacheKey, "tables \(DeviceTables.version)", "toolchain \(Toolchain.current.fingerprint)",
        ].joined(separator: "|") + Self.renderRules(variant.source.kind)
        return sha256Hex(Array(text.utf8))
    }

    /// Changes in how a kind of source is drawn that neither the toolchain nor the encoder settings
    /// show: each re-renders what earlier builds made under the old rule.
    static func renderRules(_ kind: ResolvedSource.Kind) -> String {
        switch kind {
        case .svg: "|svg at 96 dpi"
        case .png: "|16-bit copied"
        case .iconComposer: "|icon composer flattened 1"
        default: ""
        }
    }
}
