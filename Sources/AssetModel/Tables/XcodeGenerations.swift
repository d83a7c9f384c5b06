/// The actool generations assetc can write as (`--target-xcode`): what differs between them in a car
/// and in actool's answers, each value read from public actool output (docs/xcode-generations.md
/// gives every car, repository and commit). What is not listed here is the same in every
/// generation assetc writes: the storage version (17), the key formats, the layouts, the names.
public struct XcodeGeneration: Sendable, Hashable, CustomStringConvertible {
    /// CoreUI's number in CARHEADER and its `@(#)PROGRAM:CoreUI` string: iOS cars are written
    /// through the simulator runtime's CoreUI, macOS cars through the Mac's own (`[LAR]`), so one
    /// Xcode writes two numbers (26.0: 970.1 and 969).
    public struct CoreUIVersion: Sendable, Hashable {
        public var number: UInt32
        public var project: String
        /// The CARHEADER's main version string.
        public var mainVersion: String { "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-\(project)" }
        public init(_ number: UInt32, _ project: String) { (self.number, self.project) = (number, project) }
    }

    /// `"26.0"`: what `--target-xcode` takes and actool's `short-bundle-version`.
    public var version: String
    public var build: String
    public var iOS: CoreUIVersion
    public var macOS: CoreUIVersion
    /// actool's `bundle-version` (`--version`). Where no public output of that 26.x generation
    /// shows it, the last one shown before it stands in (`bundleVersionIsKnown` false); before 26.0
    /// none is known, and `--version` leaves the key out rather than make one up.
    public var bundleVersion: String?
    public var bundleVersionIsKnown: Bool
    /// The first app icon size's `dimension2`: 0 up to Xcode 14.3 (CoreUI 804), 1 from 16.0.
    public var iconIndexBase: UInt16
    /// Icon Composer 2.0 documents (`"features"`, refractivity, a string `specular`): Xcode 27's
    /// actool reads them; 26's cannot open them.
    public var readsIconComposer2: Bool
    /// Where the values were read.
    public var sources: String

    public var description: String { version }

    /// A generation after Xcode 26.0 (26.1 on), whose actool no longer takes
    /// `--enable-icon-stack-fallback-generation`.
    public var isAfter26_0: Bool { (OSVersion(version) ?? OSVersion(26)) > OSVersion(26) }

    /// A Catalyst car is written on the Mac (ibtoold, AssetRuntime): the Mac's number.
    /// A Mac car's number is the macOS one; tvOS cars carry iOS's (Xcode 26.5's tvOS car says CoreUI
    /// 975, its iOS build's number: docs/tvos.md).
    public func coreUI(for platform: ApplePlatform) -> CoreUIVersion { platform == .macOS || platform == .macCatalyst ? macOS : iOS }

    public static let all: [XcodeGeneration] = [
        XcodeGeneration(version: "14.3", build: "14E300c", iOS: CoreUIVersion(804, "804.3"), macOS: CoreUIVersion(804, "804.3"),
                        bundleVersion: nil, bundleVersionIsKnown: false, iconIndexBase: 0, readsIconComposer2: false,
                        sources: "iOS: HFSEpayment/EpaySDK.xcframework@e408b54a Assets.car (804, CoreUI-804.3); icon numbering from 0: "
                            + "Arabjonoff/nqash-agent@356dc1c4 and ISHITA006/SenSync@f82d69ff (Xcode 14.1/14.2, CoreUI 802), the corpus's 14.3 pair; "
                            + "no macOS car seen (the iOS values stand in)"),
        XcodeGeneration(version: "16.2", build: "16C5032a", iOS: CoreUIVersion(917, "917.3"), macOS: CoreUIVersion(917, "917.3"),
                        bundleVersion: nil, bundleVersionIsKnown: false, iconIndexBase: 1, readsIconComposer2: false,
                        sources: "iOS: Infinirc/ChatNLM-App@47a5135f, emoti-front@c05a85fb (917, CoreUI-917.3; icons from 1, iPad 50/72 pt kept); "
                            + "no macOS car of 16.2 seen (the iOS values stand in)"),
        XcodeGeneration(version: "26.0", build: "17A324", iOS: CoreUIVersion(970, "970.1"), macOS: CoreUIVersion(969, "969 [LAR]"),
                        bundleVersion: "24127", bundleVersionIsKnown: true, iconIndexBase: 1, readsIconComposer2: false,
                        sources: "iOS: tristankoo-1/buildtrackapp@aba2ca1d (970, CoreUI-970.1); macOS: Zelkreps/readrevs@f27d33b2, "
                            + "ascott1/pithy@8bb95936 (969, CoreUI-969 [LAR]); bundle-version 24127: Chromium compile_car.py@61169ed3"),
        XcodeGeneration(version: "26.1", build: "17B100", iOS: CoreUIVersion(971, "971.6"), macOS: CoreUIVersion(971, "971.6 [LAR]"),
                        bundleVersion: "24411", bundleVersionIsKnown: true, iconIndexBase: 1, readsIconComposer2: false,
                        sources: "iOS: AnvarRocket888/flut_The-Chamber-Tower@fbcfd7a5 (971, CoreUI-971.6; 57 pt and 29 pt @1x kept); "
                            + "macOS: BananabasB/jolt@cbacc8d4 (971, CoreUI-971.6 [LAR]); bundle-version 24411: tauri@23ef50a6's test"),
        XcodeGeneration(version: "26.3", build: "17C529", iOS: CoreUIVersion(973, "973.1"), macOS: CoreUIVersion(972, "972.1 [LAR]"),
                        bundleVersion: "24411", bundleVersionIsKnown: false, iconIndexBase: 1, readsIconComposer2: false,
                        sources: "iOS: 0SIX-Labs/Expense_Tracker@cf827a4c (973, CoreUI-973.1); macOS: mcfans/actool@f9e28c8d, "
                            + "marckohlbrugge/readinglist@057cc400 (972, CoreUI-972.1 [LAR])"),
        XcodeGeneration(version: "26.6", build: "17F113", iOS: CoreUIVersion(975, "975"), macOS: CoreUIVersion(975, "975 [LAR]"),
                        bundleVersion: "24765", bundleVersionIsKnown: false, iconIndexBase: 1, readsIconComposer2: false,
                        sources: "macOS: cro64/JustSing@30ac1d82, marckohlbrugge/readinglist@14dbd6e4 (975, CoreUI-975 [LAR]); "
                            + "iOS: 975, CoreUI-975 as quoted in a public golden table (no car seen); bundle-version 24765 is 26.5's as a public test gives it"),
        XcodeGeneration(version: "27.0", build: "27A5194q", iOS: CoreUIVersion(1003, "1003"), macOS: CoreUIVersion(1003, "1003 [LAR]"),
                        bundleVersion: "25098", bundleVersionIsKnown: true, iconIndexBase: 1, readsIconComposer2: true,
                        sources: "macOS: aachebotok/codexnotsleep@34b3b2f1 (Xcode 27.0 beta, 1003, CoreUI-1003 [LAR]), compiled from an icon.json "
                            + "with \"features\"; no iOS car seen (the macOS number stands in); Icon Composer 2.0: CamilleScholtz/swmpc@59c76d4a; "
                            + "bundle-version 25098: `xcrun actool --version` of Xcode 27 as quoted in two public projects"),
    ]

    /// 26.0: the generation whose car layout the parity tests hold, and the one `bundle-version` that
    /// Chromium's compile_car.py accepts as a release (24127); docs/xcode-generations.md.
    public static let `default` = all.first { $0.version == "26.0" }!

    /// `"26.3"`, `"27"` (27.0) or `"26.3.1"` (the row of 26.3): the generation named, or nil.
    public static func named(_ text: String) -> XcodeGeneration? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let wanted = "\(parts[0]!).\(parts.count > 1 ? parts[1]! : 0)"
        return all.first { $0.version == wanted }
    }

    public static var spellings: String { all.map(\.version).joined(separator: ", ") }
}
