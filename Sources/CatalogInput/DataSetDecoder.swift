import AssetModel
import AssetPlatform

/// Reads one `.dataset`: each entry's file (any kind of file), idiom and type identifier. The files
/// themselves are read only when Assets.car is made.
struct DataSetDecoder {
    let platform: ApplePlatform
    static let setKeys: Set<String> = ["info", "data", "properties"]
    static let entryKeys: Set<String> = ["idiom", "filename", "universal-type-identifier", "memory", "graphics-feature-set",
                                         "platform", "locale", "subtype"]

    func decode(folder: String, setPath: String, name: String, diagnostics: inout [Diagnostic], inputs: inout [String]) -> CatalogDataSet? {
        guard let file = ContentsFile.readSet(folder, kind: "data set", name: name, allowedKeys: Self.setKeys, diagnostics: &diagnostics,
                                              inputs: &inputs) else { return nil }
        guard let items = file.list("data", kind: "data set", name: name, diagnostics: &diagnostics) else { return nil }
        var entries: [CatalogDataSet.Entry] = []
        var platformOnly: [Bool] = []  // parallel to `entries`: a `mac` file of a Mac build
        var referenced: Set<String> = []
        var skippedForTraits = 0
        for item in items {
            file.warnUnknownKeys(Self.entryKeys, in: item, what: "a data entry", diagnostics: &diagnostics)
            guard let filename = file.string("filename", of: item, diagnostics: &diagnostics) else { continue }  // an empty slot
            referenced.insert(filename)
            let match = Idiom.InCatalog(file.string("idiom", of: item, diagnostics: &diagnostics)).applies(on: platform)
            if match == .otherPlatform { continue }  // watch, tv… (mac on iOS, iphone on macOS): another platform's file
            let idiom = match.device
            // A localized entry is keyed by its locale in the car, as a localized image is; other
            // traits are not known to be keyed the same way for data (no actool car shows one).
            var locale: String?
            if file.member("locale", of: item) != nil {
                guard let text = file.string("locale", of: item, diagnostics: &diagnostics), CatalogTraitSlot.isLocaleName(text) else {
                    skippedForTraits += 1
                    continue
                }
                locale = text
            }
            if ["memory", "graphics-feature-set", "subtype"].contains(where: { file.member($0, of: item) != nil }) {
                skippedForTraits += 1
                continue
            }
            guard let path = SetEntryFile.path(filename, of: item, in: file, folder: folder, set: name, kind: .dataSet,
                                               diagnostics: &diagnostics, inputs: &inputs) else { continue }
            let type = file.string("universal-type-identifier", of: item, diagnostics: &diagnostics)
            entries.append(CatalogDataSet.Entry(idiom: idiom, filename: filename, path: path, typeIdentifier: type?.isEmpty == false ? type : nil,
                                                locale: locale))
            platformOnly.append(match == .platformOnly)
        }
        entries = PlatformOverride.resolve(entries, platformOnly: platformOnly) { $0.locale ?? "" }
        if skippedForTraits > 0 {
            diagnostics.append(.note(file.path, .dataEntriesSkippedForTraits(skippedForTraits, inSet: name)))
        }
        SetEntryFile.warnUnassigned(in: folder, referenced: referenced, file: file, set: name, kind: .dataSet, diagnostics: &diagnostics)
        guard !entries.isEmpty else { return nil }
        return CatalogDataSet(name: name, setPath: setPath, contentsPath: file.path, entries: entries)
    }
}

extension Diagnostic.Message {
    fileprivate static func dataEntriesSkippedForTraits(_ count: Int, inSet name: String) -> Diagnostic.Message { "skipped \(count) entr\(count == 1 ? "y" : "ies") of the data set \"\(name)\" chosen by memory, graphics or subtype, or by a locale that is not a language tag" }
}
