/// Wordings more than one stage says of an input, declared once (as `ActoolMessage` declares
/// actool's): a stage that raises one of these names it, so the text cannot drift between the
/// planner that checks a page and the renderer that opens it.
public enum SourceMessage {
    /// An Icon Composer 2.0 file (Xcode 27) built as an earlier actool generation, which cannot open it.
    public static func iconComposer2(_ features: [String], xcode: XcodeGeneration) -> Diagnostic.Message { "the icon was saved by Icon Composer 2.0 (Xcode 27: \"features\": \(features.joined(separator: ", "))), which the actool of Xcode \(xcode) cannot open; build with --target-xcode 27.0, or save the icon from Icon Composer 1 (Xcode 26)" }

    /// Icon Composer 2.0's refractivity, which Xcode 27's car holds in a way no public car shows
    /// (TLV 1022, all zero in the one seen): written as none.
    public static let refractivityNotStored: Diagnostic.Message = "the icon's refractivity (Icon Composer 2.0) is not stored in Assets.car: no public Xcode 27 car shows how it is, so the stack is written without it; the flattened icons are drawn without it, as every glass effect"

    /// Keys of an Icon Composer 2.0 file assetc does not read: said, not silently left out.
    public static func unreadIconComposerKeys(_ keys: [String]) -> Diagnostic.Message { "the icon has Icon Composer 2.0 keys assetc does not read (\(keys.joined(separator: ", "))): it is drawn and stored without them" }

    /// An Icon Composer feature no Icon Composer assetc knows has: Icon Composer itself refuses such a
    /// document as from a newer version.
    public static func unknownIconComposerFeatures(_ features: [String]) -> Diagnostic.Message { "the icon uses Icon Composer features assetc does not know (\(features.joined(separator: ", "))): it reads \(IconComposerFile.knownFeatures.joined(separator: " and ")); a newer Icon Composer saved it" }

    /// `page 3 is out of range; the PDF has 2 pages`: a manifest entry or a renderer asking for a
    /// page the document does not have.
    public static func pageOutOfRange(_ page: Int, pageCount: Int) -> Diagnostic.Message { "page \(page) is out of range; the PDF has \(pageCount) page\(pageCount == 1 ? "" : "s")" }

    /// A JSON input (the manifest, a Contents.json) that does not parse; the location is the error's.
    public static func invalidJSON(_ error: JSONSyntaxError) -> Diagnostic.Message { "invalid JSON: \(error.message)" }

    /// A Contents.json whose top level is not an object.
    public static func contentsNotAnObject(_ root: JSONNode) -> Diagnostic.Message { "Contents.json must be an object, found \(root.typeName)" }

    /// The note that places a problem in its image set (a slot the planner refused, a render that
    /// failed): said by planning and by the façade after the renders.
    public static func inImageSet(_ name: String) -> Diagnostic.Message { "in the image set \"\(name)\"" }

    /// A symbol set whose name another set of the car holds: found by planning (`check`) and by the
    /// car's assembly (a name only the car's assets show).
    public static func symbolSetNameTaken(_ name: String) -> Diagnostic.Message { "the symbol set \"\(name)\" has the name of an image, data or colour set; only that set is in Assets.car" }

    /// An app icon set or an icon drawn from art, asked for in a visionOS build (by the planner and
    /// the actool mode alike): a Vision Pro app's icon is a solid image stack.
    public static func appIconSetIsNoVisionIcon(_ name: String) -> Diagnostic.Message { "the app icon \"\(name)\" is not a solid image stack; a visionOS app's icon is a solid image stack (.solidimagestack) of a back layer and one or two layers over it (docs/visionos.md)" }
}
