import AssetModel
import AssetPlatform
import CFontconfig

/// The only file that touches fontconfig: which fonts this machine would substitute for text a PDF
/// or SVG does not embed. Part of the toolchain fingerprint (a different font set can render the
/// same source differently).
public enum Fonts {
    /// Makes fontconfig see only the fonts in `directory`, for this process, before anything renders:
    /// text a source does not embed is then drawn from the manifest's fonts on every machine (or not
    /// at all), never from whatever the machine has installed. Must run before the first render and
    /// before `Toolchain.current`, which hashes the font set.
    public static func restrict(to directory: String) throws(SourceError) {
        guard let config = FcConfigCreate() else { throw SourceError(.fontconfigCannotCreateConfiguration) }
        // File by file: adding a whole folder makes fontconfig try to write a cache for it (and
        // print when it cannot), and a library must not print.
        for file in fontFiles(in: directory, depth: 0) {
            _ = file.withCString { path in
                FcConfigAppFontAddFile(config, UnsafeRawPointer(path).assumingMemoryBound(to: FcChar8.self))
            }
        }
        guard FcConfigSetCurrent(config) != 0 else { throw SourceError(.fontconfigRefusedFontsFolder) }
    }

    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "pfa", "pfb", "woff", "woff2"]

    /// Font files in a folder and its subfolders (not following links out of it), sorted.
    static func fontFiles(in directory: String, depth: Int) -> [String] {
        guard depth < 8 else { return [] }
        var files: [String] = []
        for name in FileSystem.list(directory) where !name.hasPrefix(".") {
            let path = directory + "/" + name
            switch FileSystem.kind(path) {
            case .directory: files += fontFiles(in: path, depth: depth + 1)
            case .file:
                if let dot = name.lastIndex(of: "."), fontExtensions.contains(name[name.index(after: dot)...].lowercased()) {
                    files.append(path)
                }
            default: continue
            }
        }
        return files
    }

    /// fontconfig's version, `2.14.1`.
    static var version: String {
        let value = Int(FcGetVersion())
        return "\(value / 10000).\(value / 100 % 100).\(value % 100)"
    }

    /// The font files of a project's fonts folder, sorted: inputs of the build (a depfile lists
    /// them, so Make sees a font replaced in place, which leaves the folder's time alone).
    public static func projectFontFiles(in directory: String) -> [String] {
        fontFiles(in: directory, depth: 0).sorted { ByteExactPath($0) < ByteExactPath($1) }
    }

    /// Every font file fontconfig offers, with its size, sorted: what a substitution can pick from.
    /// The project's own fonts (the application set `restrict(to:)` fills) also carry a hash of
    /// their bytes: a font replaced by another of the same name and size must re-render. The
    /// system's fonts, often hundreds of files, are identified by name and size only.
    static func installedFiles() -> [(path: String, bytes: Int, sha256: String?)] {
        guard FcInit() != 0, let config = FcConfigGetCurrent() else { return [] }
        var files: [String: (bytes: Int, sha256: String?)] = [:]
        // The system set, and the application set that `restrict(to:)` fills.
        for kind in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(config, kind) else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[index] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
                guard files[path] == nil else { continue }
                let hash = kind == FcSetApplication ? (try? FileSystem.read(path)).map(sha256Hex) ?? "unreadable" : nil
                files[path] = (FileSystem.fileSize(path) ?? -1, hash)
            }
        }
        return files.sorted { ByteExactPath($0.key) < ByteExactPath($1.key) }.map { ($0.key, $0.value.bytes, $0.value.sha256) }
    }
}

extension Diagnostic.Message {
    fileprivate static let fontconfigCannotCreateConfiguration: Diagnostic.Message = "fontconfig could not create a configuration"
    fileprivate static let fontconfigRefusedFontsFolder: Diagnostic.Message = "fontconfig would not use the fonts folder"
}
