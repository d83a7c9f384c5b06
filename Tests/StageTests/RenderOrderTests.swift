import AssetModel
@testable import Rendering
import Testing

/// The order in which render workers take variants: each source page's variants together (one
/// parse), the pages with the most pixels first (so a big image does not start last and leave the
/// other workers idle), and within a page the largest variant first.
@Suite struct RenderOrderTests {
    static func variant(_ path: String, page: Int = 1, side: Int) -> Variant {
        let kind: ResolvedSource.Kind = path.hasSuffix(".pdf") ? .pdf : .png
        return Variant(name: path, relativePath: "\(path)-\(side).png", fileName: "\(path)-\(side).png", scale: 1, tall: false,
                       pointSize: PointSize(width: 1, height: 1), pixelWidth: side, pixelHeight: side,
                       source: ResolvedSource(path: path, kind: kind, page: page),
                       contentSize: PointSize(width: 1, height: 1),
                       placement: Placement(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0),
                       origin: .manifest(SourceLocation(line: 1, column: 1)))
    }

    @Test func biggestPagesFirstEachPageTogether() {
        let variants = [
            Self.variant("a.pdf", side: 10), Self.variant("photo.png", side: 2000), Self.variant("a.pdf", side: 30),
            Self.variant("icons.pdf", page: 2, side: 40), Self.variant("icons.pdf", page: 1, side: 500),
            Self.variant("a.pdf", side: 20), Self.variant("icons.pdf", page: 2, side: 1000),
            Self.variant("b.png", side: 30), Self.variant("c.png", side: 30),
        ]
        let order = renderOrder(variants).map { "\(variants[$0].source.path):\(variants[$0].source.page):\(variants[$0].pixelWidth)" }
        #expect(order == [
            "photo.png:1:2000",
            "icons.pdf:2:1000", "icons.pdf:2:40",
            "icons.pdf:1:500",
            "a.pdf:1:30", "a.pdf:1:20", "a.pdf:1:10",
            // Equal totals keep the path order, so the order never depends on the plan's own.
            "b.png:1:30", "c.png:1:30",
        ])
        #expect(renderOrder(variants.reversed()).map { variants.reversed()[$0].relativePath } == renderOrder(variants).map { variants[$0].relativePath })
    }
}
