/// `<output>/.assetc/state.json`: what the last successful build wrote, so the next one can skip
/// unchanged outputs and remove only files that assetc itself created.
public struct BuildState: Sendable, Equatable {
    public struct Output: Sendable, Equatable {
        /// Hash of everything that determines the file's bytes (see `Builder.cacheKey`).
        public var key: String
        public var bytes: Int
        public var sha256: String
    }

    public static let formatVersion = 1
    /// Keyed by path relative to the output folder, e.g. `Resources/Button@2x.png`.
    public var outputs: [String: Output] = [:]

    public init(outputs: [String: Output] = [:]) { self.outputs = outputs }

    public func serialized() -> String {
        var entries: [String: JSONOutput] = [:]
        for (path, output) in outputs {
            entries[path] = .object([
                "key": .string(output.key), "bytes": .integer(output.bytes), "sha256": .string(output.sha256),
            ])
        }
        return JSONOutput.object(["formatVersion": .integer(Self.formatVersion), "outputs": .object(entries)])
            .serialized()
    }

    /// Parses a state file; anything unexpected yields an empty state (a full rebuild), never an error.
    public static func parse(_ bytes: [UInt8]) -> BuildState {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value,
              members.contains(where: { $0.key == "formatVersion" && $0.value.integerValue == formatVersion }),
              let outputsNode = members.first(where: { $0.key == "outputs" })?.value,
              case .object(let entries) = outputsNode.value else { return BuildState() }
        var state = BuildState()
        for entry in entries {
            guard case .object(let fields) = entry.value.value,
                  let key = fields.first(where: { $0.key == "key" })?.value.stringValue,
                  let bytes = fields.first(where: { $0.key == "bytes" })?.value.integerValue,
                  let sha = fields.first(where: { $0.key == "sha256" })?.value.stringValue else { continue }
            state.outputs[entry.key] = Output(key: key, bytes: bytes, sha256: sha)
        }
        return state
    }
}

extension JSONNode {
    var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var integerValue: Int? {
        if case .number(let number, _) = value, number == number.rounded(), abs(number) < 1e15 { return Int(number) }
        return nil
    }
}
