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
    func takeSolidImageStacks(_ request: inout BuildRequest, catalogs: inout [CatalogContents],
                              diagnostics: inout [Diagnostic]) -> (stacks: [CatalogImageStack], icon: String?) {
        guard request.platform == .visionOS else { return ([], nil) }
        var stacks: [CatalogImageStack] = []
        var icon: String?
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
            guard let kind = ResolvedSource.Kind.forPath(slot.path), kind == .png || kind == .jpeg,
                  let info = try? inspector.inspect(path: slot.path, kind: kind, pages: [1]) else { continue }
            let pixels: (width: Int, height: Int)
            switch info {
            case .png(let w, let h, _, _), .jpeg(let w, let h): pixels = (w, h)
            default: continue
            }
            let scale = slot.scale ?? 1
            guard pixels != (stack.width * scale, stack.height * scale) else { continue }
            diagnostics.append(.error(slot.path, ActoolMessage.backLayerMustFillVisionIcon(back.name, width: Double(pixels.width) / Double(scale),
                                                                                         height: Double(pixels.height) / Double(scale),
                                                                                         iconWidth: stack.width, iconHeight: stack.height)))
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func tooManySolidLayers(_ name: String, layers: Int) -> Diagnostic.Message {
        "the solid image stack \"\(name)\" has \(layers) layers; visionOS draws a back layer and one or two layers over it"
    }

    fileprivate static func solidLayerHasNoContent(_ layer: String, stack name: String) -> Diagnostic.Message {
        "the layer \"\(layer)\" of the solid image stack \"\(name)\" has no Content.imageset; it adds nothing to the icon"
    }
}
