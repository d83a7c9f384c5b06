import AssetModel
import AssetPlatform

/// Reads one `.symbolset`: its template file. The template itself is read only when Assets.car is
/// made (its glyphs are renditions of the car, not loose files).
struct SymbolSetDecoder {
    static let setKeys: Set<String> = ["info", "symbols", "properties"]
    static let entryKeys: Set<String> = ["idiom", "filename", "language-direction", "locale"]

    func decode(folder: String, setPath: String, name: String, diagnostics: inout [Diagnostic], inputs: inout [String]) -> CatalogSymbolSet? {
        guard let file = ContentsFile.readSet(folder, kind: "symbol set", name: name, allowedKeys: Self.setKeys, diagnostics: &diagnostics,
                                              inputs: &inputs) else { return nil }
        guard let items = file.list("symbols", kind: "symbol set", name: name, consequence: .symbolLookupFindsNothing(name),
                                    diagnostics: &diagnostics) else { return nil }
        // Xcode's "Render As" for a symbol. The drawings CoreUI knows are kept (docs/assets-car.md);
        // another value is said and the set gets the default drawing.
        var intent: String?
        if let properties = file.member("properties", of: file.root),
           let text = file.string("symbol-rendering-intent", of: properties, diagnostics: &diagnostics) {
            if CatalogSymbolSet.knownRenderingIntents.contains(text) {
                intent = text
            } else {
                diagnostics.append(.note(file.path, .symbolRenderingIntentUnknown(text, inSet: name)))
            }
        }
        var chosen: CatalogSymbolSet?
        var referenced: Set<String> = []
        var skipped = 0
        var sawIOSEntry = false, sawFile = false
        for item in items {
            file.warnUnknownKeys(Self.entryKeys, in: item, what: "a symbol entry", diagnostics: &diagnostics)
            guard let filename = file.string("filename", of: item, diagnostics: &diagnostics) else { continue }  // an empty slot
            referenced.insert(filename)
            sawFile = true
            switch file.string("idiom", of: item, diagnostics: &diagnostics) ?? "universal" {
            case "universal", "iphone", "ipad": break
            default: continue  // mac, watch, tv…: not an iOS template
            }
            sawIOSEntry = true
            // One template per set: right-to-left and localized templates are not compiled (no car
            // with one has been seen), and a second universal entry would be a duplicate.
            guard chosen == nil, file.member("language-direction", of: item) == nil, file.member("locale", of: item) == nil else {
                skipped += 1
                continue
            }
            guard let path = SetEntryFile.path(filename, of: item, in: file, folder: folder, set: name, kind: .symbolSet,
                                               diagnostics: &diagnostics, inputs: &inputs) else { continue }
            chosen = CatalogSymbolSet(name: name, setPath: setPath, contentsPath: file.path, filename: filename, path: path, renderingIntent: intent)
        }
        if skipped > 0 {
            diagnostics.append(.note(file.path, .symbolTemplatesSkipped(skipped, inSet: name)).droppingContent())
        }
        SetEntryFile.warnUnassigned(in: folder, referenced: referenced, file: file, set: name, kind: .symbolSet, diagnostics: &diagnostics)
        if !sawIOSEntry {
            // An empty set (Meshtastic's `Symbol.symbolset`) names no file at all: said so.
            diagnostics.append(.warning(file.path, .symbolSetHasNoIOSTemplate(name, namesAFile: sawFile)).droppingContent())
        }
        return chosen
    }
}

extension Diagnostic.Message {
    /// What becomes of a symbol set without its `symbols` list (`ContentsFile.list`'s consequence).
    fileprivate static func symbolLookupFindsNothing(_ name: String) -> Diagnostic.Message { "UIImage(named: \"\(name)\") will find nothing" }

    fileprivate static func symbolRenderingIntentUnknown(_ intent: String, inSet name: String) -> Diagnostic.Message { "the symbol set \"\(name)\" asks to be drawn \"\(intent)\", which assetc does not know; it gets the default drawing (template, monochrome, multicolor and hierarchical are kept)" }

    fileprivate static func symbolTemplatesSkipped(_ count: Int, inSet name: String) -> Diagnostic.Message { "skipped \(count) template\(count == 1 ? "" : "s") of the symbol set \"\(name)\" chosen by language direction or locale, or after the first" }

    /// `namesAFile`: whether any entry names a file (an empty set names none).
    fileprivate static func symbolSetHasNoIOSTemplate(_ name: String, namesAFile: Bool) -> Diagnostic.Message {
        let what = namesAFile ? "has no template for iOS" : "names no template file"
        return "the symbol set \"\(name)\" \(what); UIImage(named: \"\(name)\") will find nothing"
    }
}
