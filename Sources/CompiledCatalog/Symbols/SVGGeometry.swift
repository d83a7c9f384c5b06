import AssetModel

/// The geometry of a symbol template's outlines: path data and the basic shapes, read into
/// absolute Bézier segments, and their tight bounds (the extrema of each curve, not its control
/// points), which is the box actool fits a glyph's `viewBox` to.
struct InkBounds: Equatable, Sendable {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    /// False once a point that is not a finite number was added (an arc of radius 1e300…): such a
    /// box is an error, never a silently smaller one (`min`/`max` drop NaN).
    var isFinite = true

    var isEmpty: Bool { minX > maxX || minY > maxY }

    mutating func add(_ point: (x: Double, y: Double)) {
        guard point.x.isFinite && point.y.isFinite else {
            isFinite = false
            return
        }
        minX = min(minX, point.x); maxX = max(maxX, point.x)
        minY = min(minY, point.y); maxY = max(maxY, point.y)
    }

    mutating func add(_ other: InkBounds) {
        if !other.isFinite { isFinite = false }
        guard !other.isEmpty else { return }
        add((other.minX, other.minY))
        add((other.maxX, other.maxY))
    }

    func outset(x: Double, y: Double) -> InkBounds {
        isEmpty ? self : InkBounds(minX: minX - x, minY: minY - y, maxX: maxX + x, maxY: maxY + y, isFinite: isFinite)
    }
}

/// How a stroke is drawn, as far as its extent goes.
struct StrokeStyle: Sendable {
    enum Cap: Sendable { case butt, round, square }
    enum Join: Sendable { case miter, round, bevel }
    var halfWidth: Double
    var cap: Cap = .butt
    var join: Join = .miter
    var miterLimit = 4.0
}

/// One outline as Bézier segments in absolute coordinates.
struct Outline: Sendable {
    enum Segment: Sendable {
        case move(Point)
        case line(Point)
        case quadratic(Point, Point)
        case cubic(Point, Point, Point)
        /// `Z`: a line back to the subpath's start, which closes it (a join there, no caps).
        case close(Point)
    }

    typealias Point = (x: Double, y: Double)

    var segments: [Segment] = []

    /// The tight box of the outline after `transform` (an affine map of a Bézier curve is the curve
    /// of its mapped control points, so the extrema are found after mapping). A move that no
    /// segment follows draws nothing and is not counted.
    func bounds(_ transform: AffineTransform) -> InkBounds {
        var box = InkBounds()
        var current: Point = (0, 0)
        var pendingMove = false
        for segment in segments {
            if case .move(let point) = segment {
                current = transform.apply(point)
                pendingMove = true
                continue
            }
            if pendingMove { box.add(current); pendingMove = false }
            switch segment {
            case .move: break
            case .line(let point), .close(let point):
                current = transform.apply(point)
                box.add(current)
            case .quadratic(let control, let end):
                let (c, p) = (transform.apply(control), transform.apply(end))
                box.add(p)
                for t in Self.quadraticExtrema(current.x, c.x, p.x) + Self.quadraticExtrema(current.y, c.y, p.y) {
                    let u = 1 - t
                    box.add((u * u * current.x + 2 * u * t * c.x + t * t * p.x, u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .cubic(let control1, let control2, let end):
                let (c1, c2, p) = (transform.apply(control1), transform.apply(control2), transform.apply(end))
                box.add(p)
                for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    box.add((a * current.x + b * c1.x + c * c2.x + d * p.x, a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            }
        }
        return box
    }

    /// The box of what the outline's fill paints after `transform`: each subpath's tight box,
    /// leaving out subpaths that enclose nothing (a point, a line, straight segments back and forth).
    func fillBounds(_ transform: AffineTransform) -> InkBounds {
        var box = InkBounds()
        for subpath in subpaths() where subpath.enclosesArea {
            for piece in subpath.pieces { box.add(piece.bounds(transform)) }
        }
        return box
    }

    /// The box of the outline stroked with `stroke` in its own coordinates, after `transform`.
    /// Each piece contributes its ends offset by the half width along its normal (butt ends) and
    /// the pen at its curve's extrema along that axis; joins add the pen (round), the miter's tip
    /// within the limit (miter; a bevel adds nothing more); open subpaths add their caps (round:
    /// the pen; square: the cap's corners); a subpath of zero length draws only a round cap's dot
    /// or a square cap's square, aligned to its own coordinates. Under a transform the pen, a
    /// circle, becomes an ellipse whose extent along x is the half width times the norm of the
    /// matrix's first row. A dashed stroke has caps anywhere along it: the pen (√2 of it for
    /// square caps) around the whole outline bounds it.
    func strokeBounds(_ transform: AffineTransform, _ stroke: StrokeStyle, dashed: Bool = false) -> InkBounds {
        let h = stroke.halfWidth
        let penX = h * (transform.a * transform.a + transform.c * transform.c).squareRoot()
        let penY = h * (transform.b * transform.b + transform.d * transform.d).squareRoot()
        if dashed {
            let factor = stroke.cap == .square ? 2.0.squareRoot() : 1
            return bounds(transform).outset(x: penX * factor, y: penY * factor)
        }
        var box = InkBounds()
        func pen(_ point: Point) {
            let q = transform.apply(point)
            box.add((q.x - penX, q.y - penY))
            box.add((q.x + penX, q.y + penY))
        }
        func across(_ point: Point, _ direction: Point) {
            let normal: Point = (-direction.y * h, direction.x * h)
            box.add(transform.apply((point.x + normal.x, point.y + normal.y)))
            box.add(transform.apply((point.x - normal.x, point.y - normal.y)))
        }
        func squareCap(_ point: Point, _ direction: Point) {
            let normal: Point = (-direction.y, direction.x)
            for side in [-1.0, 1.0] {
                box.add(transform.apply((point.x + direction.x * h + side * normal.x * h, point.y + direction.y * h + side * normal.y * h)))
            }
        }
        for subpath in subpaths() {
            let pieces = subpath.pieces
            guard let first = pieces.first, let last = pieces.last else {
                // Zero length: a dot (round), a square in the outline's own axes, or nothing (butt).
                guard let point = subpath.point else { continue }
                switch stroke.cap {
                case .round: pen(point)
                case .square:
                    for (dx, dy) in [(-h, -h), (h, -h), (h, h), (-h, h)] { box.add(transform.apply((point.x + dx, point.y + dy))) }
                case .butt: break
                }
                continue
            }
            for piece in pieces {
                across(piece.start, piece.startDirection)
                across(piece.end, piece.endDirection)
                // Inside a curve, the stroke's extreme along an axis is the centre line's, moved by
                // the pen along that axis (the offset curve's tangent is parallel there).
                for (point, horizontal) in piece.interiorExtrema(transform) {
                    box.add(horizontal ? (point.x - penX, point.y) : (point.x, point.y - penY))
                    box.add(horizontal ? (point.x + penX, point.y) : (point.x, point.y + penY))
                }
            }
            var corners: [(Point, Point, Point)] = []  // (incoming direction, vertex, outgoing direction)
            for index in 1..<pieces.count { corners.append((pieces[index - 1].endDirection, pieces[index].start, pieces[index].startDirection)) }
            if subpath.closed { corners.append((last.endDirection, first.start, first.startDirection)) }
            for (u, vertex, v) in corners {
                switch stroke.join {
                case .round: pen(vertex)
                case .bevel: break  // the corners are the pieces' offset ends
                case .miter:
                    let cosine = -(u.x * v.x + u.y * v.y)  // of the angle between the two pieces at the vertex
                    let sineOfHalf = ((1 - cosine) / 2).squareRoot()
                    guard sineOfHalf > 1e-9, 1 / sineOfHalf <= stroke.miterLimit else { continue }  // straight on, or beveled
                    let outward = (u.x - v.x, u.y - v.y)
                    let length = (outward.0 * outward.0 + outward.1 * outward.1).squareRoot()
                    guard length > 1e-12 else { continue }
                    let reach = h / sineOfHalf
                    box.add(transform.apply((vertex.x + outward.0 / length * reach, vertex.y + outward.1 / length * reach)))
                }
            }
            guard !subpath.closed else { continue }
            switch stroke.cap {
            case .round: pen(first.start); pen(last.end)
            case .square:
                squareCap(first.start, (-first.startDirection.x, -first.startDirection.y))
                squareCap(last.end, last.endDirection)
            case .butt: break
            }
        }
        return box
    }

    /// A drawn piece of a subpath: its control polygon (start first, end last) and its unit
    /// directions at both ends.
    struct Piece {
        var controls: [Point]
        var startDirection: Point, endDirection: Point
        var start: Point { controls[0] }
        var end: Point { controls[controls.count - 1] }

        func bounds(_ transform: AffineTransform) -> InkBounds {
            var box = InkBounds()
            let points = controls.map(transform.apply)
            box.add(points[0])
            box.add(points[points.count - 1])
            for (point, _) in Self.extrema(points) { box.add(point) }
            return box
        }

        /// The points inside the piece where its mapped curve is extreme along x (true) or y.
        func interiorExtrema(_ transform: AffineTransform) -> [(Point, Bool)] {
            Self.extrema(controls.map(transform.apply))
        }

        static func extrema(_ points: [Point]) -> [(Point, Bool)] {
            func at(_ t: Double) -> Point {
                let u = 1 - t
                if points.count == 3 {
                    return (u * u * points[0].x + 2 * u * t * points[1].x + t * t * points[2].x,
                            u * u * points[0].y + 2 * u * t * points[1].y + t * t * points[2].y)
                }
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                return (a * points[0].x + b * points[1].x + c * points[2].x + d * points[3].x,
                        a * points[0].y + b * points[1].y + c * points[2].y + d * points[3].y)
            }
            switch points.count {
            case 3:
                return Outline.quadraticExtrema(points[0].x, points[1].x, points[2].x).map { (at($0), true) }
                    + Outline.quadraticExtrema(points[0].y, points[1].y, points[2].y).map { (at($0), false) }
            case 4:
                return Outline.cubicExtrema(points[0].x, points[1].x, points[2].x, points[3].x).map { (at($0), true) }
                    + Outline.cubicExtrema(points[0].y, points[1].y, points[2].y, points[3].y).map { (at($0), false) }
            default:
                return []
            }
        }
    }

    struct Subpath {
        var pieces: [Piece] = []
        var closed = false
        /// Where it starts, when anything follows its move (a zero-length subpath keeps its point).
        var point: Point?

        /// False when its straight segments enclose nothing: all points on one line (a curve is
        /// taken to enclose something unless it is flat too).
        var enclosesArea: Bool {
            let points = pieces.flatMap(\.controls)
            guard let origin = points.first else { return false }
            guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return true }  // refused later as out of range
            var direction: Point?
            for point in points.dropFirst() {
                guard let d = Outline.unit(origin, point) else { continue }
                guard let reference = direction else { direction = d; continue }
                if abs(reference.x * d.y - reference.y * d.x) > 1e-12 { return true }
            }
            return false
        }
    }

    /// The unit vector from one point to another (scaled first, so coordinates near a double's
    /// limit do not overflow); nil when they are the same point.
    static func unit(_ from: Point, _ to: Point) -> Point? {
        let dx = to.x - from.x, dy = to.y - from.y, largest = max(abs(dx), abs(dy))
        guard largest > 1e-12, largest.isFinite else { return nil }
        let x = dx / largest, y = dy / largest, length = (x * x + y * y).squareRoot()
        return (x / length, y / length)
    }

    /// The outline's subpaths as pieces with their end directions; pieces of zero length, which
    /// have none, are left out (a subpath of them alone keeps its point).
    func subpaths() -> [Subpath] {
        var result: [Subpath] = []
        var current = Subpath()
        var position: Point = (0, 0)
        func finish() {
            if current.point != nil { result.append(current) }
            current = Subpath()
        }
        func add(_ controls: [Point]) {
            if current.point == nil { current.point = position }
            // The start direction goes to the first control point that differs, the end
            // direction comes from the last one that differs.
            let points = [position] + controls
            guard let end = points.last, let first = points.dropFirst().lazy.compactMap({ Outline.unit(position, $0) }).first,
                  let last = points.dropLast().reversed().lazy.compactMap({ Outline.unit($0, end) }).first else {
                position = controls.last ?? position
                return
            }
            current.pieces.append(Piece(controls: points, startDirection: first, endDirection: last))
            position = end
        }
        for segment in segments {
            switch segment {
            case .move(let point):
                finish()
                position = point
            case .line(let point): add([point])
            case .quadratic(let control, let end): add([control, end])
            case .cubic(let control1, let control2, let end): add([control1, control2, end])
            case .close(let point):
                add([point])
                current.closed = true
                finish()
                position = point
            }
        }
        finish()
        return result
    }

    static func quadraticExtrema(_ p0: Double, _ p1: Double, _ p2: Double) -> [Double] {
        let denominator = p0 - 2 * p1 + p2
        guard denominator != 0 else { return [] }
        let t = (p0 - p1) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Where the derivative of a cubic's coordinate is 0 inside (0, 1): a·t² + b·t + c = 0, solved
    /// in the stable form (q = −(b + sign(b)·√D)/2, roots q/a and c/q), so a nearly quadratic curve
    /// in large coordinates (a tiny `a`) keeps its true root.
    static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
        var roots: [Double] = []
        if a == 0 || abs(a) <= 1e-14 * (abs(b) + abs(c)) {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
                roots = [q / a] + (q != 0 ? [c / q] : [])
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

enum SVGGeometryError: Error, Equatable {
    case badPathData(Diagnostic.Message)
    case badShape(Diagnostic.Message)
}

extension Outline {
    /// SVG path data (`d`): every command, relative and absolute; arcs become cubic curves.
    init(pathData: String) throws(SVGGeometryError) {
        var scanner = SVGNumberScanner(Substring(pathData))
        var current: Point = (0, 0), start: Point = (0, 0)
        var lastControl: Point?, lastQuadratic: Point?
        var command: UInt8 = 0
        func fail(_ why: Diagnostic.Message) -> SVGGeometryError { .badPathData(.pathDataProblem(why, atByte: scanner.position)) }
        while scanner.skipSeparators() {
            if let byte = scanner.peek, (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                command = byte
                scanner.advance()
                if command == 0x5A || command == 0x7A {  // Z z
                    segments.append(.close(start))
                    current = start
                    lastControl = nil; lastQuadratic = nil
                    continue
                }
                guard scanner.skipSeparators() else { throw fail(.commandWithoutNumbers) }
            } else if command == 0 || command == 0x5A || command == 0x7A {
                throw fail(.numbersBeforeAnyCommand)
            }
            let relative = command >= 0x61
            func point() throws(SVGGeometryError) -> Point {
                guard scanner.skipSeparators(), let x = scanner.number(), scanner.skipSeparators(), let y = scanner.number() else {
                    throw fail(.missingCoordinate)
                }
                return relative ? (current.x + x, current.y + y) : (x, y)
            }
            func single() throws(SVGGeometryError) -> Double {
                guard scanner.skipSeparators(), let value = scanner.number() else { throw fail(.missingCoordinate) }
                return value
            }
            var control: Point?, quadratic: Point?
            switch command | 0x20 {
            case 0x6D:  // m
                current = try point()
                start = current
                segments.append(.move(current))
                command = relative ? 0x6C : 0x4C  // further pairs are lines
            case 0x6C:  // l
                current = try point()
                segments.append(.line(current))
            case 0x68:  // h
                let x = try single()
                current = (relative ? current.x + x : x, current.y)
                segments.append(.line(current))
            case 0x76:  // v
                let y = try single()
                current = (current.x, relative ? current.y + y : y)
                segments.append(.line(current))
            case 0x63:  // c
                let c1 = try point(), c2 = try point(), end = try point()
                segments.append(.cubic(c1, c2, end))
                control = c2
                current = end
            case 0x73:  // s
                let c1 = lastControl.map { (2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                let c2 = try point(), end = try point()
                segments.append(.cubic(c1, c2, end))
                control = c2
                current = end
            case 0x71:  // q
                let c = try point(), end = try point()
                segments.append(.quadratic(c, end))
                quadratic = c
                current = end
            case 0x74:  // t
                let c = lastQuadratic.map { (2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                let end = try point()
                segments.append(.quadratic(c, end))
                quadratic = c
                current = end
            case 0x61:  // a
                let rx = try single(), ry = try single(), rotation = try single()
                guard let large = scanner.flag(), let sweep = scanner.flag() else { throw fail(.badArcFlag) }
                let end = try point()
                segments += Self.arc(from: current, to: end, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                current = end
            default:
                throw fail(.unknownPathCommand(command))
            }
            lastControl = control
            lastQuadratic = quadratic
        }
    }

    /// An elliptical arc (SVG's endpoint form) as cubic curves of at most a quarter turn each
    /// (SVG 1.1 appendix F.6).
    static func arc(from p0: Point, to p1: Point, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool) -> [Segment] {
        var rx = abs(rx), ry = abs(ry)
        if p0.x == p1.x && p0.y == p1.y { return [] }
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let largest = max(abs(dx), abs(dy))
        let chord = largest == 0 ? 0 : largest * ((dx / largest) * (dx / largest) + (dy / largest) * (dy / largest)).squareRoot()
        // No radius, or a radius so much larger than the chord that the arc is the chord itself
        // (and squaring it would overflow): a line, as SVG's own out-of-range rules draw it.
        if rx == 0 || ry == 0 || min(rx, ry) > chord * 1e9 || !chord.isFinite { return [.line(p1)] }
        let phi = rotation * .pi / 180
        let cosPhi = MathFunctions.cos(phi), sinPhi = MathFunctions.sin(phi)
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        // In units of the radii, so nothing is squared past a double's range.
        let ux = x1 / rx, uy = y1 / ry
        let lambda = ux * ux + uy * uy
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let scaled = lambda > 1 ? 0 : ((1 - lambda) / lambda).squareRoot()
        let factor = large == sweep ? -scaled : scaled
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2, cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            MathFunctions.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        guard [cx, cy, theta1, delta, rx, ry].allSatisfy(\.isFinite) else { return [.line(p1)] }
        let pieces = max(1, min(4, Int((abs(delta) / (.pi / 2)).rounded(.up))))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * (1 - MathFunctions.cos(step / 2)) / MathFunctions.sin(step / 2)
        func onEllipse(_ t: Double) -> Point {
            let x = rx * MathFunctions.cos(t), y = ry * MathFunctions.sin(t)
            return (cosPhi * x - sinPhi * y + cx, sinPhi * x + cosPhi * y + cy)
        }
        func tangent(_ t: Double) -> Point {
            let x = -rx * MathFunctions.sin(t), y = ry * MathFunctions.cos(t)
            return (cosPhi * x - sinPhi * y, sinPhi * x + cosPhi * y)
        }
        var segments: [Segment] = []
        var t = theta1
        var start = p0  // the arc's own end points, not the ellipse's recomputed ones
        for index in 0..<pieces {
            let next = t + step
            let end = index == pieces - 1 ? p1 : onEllipse(next)
            let ta = tangent(t), tb = tangent(next)
            segments.append(.cubic((start.x + k * ta.x, start.y + k * ta.y), (end.x - k * tb.x, end.y - k * tb.y), end))
            start = end
            t = next
        }
        return segments
    }

    /// A basic shape (`rect`, `circle`, `ellipse`, `line`, `polyline`, `polygon`) as an outline;
    /// nil for an element that is not one.
    static func shape(_ element: AssetModel.XMLTreeElement) throws(SVGGeometryError) -> Outline? {
        func number(_ name: String, default fallback: Double? = nil) throws(SVGGeometryError) -> Double {
            guard let text = element[attribute: name] else {
                if let fallback { return fallback }
                throw .badShape(.shapeWithoutAttribute(element.name, attribute: name))
            }
            guard let values = SVGNumberScanner.numbers(in: Substring(text)), values.count == 1 else {
                throw .badShape(.attributeNotANumber(element.name, attribute: name, value: text))
            }
            return values[0]
        }
        switch element.name {
        case "path":
            return try Outline(pathData: element[attribute: "d"] ?? "")
        case "rect":
            let x = try number("x", default: 0), y = try number("y", default: 0)
            let width = try number("width"), height = try number("height")
            guard width >= 0, height >= 0 else { throw .badShape(.rectWithNegativeSize) }
            // A zero width or height disables the rect's rendering (SVG 1.1, 9.2).
            guard width > 0, height > 0 else { return Outline() }
            return Outline(segments: [.move((x, y)), .line((x + width, y)), .line((x + width, y + height)), .line((x, y + height)), .close((x, y))])
        case "circle", "ellipse":
            let cx = try number("cx", default: 0), cy = try number("cy", default: 0)
            let rx = try element.name == "circle" ? number("r") : number("rx"), ry = try element.name == "circle" ? rx : number("ry")
            guard rx >= 0, ry >= 0 else { throw .badShape(.negativeRadius(element.name)) }
            guard rx > 0, ry > 0 else { return Outline() }
            let start: Point = (cx + rx, cy)
            return Outline(segments: [.move(start)] + arc(from: start, to: (cx - rx, cy), rx: rx, ry: ry, rotation: 0, large: false, sweep: true)
                + arc(from: (cx - rx, cy), to: start, rx: rx, ry: ry, rotation: 0, large: false, sweep: true) + [.close(start)])
        case "line":
            return Outline(segments: [.move((try number("x1", default: 0), try number("y1", default: 0))),
                                      .line((try number("x2", default: 0), try number("y2", default: 0)))])
        case "polyline", "polygon":
            guard let values = SVGNumberScanner.numbers(in: Substring(element[attribute: "points"] ?? "")), values.count >= 2 else {
                throw .badShape(.shapeWithoutPoints(element.name))
            }
            var outline = Outline()
            for index in stride(from: 0, to: values.count - 1, by: 2) {
                outline.segments.append(index == 0 ? .move((values[0], values[1])) : .line((values[index], values[index + 1])))
            }
            if element.name == "polygon" { outline.segments.append(.close((values[0], values[1]))) }
            return outline
        default:
            return nil
        }
    }
}

extension Diagnostic.Message {
    /// `why`: one of the problems below, placed in the path data.
    fileprivate static func pathDataProblem(_ why: Diagnostic.Message, atByte position: Int) -> Diagnostic.Message { "\(why.text) at byte \(position) of the path data" }
    fileprivate static let commandWithoutNumbers: Diagnostic.Message = "a command without numbers"
    fileprivate static let numbersBeforeAnyCommand: Diagnostic.Message = "numbers before any command"
    fileprivate static let missingCoordinate: Diagnostic.Message = "a missing coordinate"
    fileprivate static let badArcFlag: Diagnostic.Message = "a bad arc flag"
    fileprivate static func unknownPathCommand(_ command: UInt8) -> Diagnostic.Message { "an unknown command \"\(String(UnicodeScalar(command)))\"" }
    fileprivate static func shapeWithoutAttribute(_ element: String, attribute: String) -> Diagnostic.Message { "<\(element)> without \(attribute)" }
    fileprivate static func attributeNotANumber(_ element: String, attribute: String, value: String) -> Diagnostic.Message { "<\(element)> \(attribute)=\"\(value)\" is not a number" }
    fileprivate static let rectWithNegativeSize: Diagnostic.Message = "<rect> with a negative width or height"
    fileprivate static func negativeRadius(_ element: String) -> Diagnostic.Message { "<\(element)> with a negative radius" }
    fileprivate static func shapeWithoutPoints(_ element: String) -> Diagnostic.Message { "<\(element)> without points" }
}
