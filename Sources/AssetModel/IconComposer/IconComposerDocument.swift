/// An Icon Composer bundle's `icon.json` (Xcode 26), read for one appearance: what assetc needs to
/// draw the flattened icon older systems and the App Store take (docs/catalogs.md, "Icon Composer").
///
/// Every property may instead be given as `<name>-specializations`, a list of values each for an
/// appearance (`dark`, `tinted`) and/or an idiom; the entry for the appearance asked for wins, else
/// the one without an appearance, else the plain key. Material effects (glass, specular, shadow,
/// translucency, blur, lighting) belong to the live icon of iOS 26 and are not drawn here.
public struct IconComposerDocument: Sendable, Equatable {
    public enum Appearance: String, Sendable, CaseIterable {
        case light, dark, tinted
    }

    /// A colour in sRGB or Display P3 (which the renderer converts); extended components may leave
    /// 0–1 and are clamped when drawn.
    public struct Color: Sendable, Equatable {
        public var red, green, blue, alpha: Double
        public var isDisplayP3: Bool

        public init(red: Double, green: Double, blue: Double, alpha: Double, isDisplayP3: Bool = false) {
            (self.red, self.green, self.blue, self.alpha, self.isDisplayP3) = (red, green, blue, alpha, isDisplayP3)
        }
    }

    public enum Fill: Sendable, Equatable {
        /// The system's grey background (light or dark).
        case automatic
        case none
        case solid(Color)
        /// The colour at the bottom, lightened toward the top.
        case automaticGradient(Color)
        /// Colours from `start` to `stop`, in unit coordinates of the canvas (0,0 top left).
        case linearGradient([Color], start: (x: Double, y: Double), stop: (x: Double, y: Double))

        public static func == (a: Fill, b: Fill) -> Bool {
            switch (a, b) {
            case (.automatic, .automatic), (.none, .none): return true
            case let (.solid(x), .solid(y)), let (.automaticGradient(x), .automaticGradient(y)): return x == y
            case let (.linearGradient(x, s1, e1), .linearGradient(y, s2, e2)):
                return x == y && s1 == s2 && e1 == e2
            default: return false
            }
        }
    }

    /// Porter-Duff and separable blend modes Icon Composer offers.
    public enum BlendMode: String, Sendable, Equatable {
        case normal, multiply, screen, overlay, darken, lighten
        case softLight = "soft-light", hardLight = "hard-light", plusLighter = "plus-lighter", plusDarker = "plus-darker"
    }

    public struct Position: Sendable, Equatable {
        public var scale: Double
        /// Points on the 1024-point canvas, from its centre, y down.
        public var x: Double
        public var y: Double

        public static let identity = Position(scale: 1, x: 0, y: 0)
    }

    public struct Layer: Sendable, Equatable {
        public var name: String
        /// A file in the bundle's `Assets` folder.
        public var imageName: String
        /// nil keeps the image's own colours; a fill recolours it, its alpha the mask.
        public var fill: Fill?
        public var opacity: Double
        public var blendMode: BlendMode
        public var position: Position
    }

    public struct Group: Sendable, Equatable {
        public var layers: [Layer]
        public var opacity: Double
        public var blendMode: BlendMode
        public var position: Position
    }

    /// The canvas every position refers to, in points.
    public static let canvasPoints = 1024.0

    public var background: Fill
    /// Front-most first, as the file lists them.
    public var groups: [Group]
}

public struct IconComposerError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: Diagnostic.Message, at location: SourceLocation? = nil) { (self.message, self.location) = (message.text, location) }

    public var description: String { location.map { "\($0.line):\($0.column): \(message)" } ?? message }
}
