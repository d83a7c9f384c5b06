/// The dependency file actool writes for `--export-dependency-info`, in ld64's binary format
/// (ld64 `Options::writeDependencyInfo`, read strictly by swift-build's `DependencyInfo`): one
/// record per line of thought — an opcode byte and a NUL-terminated path — with the version record
/// first, then the records sorted by opcode and path "for build reproducibility", as ld64 sorts them.
/// No header and no trailing byte: swift-build rejects any opcode it does not know.
public struct LinkerDependencyInfo: Sendable, Equatable {
    public var version: String
    /// Files and folders read (`0x10`); actool records each input catalog folder.
    public var inputs: [String]
    /// Files looked for and not found (`0x11`).
    public var missing: [String]
    /// Files written (`0x40`).
    public var outputs: [String]

    public init(version: String, inputs: [String], missing: [String] = [], outputs: [String]) {
        (self.version, self.inputs, self.missing, self.outputs) = (version, inputs, missing, outputs)
    }

    public var bytes: [UInt8] {
        var bytes: [UInt8] = [0x00] + Array(version.utf8) + [0]
        for (opcode, paths) in [(UInt8(0x10), inputs), (0x11, missing), (0x40, outputs)] {
            for path in Set(paths).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                bytes += [opcode] + Array(path.utf8) + [0]
            }
        }
        return bytes
    }
}
