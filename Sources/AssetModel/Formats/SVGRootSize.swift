/// An SVG's size from its root element alone — `width` and `height` in CSS units (96 to the
/// inch), else the `viewBox`'s — read by scanning the start of the file, without an XML parser:
/// nothing is expanded (an Illustrator file's `<!ENTITY …>` declarations are skipped, not
/// refused) and nothing past the root's start tag is read. For Icon Composer layers' frames, where
/// only the size is needed and the drawing is librsvg's, in the render workers.
public enum SVGRootSize {
    public static func size(_ bytes: [UInt8]) -> PointSize? {
        guard let attributes = rootAttributes(bytes) else { return nil }
        func trimmed(_ text: Substring) -> String {
            String(text.drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
        }
        func length(_ raw: String?) -> Double? {
            guard let raw else { return nil }
            let text = trimmed(Substring(raw))
            guard !text.isEmpty, !text.hasSuffix("%") else { return nil }
            // Relative units (`em`, `ex`) are not absolute: the viewBox decides then.
            if text.hasSuffix("em") || text.hasSuffix("ex") { return nil }
            let units: [(String, Double)] = [("px", 1), ("pt", 96.0 / 72), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4)]
            for (unit, factor) in units where text.hasSuffix(unit) {
                return Double(trimmed(text.dropLast(unit.count))).map { $0 * factor }
            }
            return Double(text)
        }
        let box = attributes["viewBox"]?.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).compactMap { Double($0) }
        // As librsvg sizes it for the flattened icon: both lengths when both are absolute and
        // above zero, else the viewBox's (never one of each, which would change the shape).
        if let width = length(attributes["width"]), let height = length(attributes["height"]),
           width.isFinite, height.isFinite, width > 0, height > 0 {
            return PointSize(width: width, height: height)
        }
        guard let box, box.count == 4, box[2].isFinite, box[3].isFinite, box[2] > 0, box[3] > 0 else { return nil }
        return PointSize(width: box[2], height: box[3])
    }

    /// The root element's attributes, when the file starts (after a BOM, the XML declaration,
    /// processing instructions, comments and a DOCTYPE) with an `svg` element.
    static func rootAttributes(_ bytes: [UInt8]) -> [String: String]? {
        var at = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func starts(_ text: String) -> Bool { bytes[at...].starts(with: Array(text.utf8)) }
        func skip(past text: String) -> Bool {
            let needle = Array(text.utf8)
            while at + needle.count <= bytes.count {
                if bytes[at..<(at + needle.count)].elementsEqual(needle) { at += needle.count; return true }
                at += 1
            }
            return false
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while true {
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "<") else { return nil }
            if starts("<?") {
                guard skip(past: "?>") else { return nil }
            } else if starts("<!--") {
                guard skip(past: "-->") else { return nil }
            } else if starts("<!") {
                // A DOCTYPE, its internal subset in brackets (entity declarations) skipped whole.
                var depth = 0
                at += 2
                while at < bytes.count {
                    let byte = bytes[at]
                    at += 1
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") { depth -= 1 }
                    if byte == UInt8(ascii: ">"), depth <= 0 { break }
                }
            } else {
                break
            }
        }
        at += 1
        var name: [UInt8] = []
        while at < bytes.count, !isSpace(bytes[at]), bytes[at] != UInt8(ascii: ">"), bytes[at] != UInt8(ascii: "/") {
            name.append(bytes[at])
            at += 1
        }
        let local = String(decoding: name, as: UTF8.self).split(separator: ":").last.map(String.init)
        guard local == "svg" else { return nil }
        var attributes: [String: String] = [:]
        while at < bytes.count {
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] != UInt8(ascii: ">"), bytes[at] != UInt8(ascii: "/") else { break }
            var key: [UInt8] = []
            while at < bytes.count, !isSpace(bytes[at]), bytes[at] != UInt8(ascii: "=") { key.append(bytes[at]); at += 1 }
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { return nil }
            at += 1
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[at]
            at += 1
            let start = at
            while at < bytes.count, bytes[at] != quote { at += 1 }
            guard at < bytes.count else { return nil }
            attributes[String(decoding: key, as: UTF8.self)] = String(decoding: bytes[start..<at], as: UTF8.self)
            at += 1
        }
        return attributes
    }
}
