import AssetModel
import CCairo
import CPoppler
import CRSVG
import PNGShim

/// The libraries a render depends on, with their versions, and the font set substitutions come
/// from. Its fingerprint is part of every cache key: upgrading Poppler or adding a font re-renders,
/// and a render cache shared between machines (Bazel, Ninja with a shared output) is only reused
/// between machines whose renders would be the same.
public struct Toolchain: Sendable {
    public let libraries: [(name: String, version: String)]
    public let fontFiles: Int
    public let fontSetHash: String
    /// One hash of all of it; computed once, as every cache key includes it.
    public let fingerprint: String

    init(libraries: [(name: String, version: String)], fontFiles: Int, fontSetHash: String) {
        self.libraries = libraries
        self.fontFiles = fontFiles
        self.fontSetHash = fontSetHash
        let text = libraries.map { "\($0.name) \($0.version)" }.joined(separator: "\n") + "\nfonts \(fontFiles) \(fontSetHash)"
        fingerprint = sha256Hex(Array(text.utf8))
    }

    /// Computed once per process: fontconfig's first call reads its caches.
    public static let current: Toolchain = {
        let fonts = Fonts.installedFiles()
        // File names and sizes, not paths: the same fonts in another checkout or container path
        // give the same fingerprint.
        let fontText = fonts.map { font in
            "\(FilePath(font.path).lastComponent)\t\(font.bytes)" + (font.sha256.map { "\t" + $0 } ?? "")
        }.sorted().joined(separator: "\n")
        return Toolchain(
            libraries: [
                ("poppler", String(cString: poppler_get_version())),
                ("cairo", String(cString: cairo_version_string())),
                ("librsvg", "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)"),
                ("libpng", String(cString: assetc_libpng_version())),
                ("libdeflate", String(cString: assetc_libdeflate_version())),
                ("libwebp", WebPCodec.version),
                ("libheif", HEIFCodec.version),
                ("lcms2", SRGBConversion.version),
                ("qpdf", QPDFRepair.version),
                ("fontconfig", Fonts.version),
            ],
            fontFiles: fonts.count, fontSetHash: sha256Hex(Array(fontText.utf8)))
    }()

    /// `assetc version --toolchain`.
    public var lines: [String] {
        libraries.map { "\($0.name) \($0.version)" }
            + ["fonts \(fontFiles) files, sha256 \(fontSetHash)", "fingerprint \(fingerprint)"]
    }
}
