import AssetModel
import CompiledCatalog
import Rendering
import Dispatch
import Synchronization

// Which PDF and SVG files the car keeps as vectors beside their bitmaps.
extension CarAssembler {
    /// The vector renditions a car holds: one per image name, idiom and appearance whose bitmaps
    /// were all drawn from one PDF or SVG (a single-scale slot), as actool keeps such a file beside
    /// its 1x/2x/3x bitmaps. A set with a PDF per scale gets bitmaps only.
    struct PDFVector {
        let slot: Slot
        let source: String

        var isSVG: Bool { ResolvedSource.Kind.forPath(source) == .svg }

        struct Slot: Hashable {
            let name: String
            let idiom: RenditionIdiom
            let appearance: RenditionAppearance
            /// 568 for a retina4 slot, whose PDF actool keeps as a vector of its own.
            let subtype: UInt16
        }
    }

    /// Where a slot's entry is written (its Contents.json and position): a value, not text made
    /// by printing the position (2% of the actool mode's one-change rebuild at 2,000 sets).
    private struct EntrySpot: Hashable {
        var contents: String?
        var location: SourceLocation?
    }

    /// A vector rendition's cache key: its file's hash and every field its bytes are written from.
    /// (The "encoded, copied" note counts bitmaps, as it did before vectors were cached.)
    static func vectorCacheKey(_ rendition: CompiledCatalog.Rendition, isSVG: Bool, sha256: String) -> String {
        sha256Hex(Array(("vector|\(writerVersion)|\(AssetcVersion.current)|\(isSVG ? "svg" : "pdf")|\(rendition.fileName)|"
            + "\(rendition.idiom.rawValue)|\(rendition.appearance.rawValue)|\(rendition.subtype)|\(sha256)").utf8))
    }

    static func pdfVectors(_ variants: [Variant], preservingVectors: Set<String> = []) -> [PDFVector] {
        // Each slot's sources and Contents.json entries; nil stands for a bitmap not drawn from a vector.
        var sources: [PDFVector.Slot: Set<String?>] = [:]
        var entries: [PDFVector.Slot: Set<EntrySpot>] = [:]
        var drawnFromPoints: Set<PDFVector.Slot> = []
        var pageInPoints: Set<PDFVector.Slot> = []
        // Slots drawn for a locale or a direction (`carTraits`) are not the set's own slot: they
        // get bitmaps alone, and leave the base slot's vector as it was (Immuni's sets).
        // A watch slot chosen by screen width alone is the set's own slot of that subtype.
        for variant in variants where variant.role == .image && (variant.carTraits == nil || variant.carTraits?.isWatchScreenWidthAlone == true) {
            let subtype = variant.tall ? 568 : variant.carTraits?.attributes[RenditionAttribute.subtype.rawValue] ?? 0
            let slot = PDFVector.Slot(name: variant.name, idiom: idiom(variant), appearance: appearance(variant), subtype: subtype)
            sources[slot, default: []].insert(variant.source.kind == .pdf || variant.source.kind == .svg ? variant.source.path : nil)
            entries[slot, default: []].insert(EntrySpot(contents: variant.catalogOrigin?.contentsPath, location: variant.origin.location))
            // The page is in points (a single-scale or 1x slot); a vector in a 2x or 3x slot has
            // its page in that scale's pixels, which CoreUI would take for points.
            if variant.contentSize == variant.pointSize {
                pageInPoints.insert(slot)
                // Drawn from points at another scale: a single-scale slot.
                if variant.scale != 1 { drawnFromPoints.insert(slot) }
            }
        }
        return sources.compactMap { slot, paths in
            // One file in one slot, and that slot single-scale, or a 1x slot whose vector the set
            // keeps (`preserves-vector-representation`): a file in a 2x slot, or the same file in
            // each scale slot, is that scale's artwork, and gets bitmaps only.
            guard paths.count == 1, let path = paths.first ?? nil, entries[slot]?.count == 1,
                  drawnFromPoints.contains(slot) || (preservingVectors.contains(slot.name) && pageInPoints.contains(slot)) else { return nil }
            return PDFVector(slot: slot, source: path)
        }.sorted { ($0.slot.name, $0.source, $0.slot.idiom.rawValue, $0.slot.appearance.rawValue)
            < ($1.slot.name, $1.source, $1.slot.idiom.rawValue, $1.slot.appearance.rawValue) }
    }
}
