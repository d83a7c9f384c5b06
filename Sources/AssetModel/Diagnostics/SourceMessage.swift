/// Wordings more than one stage says of an input, declared once (as `ActoolMessage` declares
/// actool's): a stage that raises one of these names it, so the text cannot drift between the
/// planner that checks a page and the renderer that opens it.
public enum SourceMessage {
    /// `page 3 is out of range; the PDF has 2 pages`: a manifest entry or a renderer asking for a
    /// page the document does not have.
    public static func pageOutOfRange(_ page: Int, pageCount: Int) -> String {
        "page \(page) is out of range; the PDF has \(pageCount) page\(pageCount == 1 ? "" : "s")"
    }

    /// A JSON input (the manifest, a Contents.json) that does not parse; the location is the error's.
    public static func invalidJSON(_ error: JSONSyntaxError) -> String {
        "invalid JSON: \(error.message)"
    }

    /// A Contents.json whose top level is not an object.
    public static func contentsNotAnObject(_ root: JSONNode) -> String {
        "Contents.json must be an object, found \(root.typeName)"
    }
}
