import AssetModel

extension ManifestDecoder {
    static let launchScreenKeys = ["color", "image", "respectsSafeArea", "navigationBar", "tabBar", "toolbar"]

    /// `"launchScreen": {"color": "LaunchBackground", "image": "LaunchLogo", "respectsSafeArea": true}`:
    /// iOS 14's `UILaunchScreen`, naming a colour set and an image set of the catalogs.
    static func decodeLaunchScreen(_ node: JSONNode, reader: FieldReader) -> LaunchScreenSpec? {
        guard let fields = reader.object(node, "\"launchScreen\"", allowed: launchScreenKeys) else { return nil }
        var spec = LaunchScreenSpec(location: node.location)
        func setName(_ key: String, _ kind: String) -> String? {
            guard let field = fields[key], let text = reader.name(field, "\"\(key)\" of \"launchScreen\"") else { return nil }
            guard !text.isEmpty else {
                reader.error(.launchScreenSetNameIsEmpty(key, kind: kind), at: field.location)
                return nil
            }
            return text
        }
        spec.colorName = setName("color", "a colour set")
        spec.imageName = setName("image", "an image set")
        if let field = fields["respectsSafeArea"] { spec.imageRespectsSafeAreaInsets = reader.bool(field, "\"respectsSafeArea\" of \"launchScreen\"") }
        if let field = fields["navigationBar"] { spec.navigationBar = reader.bool(field, "\"navigationBar\" of \"launchScreen\"") ?? false }
        if let field = fields["tabBar"] { spec.tabBar = reader.bool(field, "\"tabBar\" of \"launchScreen\"") ?? false }
        if let field = fields["toolbar"] { spec.toolbar = reader.bool(field, "\"toolbar\" of \"launchScreen\"") ?? false }
        return spec
    }
}

extension Diagnostic.Message {
    /// `kind` is `a colour set` or `an image set`.
    fileprivate static func launchScreenSetNameIsEmpty(_ key: String, kind: String) -> Diagnostic.Message { "\"\(key)\" of \"launchScreen\" is empty; name \(kind) of the catalogs" }
}
