/// Names made into Swift identifiers the way SwiftGen's users know them (its `swiftIdentifier:"pretty"`,
/// `lowerFirstWord` and `escapeReservedKeywords` filters): words split at anything that is not a
/// letter or digit, each word capitalised, a leading digit prefixed with `_`, properties starting
/// with a lower-case word, keywords in backticks.
enum SwiftIdentifiers {
    /// The same list Xcode's asset symbols escape (one rule for both generators).
    static var keywords: Set<String> { AssetSymbolNaming.keywords }

    /// `flag.at` → `FlagAt`, `Icons - Test Tube` → `IconsTestTube`, `24Vision` → `_24Vision`.
    static func typeName(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var result = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        // No letter or digit at all (`★`, an emoji): the scalars' hex values, so the identifier is
        // not the bare `_`, which Swift does not accept as a property name.
        if result.isEmpty { result = "_" + name.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "_") }
        if result.first!.isNumber { result = "_" + result }
        return result
    }

    /// `AccountCloudKit` → `accountCloudKit`, `URLBar` → `urlBar`, `ABC` → `abc`.
    static func propertyName(_ name: String) -> String {
        let type = typeName(name)
        let characters = Array(type)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        let lowered: String
        if upperRun == 0 {
            lowered = type
        } else if upperRun == 1 || upperRun == characters.count {
            lowered = String(characters[..<upperRun]).lowercased() + String(characters[upperRun...])
        } else {
            // `URLBar`: the last capital starts the next word.
            lowered = String(characters[..<(upperRun - 1)]).lowercased() + String(characters[(upperRun - 1)...])
        }
        return escaped(lowered)
    }

    static func escaped(_ identifier: String) -> String {
        AssetSymbolNaming.escapingKeyword(identifier)
    }

    /// Type names a nested enum must not take: `Type`, `Protocol` and `Self` name the metatype or
    /// the enclosing type after a dot even in backticks, and the generated file's own types, which
    /// its lines name unqualified, would be shadowed. Such a namespace gets a trailing underscore
    /// (`Asset.Images.Type_`). `Images` and `Colors` are free: `Asset.Colors.Colors` compiles.
    static let reservedTypeNames: Set<String> = ["Type", "Protocol", "Self", "ImageAsset", "ColorAsset", "AssetCapInsets", "DataAsset"]

    /// `typeName` for a nested enum: reserved names get a trailing underscore.
    static func enumName(_ name: String) -> String {
        let type = typeName(name)
        return reservedTypeNames.contains(type) ? type + "_" : type
    }

    /// Identifiers for one scope's members, from each one's identifier and the asset name it came
    /// from. Where names read as one identifier (`info-16` and `Info-16`), the name that needed the
    /// fewest changes keeps it (`info-16`: one dash dropped) and the others take the next free
    /// number, after an underscore when the identifier ends in a digit (`info16_2`, not `info162`);
    /// `collidedWith` names the one that kept it, for the warning.
    static func resolveCollisions(_ members: [(identifier: String, name: String)]) -> [(identifier: String, collidedWith: String?)] {
        var groups: [String: [Int]] = [:]
        for (position, member) in members.enumerated() { groups[member.identifier, default: []].append(position) }
        var result = members.map { (identifier: $0.identifier, collidedWith: String?.none) }
        var taken = Set(members.map { $0.identifier.trimmingBackticks() })
        for identifier in groups.keys.sorted() {
            let positions = groups[identifier]!
            guard positions.count > 1 else { continue }
            let ordered = positions.sorted { a, b in
                let costA = changeCount(members[a].name, identifier), costB = changeCount(members[b].name, identifier)
                return costA != costB ? costA < costB : SwiftAccessors.byteOrder(members[a].name, members[b].name)
            }
            let bare = identifier.trimmingBackticks()
            let separator = bare.last?.isNumber == true ? "_" : ""
            var number = 2
            for position in ordered.dropFirst() {
                while taken.contains(bare + separator + "\(number)") { number += 1 }
                taken.insert(bare + separator + "\(number)")
                result[position] = (bare + separator + "\(number)", members[ordered[0]].name)
            }
        }
        return result
    }

    /// How far `identifier` is from the last part of `name`: characters dropped and letters whose
    /// case changed.
    static func changeCount(_ name: String, _ identifier: String) -> Int {
        let last = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
        let kept = Array(last.filter { $0.isLetter || $0.isNumber })
        let made = Array(identifier.trimmingBackticks().filter { $0.isLetter || $0.isNumber })
        var changes = last.count - kept.count
        for (a, b) in zip(kept, made) where a != b { changes += 1 }
        return changes + abs(kept.count - made.count)
    }
}
