/// An XML document as plain values: elements with their attributes in document order, and the
/// text between them. Made by `XMLReader` (Rendering, the only target that sees libxml2) and read
/// by stages that need a document's structure rather than its drawing (custom symbol templates).
public struct XMLTreeElement: Sendable, Hashable {
    public enum Child: Sendable, Hashable {
        case element(XMLTreeElement)
        case text(String)
    }

    /// The local name (`g`, `path`), without a namespace prefix.
    public var name: String
    public var attributes: [XMLTreeAttribute]
    public var children: [Child]
    /// The element's line in the file, for messages.
    public var line: Int

    public init(name: String, attributes: [XMLTreeAttribute] = [], children: [Child] = [], line: Int = 0) {
        (self.name, self.attributes, self.children, self.line) = (name, attributes, children, line)
    }

    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    public var elements: [XMLTreeElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The text of the element and its descendants, in document order.
    public var text: String {
        children.map { child in
            switch child {
            case .text(let text): text
            case .element(let element): element.text
            }
        }.joined()
    }
}

public struct XMLTreeAttribute: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) { (self.name, self.value) = (name, value) }
}
