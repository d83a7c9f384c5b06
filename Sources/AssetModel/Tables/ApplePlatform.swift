/// The Apple platform a build is for. iOS (iPhone and iPad) is what every stage plans by default;
/// macOS is being added stage by stage (docs/macos-evidence.md; docs/assets-car.md, "macOS"), and
/// is refused where a stage does not yet know it.
public enum ApplePlatform: String, Sendable, Hashable, Codable, CaseIterable {
    case iOS = "ios"
    case macOS = "macos"
}
