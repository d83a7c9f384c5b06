import AssetModel

// An icon set's file, checked as actool checks it: a plain name inside the set, a PNG of exactly the
// slot's pixels, not interlaced, and opaque where App Store Connect asks for it.
extension IconPlanner {
    /// A required slot's problem: an error, or in the actool mode the warning actool gives (it warns
    /// `A 83.5x83.5@2x app icon is required for iPad apps targeting iOS 9.0 and later` and
    /// `… is 58x48 but should be 58x58`), marked so that `check` fails on it.
    func requiredSlotProblem(_ path: String, at location: SourceLocation? = nil, _ message: Diagnostic.Message) -> Diagnostic {
        request.actoolSeverities ? Diagnostic.warning(path, at: location, message).droppingContent() : .error(path, at: location, message)
    }

    func checkFile(_ file: String, setPath: String, setName: String, expected: Int, entry: CatalogEntry,
                           required: Bool, rule: AppStoreRule? = nil, requireOpaque: Bool, diagnostics: inout [Diagnostic],
                           checked: inout [String: Bool]) -> String? {
        // An optional slot's file left out is a warning that drops content: `check` fails on it.
        func problem(_ path: String, _ message: Diagnostic.Message) -> Diagnostic {
            required ? requiredSlotProblem(path, message).reporting(rule) : Diagnostic.warning(path, message).droppingContent()
        }
        if let problem = AssetCatalog.fileProblem(file) {
            diagnostics.append(.error(setPath + "/Contents.json", at: entry.location, problem))
            return nil
        }
        let path = setPath + "/" + file
        let shown = "\(setName)/\(file)"
        let info: SourceInfo
        do {
            info = try inspector.inspect(path: path, kind: .png, pages: [1])
        } catch {
            if error.isMissingFile {
                diagnostics.append(problem(path, ActoolMessage.missingFile(file, inSet: AssetCatalog.setName(ofFolder: setName))))
            } else {
                diagnostics.append(.error(path, .init(relaying: error.message)))
            }
            return nil
        }
        guard case .png(let width, let height, _, let interlaced) = info else { return nil }
        var usable = true
        if width != expected || height != expected {
            diagnostics.append(problem(path, ActoolMessage.wrongSize(shown, width: width, height: height, expectedWidth: expected, expectedHeight: expected)))
            usable = false
        }
        if interlaced, checked[path] == nil {
            if request.actoolSeverities {
                // actool reads it (Brave shipped interlaced icons from v1.40 to v1.62); the icons
                // written from it are not interlaced, as every PNG assetc writes.
                diagnostics.append(.note(path, .interlacedIconWrittenPlain(shown)))
            } else {
                diagnostics.append(.error(path, .interlacedIcon(shown)))
                usable = false
            }
        }
        if requireOpaque, usable {
            do {
                if try !inspector.isOpaque(path: path, kind: .png, page: 1) {
                    diagnostics.append(requiredSlotProblem(path, .appStoreIconHasTransparentPixels(shown)).reporting(.appStoreIconAlpha))
                    // actool copies it as it is; assetc's own commands stop.
                    usable = request.actoolSeverities
                }
            } catch {
                diagnostics.append(.error(path, .init(relaying: error.message)))
                usable = false
            }
        }
        checked[path] = usable
        return usable ? path : nil
    }
}

extension Diagnostic.Message {
    /// actool's mode: actool reads it.
    fileprivate static func interlacedIconWrittenPlain(_ shown: String) -> Diagnostic.Message { "\(shown) is an interlaced PNG; the icons written from it are not" }

    fileprivate static func interlacedIcon(_ shown: String) -> Diagnostic.Message { "\(shown) is an interlaced PNG; Apple asks for non-interlaced icons" }

    fileprivate static func appStoreIconHasTransparentPixels(_ shown: String) -> Diagnostic.Message { "\(shown) has transparent pixels; the App Store icon must be opaque (App Store Connect rejects it with ITMS-90717)" }
}
