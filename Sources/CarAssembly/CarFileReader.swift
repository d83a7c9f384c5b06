import AssetModel

/// How the car's assembly reads the files it is made from — the catalogs' vectors, car-only slots,
/// data and symbol templates, and the PNGs the build rendered — handed in by the façade (as
/// swift-driver is handed its file system), so the stage opens no file itself and a test can give
/// it a table. `limit`: the most bytes the file may hold; a larger one is an error naming it.
public struct CarFileReader: Sendable {
    public var read: @Sendable (_ path: String, _ limit: Int) throws(FileError) -> [UInt8]

    public init(read: @escaping @Sendable (_ path: String, _ limit: Int) throws(FileError) -> [UInt8]) { self.read = read }
}
