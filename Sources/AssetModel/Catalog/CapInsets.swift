/// A slot's `resizing` (Xcode's Slicing) as UIKit takes it: cap insets in points and how the
/// centre fills, for the scale of the slot it came from.
///
/// Contents.json writes the insets in pixels of each slot's own file (`left: 10` at 1x, `20` at
/// 2x), so each scale keeps its own; `resizableImage(withCapInsets:resizingMode:)` wants points.
public struct ScaledCapInsets: Sendable, Hashable, Codable {
    public var scale: Int
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    /// `center.mode: tile`; otherwise the centre stretches.
    public var tiles: Bool

    public init(scale: Int, top: Double, left: Double, bottom: Double, right: Double, tiles: Bool) {
        self.scale = scale
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.tiles = tiles
    }

    /// From a slot's `resizing` object; nil when it has no usable `cap-insets`.
    public init?(resizing: JSONOutput, scale: Int) {
        guard case .object(let members) = resizing, case .object(let caps)? = members["cap-insets"], scale >= 1 else { return nil }
        func points(_ key: String) -> Double? {
            switch caps[key] {
            case .integer(let value)?: return Double(value) / Double(scale)
            case .number(let value)?: return value.isFinite ? value / Double(scale) : nil
            case nil: return 0
            default: return nil
            }
        }
        guard let top = points("top"), let left = points("left"), let bottom = points("bottom"), let right = points("right"),
              [top, left, bottom, right].allSatisfy({ $0 >= 0 }), top + left + bottom + right > 0 else { return nil }
        var tiles = false
        if case .object(let center)? = members["center"], case .string("tile")? = center["mode"] { tiles = true }
        self.init(scale: scale, top: top, left: left, bottom: bottom, right: right, tiles: tiles)
    }
}
