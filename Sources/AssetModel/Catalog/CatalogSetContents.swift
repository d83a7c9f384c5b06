/// The files a car embeds whole, as the input stage read them: each data set's files (NSDataAsset
/// hands the app their bytes), each symbol set's template and each car-only slot's image, by path. CatalogInput's
/// `CatalogSetContentsReader` reads them; the car's assembly takes them as values and opens no file
/// for them. A file that could not be read keeps its `FileError`, so the car's assembly says so for
/// the entry it uses, in its own order and words, as when it read the file itself.
public struct CatalogSetContents: Sendable {
    public var dataFiles: [String: Result<[UInt8], FileError>]
    public var symbolTemplates: [String: Result<[UInt8], FileError>]
    /// The raster files of image sets' car-only slots (size class, memory, graphics family, locale…).
    public var traitSlotFiles: [String: Result<[UInt8], FileError>]

    public init(dataFiles: [String: Result<[UInt8], FileError>] = [:], symbolTemplates: [String: Result<[UInt8], FileError>] = [:],
                traitSlotFiles: [String: Result<[UInt8], FileError>] = [:]) {
        (self.dataFiles, self.symbolTemplates, self.traitSlotFiles) = (dataFiles, symbolTemplates, traitSlotFiles)
    }

    /// A file's bytes; a path the reader was not asked for is a missing file.
    public static func bytes(_ path: String, in files: [String: Result<[UInt8], FileError>]) throws(FileError) -> [UInt8] {
        guard let result = files[path] else { throw FileError(.read, path: path, reason: .missing) }
        return try result.get()
    }
}
