/// One entry of an Xcode `.appiconset` or `.launchimage` `Contents.json`, as far as assetc reads it.
/// Keys Xcode adds that assetc does not need (author, version, properties...) are ignored.
public struct CatalogEntry: Sendable, Hashable {
    public var idiom: String?
    public var size: String?
    public var scale: String?
    public var filename: String?
    public var platform: String?
    public var subtype: String?
    public var orientation: String?
    public var extent: String?
    public var minimumSystemVersion: String?
    public var hasAppearances: Bool
    /// The value of the entry's one `luminosity` appearance (`dark`, `tinted`: iOS 18's app icons);
    /// nil when it has none, or other appearances besides.
    public var luminosity: String?
    public var location: SourceLocation

    public init(idiom: String?, size: String?, scale: String?, filename: String?, platform: String?, subtype: String?,
                orientation: String?, extent: String?, minimumSystemVersion: String?, hasAppearances: Bool,
                luminosity: String? = nil, location: SourceLocation) {
        (self.idiom, self.size, self.scale, self.filename, self.platform, self.subtype) = (idiom, size, scale, filename, platform, subtype)
        (self.orientation, self.extent, self.minimumSystemVersion) = (orientation, extent, minimumSystemVersion)
        (self.hasAppearances, self.luminosity, self.location) = (hasAppearances, luminosity, location)
    }

    /// "2x" → 2; nil when absent or malformed.
    public var scaleValue: Int? {
        guard let scale, scale.hasSuffix("x"), let value = Int(scale.dropLast()), (1...3).contains(value) else { return nil }
        return value
    }

    /// "83.5x83.5" → 83.5 (square sizes only).
    public var squarePoints: Double? {
        guard let size else { return nil }
        let parts = size.split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w == h, w > 0 else { return nil }
        return w
    }
}

/// An app icon set or launch image set as the input stage read it: the entries of its
/// Contents.json, how many files in its folder no entry names (actool's "unassigned child"), and
/// which named files the folder does not hold.
public struct CatalogSlotSet: Sendable, Hashable {
    /// The set's folder, resolved (`App/Assets.xcassets/AppIcon.appiconset`).
    public var setPath: String
    public var entries: [CatalogEntry]
    public var unassignedChildren: Int
    /// File names entries give that are not in the folder. Planning skips some slots without
    /// reading their file (dark icons, other platforms); a deletion there must still be reported,
    /// or `check` passes a commit that broke the set for Xcode.
    public var missingFiles: Set<String>
    /// Entries whose file exists only in another case or Unicode normalization (a Mac finds it):
    /// the entry already holds the file's spelling; these warnings name both, reported where
    /// planning uses the set.
    public var spellingWarnings: [Diagnostic]

    public init(setPath: String, entries: [CatalogEntry], unassignedChildren: Int = 0, missingFiles: Set<String> = [],
                spellingWarnings: [Diagnostic] = []) {
        (self.setPath, self.entries, self.unassignedChildren, self.missingFiles) = (setPath, entries, unassignedChildren, missingFiles)
        self.spellingWarnings = spellingWarnings
    }

    public var contentsPath: String { setPath + "/Contents.json" }

    /// A set folder without its Contents.json (a merge can delete it and leave the folder): an
    /// error where the build uses the set, a warning that `check` fails on where it does not, as
    /// for image sets (docs/catalogs.md).
    public static func missingContents(_ setPath: String) -> Diagnostic {
        let folder = FilePath(setPath)
        let isLaunchImageSet = folder.lastComponent.lowercased().hasSuffix(".launchimage")
        return .error(setPath, .setHasNoContentsFile(folder.stem, isLaunchImageSet: isLaunchImageSet))
    }
}

/// Every slot set a build may use, read once by the input stage (`CatalogInput.SlotSetReader`),
/// by resolved folder. A set that could not be read keeps its errors: planning reports them only
/// where it uses the set (a broken alternate icon set is a warning, a broken primary an error).
public struct CatalogSlotSets: Sendable {
    public var sets: [String: Result<CatalogSlotSet, InputError>]

    public init(_ sets: [String: Result<CatalogSlotSet, InputError>] = [:]) {
        self.sets = sets
    }

    public func set(at setPath: String) throws(InputError) -> CatalogSlotSet {
        guard let read = sets[setPath] else {
            let contentsPath = setPath + "/Contents.json"
            throw InputError([.error(contentsPath, .setNotReadByInputStage)])
        }
        return try read.get()
    }
}

extension Diagnostic.Message {
    fileprivate static func setHasNoContentsFile(_ name: String, isLaunchImageSet: Bool) -> Diagnostic.Message { "the \(isLaunchImageSet ? "launch image set" : "app icon set") \"\(name)\" has no Contents.json" }

    fileprivate static let setNotReadByInputStage: Diagnostic.Message = "the set was not read by the input stage"
}
