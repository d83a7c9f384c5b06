import AssetModel
import CXML
import Foundation

/// The only file that touches libxml2: a document read into `XMLTreeElement` values.
///
/// Hostile input: the network is never used (`XML_PARSE_NONET`), no external DTD or entity is
/// loaded, entities are not substituted into text (libxml2's own amplification limits hold for
/// attribute values), and libxml2's default depth limit (256) and this reader's element count keep
/// a crafted file from costing more than its size. Errors are taken from the parser context, never
/// printed. libxml2 also refuses a text node or attribute past 10,000,000 bytes; callers keep
/// files below that (`Limits.maximumSymbolTemplateBytes`), so no valid file meets it.
public enum XMLReader {
    /// More elements than any template needs (Apple's full templates hold about 200).
    public static let maximumElements = 200_000

    /// Set on the parser (`_private`) by the entity-declaration handler.
    private static let declaresEntitiesMark = 0xE

    public static func parse(_ bytes: [UInt8]) throws(SourceError) -> XMLTreeElement {
        guard bytes.count <= Int(Int32.max) else { throw .overLimit(.xmlOver2GiB) }
        guard !bytes.isEmpty else { throw .content(.emptyXMLFile) }
        guard let context = xmlNewParserCtxt() else { throw .renderer(.libxml2CannotMakeParser) }
        defer { xmlFreeParserCtxt(context) }
        // XML_PARSE_NOERROR leaves some of libxml2's reports (its SAX2 handlers') to its generic
        // handler, which prints to stderr; a structured handler on the context takes them all.
        // The first error is read from the context afterwards.
        context.pointee.sax.pointee.serror = { _, _ in }
        // A document that declares an entity is refused as the declaration is read: libxml2's
        // amplification check stops nested entities, not one entity referenced many times, which
        // made a 1 MB template expand to gigabytes. Templates declare none.
        context.pointee.sax.pointee.entityDecl = { userData, _, _, _, _, _ in
            guard let userData else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            parser.pointee._private = UnsafeMutableRawPointer(bitPattern: 0xE)  // declaresEntitiesMark
            xmlStopParser(parser)
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOBLANKS.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlCtxtReadMemory(context, $0, Int32(buffer.count), nil, nil, options)
            }
        }
        if context.pointee._private == UnsafeMutableRawPointer(bitPattern: Self.declaresEntitiesMark) {
            if let document { xmlFreeDoc(document) }
            throw .content(.xmlDeclaresEntities)
        }
        guard let document else {
            let error = context.pointee.lastError
            let libxml2Error = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
            throw .content(.notReadableXML(line: error.line, libxml2Error: libxml2Error))
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { throw .content(.xmlWithoutElement) }
        var count = 0
        return try element(root, count: &count)
    }

    private static func element(_ node: xmlNodePtr, count: inout Int) throws(SourceError) -> XMLTreeElement {
        count += 1
        guard count <= maximumElements else { throw .overLimit(.tooManyXMLElements(limit: maximumElements)) }
        var result = XMLTreeElement(name: string(node.pointee.name), line: Int(xmlGetLineNo(node)))
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1)
            result.attributes.append(XMLTreeAttribute(name: string(current.pointee.name), value: value.map { String(cString: $0) } ?? ""))
            assetc_xml_free(value)
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                result.children.append(.element(try element(current, count: &count)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { result.children.append(.text(String(cString: content))) }
            default:
                break  // comments, processing instructions, entity references: not content here
            }
            child = current.pointee.next
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return pointer.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    }
}

extension Diagnostic.Message {
    fileprivate static let xmlOver2GiB: Diagnostic.Message = "more than 2 GiB of XML"
    fileprivate static let emptyXMLFile: Diagnostic.Message = "an empty file"
    fileprivate static let libxml2CannotMakeParser: Diagnostic.Message = "libxml2 could not make a parser"
    fileprivate static let xmlDeclaresEntities: Diagnostic.Message = "the file declares entities (<!ENTITY …>), which are refused: one entity referenced many times can make a small file expand to gigabytes"
    /// libxml2's own words when it gives some.
    fileprivate static func notReadableXML(line: Int32, libxml2Error: String?) -> Diagnostic.Message { "not readable XML (line \(line)): \(libxml2Error ?? "not well-formed")" }
    fileprivate static let xmlWithoutElement: Diagnostic.Message = "an XML file without an element"
    fileprivate static func tooManyXMLElements(limit: Int) -> Diagnostic.Message { "more than \(limit) XML elements" }
}
