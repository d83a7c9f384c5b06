import AssetModel

/// A visionOS app's icons: solid image stacks (docs/visionos.md). actool compiles every solid
/// image stack of a visionOS build's catalogs, named by `--app-icon` or not (rebelancap/dusklight-ios's
/// car was made without it and holds its stack): each layer's image becomes an image of the car
/// (`AppIcon/Front/Content`), and the stack the layered icon visionOS draws.
extension Planner {
    /// The catalogs' solid image stacks, checked, for a visionOS build; their layers' image sets
    /// are added to their catalog's, to be planned and compiled as its image sets are. The one
    /// `request.appIconSetName` names is the app's icon (`icon`): the name is taken off the
    /// request (no app icon set is looked for).
    /// A stack `generated` from the manifest's layered art is the app's icon.
    func takeSolidImageStacks(_ request: inout BuildRequest, catalogs: inout [CatalogContents], generated: CatalogImageStack?,
                              diagnostics: inout [Diagnostic]) -> (stacks: [CatalogImageStack], icon: String?) {
        guard request.platform == .visionOS else { return ([], nil) }
        var stacks: [CatalogImageStack] = generated.map { [$0] } ?? []
        var icon = generated?.name
        for index in catalogs.indices {
            for stack in catalogs[index].solidImageStacks {
                validate(solid: stack, diagnostics: &diagnostics)
                catalogs[index].imageSets += stack.layers.compactMap(\.content)
                stacks.append(stack)
            }
        }
        if let choice = request.appIconSetName,
           let stack = stacks.first(where: { $0.name == choice.name }) ?? stacks.first(where: { $0.name.split(separator: "/").last.map(String.init) == choice.name }) {
            request.appIconSetName = nil
            icon = stack.name
        } else if let choice = request.appIconSetName,
                  catalogs.contains(where: { $0.appIconSets.contains { $0.name == choice.name || $0.qualifiedName == choice.name } }) {
            // An iOS-style icon set is no Vision Pro icon: visionOS draws a layered one.
            diagnostics.append(.error(request.path, at: choice.location, SourceMessage.appIconSetIsNoVisionIcon(choice.name)))
            request.appIconSetName = nil
        }
        return (stacks, icon)
    }

    /// What visionOS draws: a back layer that fills the icon and one or two layers over it
    /// ("Configuring your app icon": "a background layer and one or two layers on top"), each
    /// 1024x1024 pixels. Fewer than two layers with an image is an error in the words actool has for
    /// an image stack; more than three is a warning (visionOS draws three).
    func validate(solid stack: CatalogImageStack, diagnostics: inout [Diagnostic]) {
        let filled = stack.layers.filter(\.hasContent)
        if filled.count < 2 {
            diagnostics.append(.error(stack.contentsPath, ActoolMessage.tooFewStackLayers(stack.name, layers: stack.layers.count, withContent: filled.count)))
        } else if stack.layers.count > 3 {
            diagnostics.append(.warning(stack.contentsPath, .tooManySolidLayers(stack.name, layers: stack.layers.count)))
        }
        for layer in stack.layers where layer.content == nil {
            diagnostics.append(.warning(stack.contentsPath, .solidLayerHasNoContent(layer.name, stack: stack.name)).droppingContent())
        }
        // The back layer: the last with an image, which must fill the icon (actool's error).
        guard let back = filled.last, let content = back.content else { return }
        for slot in content.slots {
            guard let pixels = pixelSize(of: slot) else { continue }
            let scale = slot.scale ?? 1
            guard pixels != (stack.width * scale, stack.height * scale) else { continue }
            diagnostics.append(.error(slot.path, ActoolMessage.backLayerMustFillVisionIcon(back.name, width: Double(pixels.width) / Double(scale),
                                                                                         height: Double(pixels.height) / Double(scale),
                                                                                         iconWidth: stack.width, iconHeight: stack.height)))
        }
    }
}

extension Planner {
    /// The manifest's `"solidImageStack"` for a visionOS build: each layer drawn as the stack's layer
    /// image (`AppIcon/Front/Content`, 512 points at 2x: 1024x1024 pixels) among the request's
    /// images (`generatedImages`), and the stack they make. The back layer is drawn to fill the icon
    /// (visionOS asks for it opaque, and actool for it to fill the stack), the others to fit inside
    /// it with their transparency kept (the depth between layers is the point of them).
    func generateSolidImageStack(_ request: inout BuildRequest, diagnostics: inout [Diagnostic]) -> CatalogImageStack? {
        guard let spec = request.manifest.solidImageStack,
              drawsIcon(of: .visionOS, key: "solidImageStack", at: spec.location, request: request, diagnostics: &diagnostics) else { return nil }
        let size = CatalogImageStack.visionIconSize
        let folder = spec.name + ".solidimagestack"
        let layers = spec.layers.enumerated().map { index, layer in
            let content = generatedImage("\(spec.name)/\(layer.name)/Content", layer.source, page: layer.page, points: (size.width, size.height),
                                         scales: [2], idiom: .vision, fit: index == spec.layers.count - 1 ? .fill : .contain, setPath: folder,
                                         location: spec.location, request: &request)
            return CatalogImageStack.Layer(name: layer.name, content: content)
        }
        var stack = CatalogImageStack(name: spec.name, setPath: folder, contentsPath: request.path, width: size.width, height: size.height, layers: layers)
        stack.kind = .solidImageStack
        return stack
    }

    /// The generated layers' variants go into the car as a catalog's do, each given an origin in the
    /// stack the manifest describes; the back layer is drawn on the manifest's background.
    func placeGeneratedLayers(_ variants: inout [Variant], stack: CatalogImageStack, request: BuildRequest) {
        placeGeneratedImages(&variants, names: Set(stack.layers.compactMap(\.content?.name)), opaque: Set([stack.layers.last?.content?.name].compactMap { $0 }),
                             setPath: stack.setPath, location: request.manifest.solidImageStack?.location ?? .notInAFile,
                             background: request.manifest.solidImageStack?.background ?? .white, request: request)
    }
}

extension Diagnostic.Message {
    fileprivate static func tooManySolidLayers(_ name: String, layers: Int) -> Diagnostic.Message { "the solid image stack \"\(name)\" has \(layers) layers; visionOS draws a back layer and one or two layers over it" }

    fileprivate static func solidLayerHasNoContent(_ layer: String, stack name: String) -> Diagnostic.Message { "the layer \"\(layer)\" of the solid image stack \"\(name)\" has no Content.imageset; it adds nothing to the icon" }
}
