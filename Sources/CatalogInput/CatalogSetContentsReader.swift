import AssetModel
import AssetPlatform

/// Reads the files a car embeds whole (`CatalogSetContents`): the main bundle's data-set files,
/// symbol templates and car-only slots' images, each once, up to its limit. What cannot be read is kept as its error: the car's
/// assembly reports it for the entry that uses it.
public enum CatalogSetContentsReader {
    public typealias Read = @Sendable (_ path: String, _ limit: Int) throws(FileError) -> [UInt8]

    /// The file system: regular files only, up to `limit` bytes.
    public static let live: Read = { path, limit throws(FileError) in try FileSystem.read(path, limit: limit) }

    /// Every data-set file of the main bundle's data sets, up to the source limit.
    public static func dataFiles(_ records: CatalogRecords, read: Read = live) -> [String: Result<[UInt8], FileError>] {
        let paths = records.dataSets.filter { $0.bundle == .main }.flatMap { $0.entries.map(\.path) }
        return readEach(paths, limit: Limits.maximumSourceBytes, read: read)
    }

    /// Every template of the main bundle's symbol sets, up to the template limit.
    public static func symbolTemplates(_ records: CatalogRecords, read: Read = live) -> [String: Result<[UInt8], FileError>] {
        let paths = records.symbolSets.filter { $0.bundle == .main }.map(\.symbolSet.path)
        return readEach(paths, limit: Limits.maximumSymbolTemplateBytes, read: read)
    }

    /// Every raster file of the main bundle's car-only slots (vector slots are drawn by the renders),
    /// up to the source limit.
    public static func traitSlotFiles(_ records: CatalogRecords, read: Read = live) -> [String: Result<[UInt8], FileError>] {
        let paths = records.images.filter { $0.bundle == .main }.flatMap { $0.properties.traitSlots.filter { !$0.isVector }.map(\.path) }
        return readEach(paths, limit: Limits.maximumSourceBytes, read: read)
    }

    private static func readEach(_ paths: [String], limit: Int, read: Read) -> [String: Result<[UInt8], FileError>] {
        var files: [String: Result<[UInt8], FileError>] = [:]
        for path in paths where files[path] == nil {
            do throws(FileError) {
                files[path] = .success(try read(path, limit))
            } catch {
                files[path] = .failure(error)
            }
        }
        return files
    }
}
