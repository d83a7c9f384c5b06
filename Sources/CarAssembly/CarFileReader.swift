import AssetModel

/// How the car's assembly reads the files it reads only when it needs them — the catalogs' vectors
/// (copied out of the last car when unchanged) and the PNGs the build rendered (decoded `jobs` at a
/// time) — handed in by the façade (as swift-driver is handed its file system), so the stage opens
/// no file itself and a test can give it a table. `limit`: the most bytes the file may hold; a
/// larger one is an error naming it. Every other file comes as a value (`CatalogSetContents`).
public struct CarFileReader: Sendable {
    public var read: @Sendable (_ path: String, _ limit: Int) throws(FileError) -> [UInt8]
    /// A file's SHA-256 as the build already knows it (the façade's source store: from an unchanged
    /// record or its first read), or nil. A vector rendition is then keyed without reading its file,
    /// and copied out of the last car when unchanged: a one-PDF change in a catalog of 2,000 single-PDF
    /// sets read and hashed the other 1,999 (docs/performance.md).
    public var knownSHA256: @Sendable (_ path: String) -> String?

    public init(read: @escaping @Sendable (_ path: String, _ limit: Int) throws(FileError) -> [UInt8],
                knownSHA256: @escaping @Sendable (_ path: String) -> String? = { _ in nil }) {
        (self.read, self.knownSHA256) = (read, knownSHA256)
    }
}
