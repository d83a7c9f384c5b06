import AssetModel

/// Any bytes as an Icon Composer `icon.json` must give a document or an error, never a crash, a
/// trap or a stack overflow; every layer of a document names a plain file, and the numbers the
/// renderer takes are bounded.
func fuzzIconComposer(_ bytes: [UInt8]) {
    guard let file = try? IconComposerFile(bytes: bytes) else { return }
    for appearance in IconComposerDocument.Appearance.allCases {
        let document = file.document(appearance)
        precondition(document.groups.count <= 64, "more groups than the reader allows")
        for group in document.groups {
            precondition(group.layers.count <= 64, "more layers than the reader allows")
            precondition((0...1).contains(group.opacity) && group.position.scale > 0 && group.position.scale <= 100, "group out of range")
            for layer in group.layers {
                precondition(!layer.imageName.contains("/") && layer.imageName != ".." && !layer.imageName.isEmpty, "a layer name leaves Assets")
                precondition((0...1).contains(layer.opacity) && layer.position.x.isFinite && layer.position.y.isFinite, "layer out of range")
            }
        }
    }
    _ = file.imageNames
}
