/// A slot's `resizing` (Xcode's Slicing) at one scale: how the image is cut (three parts across,
/// three down, or nine), the cap insets, the size of the centre part and how it fills.
///
/// Contents.json writes the insets and the centre's size in pixels of each slot's own file (`left:
/// 10` at 1x, `20` at 2x), so each scale keeps its own. The generated accessors take points
/// (`resizableImage(withCapInsets:resizingMode:)`); Assets.car takes pixels, with the image cut
/// down to its caps and one centre part (docs/assets-car.md).
public struct ScaledCapInsets: Sendable, Hashable, Codable {
    public enum Mode: String, Sendable, Hashable, Codable {
        case threePartHorizontal = "3-part-horizontal", threePartVertical = "3-part-vertical", ninePart = "9-part"

        var cutsAcross: Bool { self != .threePartVertical }
        var cutsDown: Bool { self != .threePartHorizontal }
    }

    public var scale: Int
    public var mode: Mode
    /// `center.mode: tile`; otherwise the centre stretches.
    public var tiles: Bool
    /// Cap insets in pixels of the slot's file (0 on the sides the mode does not cut).
    public var topPixels: Double
    public var leftPixels: Double
    public var bottomPixels: Double
    public var rightPixels: Double
    /// The centre part's width and height in pixels (`center.width`/`height`), when given.
    public var centerWidthPixels: Double?
    public var centerHeightPixels: Double?

    public var top: Double { topPixels / Double(scale) }
    public var left: Double { leftPixels / Double(scale) }
    public var bottom: Double { bottomPixels / Double(scale) }
    public var right: Double { rightPixels / Double(scale) }

    public init(scale: Int, mode: Mode, tiles: Bool, topPixels: Double, leftPixels: Double, bottomPixels: Double, rightPixels: Double,
                centerWidthPixels: Double? = nil, centerHeightPixels: Double? = nil) {
        (self.scale, self.mode, self.tiles, self.topPixels, self.leftPixels) = (scale, mode, tiles, topPixels, leftPixels)
        (self.bottomPixels, self.rightPixels, self.centerWidthPixels) = (bottomPixels, rightPixels, centerWidthPixels)
        self.centerHeightPixels = centerHeightPixels
    }

    /// From a slot's `resizing` object; nil when it has no usable mode and `cap-insets`.
    public init?(resizing: JSONOutput, scale: Int) {
        guard case .object(let members) = resizing, case .object(let caps)? = members["cap-insets"], scale >= 1 else { return nil }
        func number(_ value: JSONOutput?) -> Double? {
            switch value {
            case .integer(let value)?: return Double(value)
            case .number(let value)?: return value.isFinite ? value : nil
            default: return nil
            }
        }
        func inset(_ key: String) -> Double? { caps[key] == nil ? 0 : number(caps[key]) }
        var mode: Mode?
        if case .string(let text)? = members["mode"] { mode = Mode(rawValue: text) }
        guard let top = inset("top"), let left = inset("left"), let bottom = inset("bottom"), let right = inset("right"),
              [top, left, bottom, right].allSatisfy({ $0 >= 0 && $0 < 1_048_576 }), top + left + bottom + right > 0 else { return nil }
        // A mode left out is read from the insets given, as Xcode's editor writes them.
        let resolved = mode ?? (top + bottom == 0 ? .threePartHorizontal : left + right == 0 ? .threePartVertical : .ninePart)
        var tiles = false
        var centerWidth: Double?, centerHeight: Double?
        if case .object(let center)? = members["center"] {
            if case .string("tile")? = center["mode"] { tiles = true }
            centerWidth = number(center["width"]).flatMap { $0 > 0 && $0 < 1_048_576 ? $0 : nil }
            centerHeight = number(center["height"]).flatMap { $0 > 0 && $0 < 1_048_576 ? $0 : nil }
        }
        self.init(scale: scale, mode: resolved, tiles: tiles,
                  topPixels: resolved.cutsDown ? top : 0, leftPixels: resolved.cutsAcross ? left : 0,
                  bottomPixels: resolved.cutsDown ? bottom : 0, rightPixels: resolved.cutsAcross ? right : 0,
                  centerWidthPixels: resolved.cutsAcross ? centerWidth : nil, centerHeightPixels: resolved.cutsDown ? centerHeight : nil)
    }

    /// The same slicing for a file drawn at `scale` from a vector slot, whose insets are in points.
    public func drawn(at scale: Int) -> ScaledCapInsets {
        let factor = Double(scale) / Double(self.scale)
        return ScaledCapInsets(scale: scale, mode: mode, tiles: tiles, topPixels: topPixels * factor, leftPixels: leftPixels * factor,
                               bottomPixels: bottomPixels * factor, rightPixels: rightPixels * factor,
                               centerWidthPixels: centerWidthPixels.map { $0 * factor }, centerHeightPixels: centerHeightPixels.map { $0 * factor })
    }
}

/// A slot's `alignment-insets` at one scale, in pixels of its file: the part of the image that
/// is not drawn content (a shadow, a badge), which Auto Layout aligns without.
public struct ScaledAlignmentInsets: Sendable, Hashable, Codable {
    public var scale: Int
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
}

extension ScaledAlignmentInsets {
    /// The insets an entry's `alignment-insets` object gives (missing edges are 0), or nil when one
    /// is not a finite number from 0 to 1,048,576 or all are 0.
    public init?(_ value: JSONOutput, scale: Int) {
        guard case .object(let members) = value, scale >= 1 else { return nil }
        func inset(_ key: String) -> Double? {
            switch members[key] {
            case nil: return 0
            case .integer(let value)?: return Double(value)
            case .number(let value)?: return value.isFinite ? value : nil
            default: return nil
            }
        }
        guard let top = inset("top"), let left = inset("left"), let bottom = inset("bottom"), let right = inset("right"),
              [top, left, bottom, right].allSatisfy({ $0 >= 0 && $0 < 1_048_576 }), top + left + bottom + right > 0 else { return nil }
        self.init(scale: scale, top: top, left: left, bottom: bottom, right: right)
    }

    public func drawn(at scale: Int) -> ScaledAlignmentInsets {
        let factor = Double(scale) / Double(self.scale)
        return ScaledAlignmentInsets(scale: scale, top: top * factor, left: left * factor, bottom: bottom * factor, right: right * factor)
    }
}
