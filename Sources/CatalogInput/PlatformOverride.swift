/// A set's entries once its platform's own idiom has had its say: where a `mac` entry and a
/// universal one select the same traits (scale, appearance, locale…), the Mac build keeps the `mac`
/// one, as actool's Mac car does (`Idiom.PlatformMatch.platformOnly`); every other entry stays, in
/// its order.
enum PlatformOverride {
    static func resolve<Entry, Key: Hashable>(_ entries: [Entry], platformOnly: [Bool], key: (Entry) -> Key) -> [Entry] {
        guard platformOnly.contains(true) else { return entries }
        let replaced = Set(zip(entries, platformOnly).filter(\.1).map { key($0.0) })
        return zip(entries, platformOnly).filter { $0.1 || !replaced.contains(key($0.0)) }.map(\.0)
    }
}
