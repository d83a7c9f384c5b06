/// A 2-D affine transform as SVG writes it, `matrix(a b c d e f)`: x' = a·x + c·y + e,
/// y' = b·x + d·y + f.
struct AffineTransform: Equatable, Sendable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = AffineTransform()

    /// This transform applied after `inner` (`self · inner`): a child's transform is the parent's
    /// followed by its own, `parent.concatenating(child)`.
    func concatenating(_ inner: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                        c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                        e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    func apply(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (a * point.x + c * point.y + e, b * point.x + d * point.y + f)
    }

    /// Without its translation.
    var linear: AffineTransform { AffineTransform(a: a, b: b, c: c, d: d) }

    var isFinite: Bool { [a, b, c, d, e, f].allSatisfy(\.isFinite) }

    /// An SVG `transform` attribute: a list of `matrix`, `translate`, `scale`, `rotate`, `skewX`
    /// and `skewY`, applied right to left. nil when it cannot be read.
    init?(svg text: String) {
        var result = AffineTransform.identity
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingSVGSpace
            guard let values = SVGNumberScanner.numbers(in: rest[rest.index(after: open)..<close]) else { return nil }
            let step: AffineTransform
            switch (name, values.count) {
            case ("matrix", 6): step = AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
            case ("translate", 1): step = AffineTransform(e: values[0])
            case ("translate", 2): step = AffineTransform(e: values[0], f: values[1])
            case ("scale", 1): step = AffineTransform(a: values[0], d: values[0])
            case ("scale", 2): step = AffineTransform(a: values[0], d: values[1])
            case ("rotate", 1), ("rotate", 3):
                let angle = values[0] * .pi / 180
                let (cosine, sine) = (Self.cosine(angle), Self.sine(angle))
                let rotation = AffineTransform(a: cosine, b: sine, c: -sine, d: cosine)
                if values.count == 3 {
                    step = AffineTransform(e: values[1], f: values[2]).concatenating(rotation)
                        .concatenating(AffineTransform(e: -values[1], f: -values[2]))
                } else {
                    step = rotation
                }
            case ("skewX", 1): step = AffineTransform(c: Self.tangent(values[0] * .pi / 180))
            case ("skewY", 1): step = AffineTransform(b: Self.tangent(values[0] * .pi / 180))
            default: return nil
            }
            result = result.concatenating(step)
            rest = rest[rest.index(after: close)...]
        }
        guard result.isFinite else { return nil }
        self = result
    }

    init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    // Exact at the quarter turns templates use, where the library functions leave 6e-17.
    private static func cosine(_ angle: Double) -> Double { sine(angle + .pi / 2) }
    private static func sine(_ angle: Double) -> Double {
        let quarters = angle / (.pi / 2)
        if quarters == quarters.rounded() {
            switch ((Int(quarters) % 4) + 4) % 4 {
            case 0: return 0
            case 1: return 1
            case 2: return 0
            default: return -1
            }
        }
        return MathFunctions.sin(angle)
    }
    private static func tangent(_ angle: Double) -> Double { MathFunctions.sin(angle) / MathFunctions.cos(angle) }
}

extension Substring {
    var trimmingSVGSpace: String {
        String(drop { $0.isSVGSpace }.reversed().drop { $0.isSVGSpace }.reversed())
    }
}

extension Character {
    var isSVGSpace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" }
}
