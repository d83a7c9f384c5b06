import AssetModel
import CompiledCatalog
import Rendering
import Dispatch
import Synchronization

// Icon Composer icons in the car: the stacks' names and sources, checked when planning and made when the car is.
extension CarAssembler {
    /// The app icons (primary and alternates) drawn from an Icon Composer bundle: their names in
    /// the car and their `icon.json`, each once.
    static func iconStackSources(_ plan: BuildPlan, _ request: CompiledCatalogRequest) -> [(name: String, iconJSON: String)] {
        var seen: Set<String> = []
        var result: [(name: String, iconJSON: String)] = []
        for variant in plan.compiledCatalogVariants where variant.role.kind != .image && variant.source.kind == .iconComposer {
            guard let name = assetName(variant, request), seen.insert(name).inserted else { continue }
            result.append((name, variant.source.path))
        }
        if let iconJSON = request.iconStackJSON, let name = request.appIconName, seen.insert(name).inserted {
            result.append((name, iconJSON))
        }
        return result
    }

    /// What the car step would refuse of the icons' stacks, said when planning: a bundle the stack
    /// cannot be made from, and a name of a stack (`AppIcon/Group`, `AppIcon_Assets/Color-2`) that
    /// is also a main-bundle set's or another stack's, which would share a name in the car.
    public static func checkIconStacks(_ plan: BuildPlan, store: SourceStore) throws(BuildFailure) {
        guard let request = plan.compiledCatalog else { return }
        var taken = Set(plan.variants.filter { $0.bundle == .main && $0.role == .image }.map(\.name))
        let records = plan.catalogRecords
        taken.formUnion(records.images.filter { $0.bundle == .main }.map(\.name))
        taken.formUnion(records.colors.filter { $0.bundle == .main }.map(\.name))
        taken.formUnion(records.dataSets.filter { $0.bundle == .main }.map(\.name))
        taken.formUnion(records.symbolSets.filter { $0.bundle == .main }.map(\.name))
        let sources = iconStackSources(plan, request)
        taken.formUnion(sources.map(\.name))
        var problems: [Diagnostic] = []
        for (name, iconJSON) in sources {
            let stack: IconStackPlan
            do {
                stack = try IconStackSource.read(iconJSON: iconJSON, stem: name, store: store, xcode: request.xcode, decodingLayers: false).0
            } catch {
                throw BuildFailure(.invalidInput, [.error(iconJSON, CarMessage.cannotMakeIconStack(error))])
            }
            let parts = Set(stack.groups.map(\.name) + stack.layers.map(\.name) + stack.colors.map(\.name) + stack.gradients.map(\.name))
            for part in parts.sorted() where taken.contains(part) {
                problems.append(.error(iconJSON, .iconStackPartNameTaken(part, ofIcon: name)))
            }
            taken.formUnion(parts)
        }
        if !problems.isEmpty { throw BuildFailure(.invalidInput, problems) }
    }

    /// An Icon Composer icon's stack for iOS 26 (docs/assets-car.md, "Icon stacks"): the plan, and
    /// its layers' images as renditions.
    static func iconStack(name: String, iconJSON: String, store: SourceStore, xcode: XcodeGeneration) throws(BuildFailure) -> CompiledCatalog.IconStack {
        do {
            let (plan, images) = try IconStackSource.read(iconJSON: iconJSON, stem: name, store: store, xcode: xcode)
            var stored: [String: CompiledCatalog.IconStack.LayerImage] = [:]
            for (layer, image) in images {
                switch image {
                case .svg(let bytes):
                    stored[layer] = .svg(bytes)
                case .bitmap(let pixels, let sourceWidth, let sourceHeight, let extended):
                    var rendition = CompiledCatalog.Rendition(idiom: .universal, scale: 1, appearance: .any, fileName: "image.png",
                                                              width: pixels.width, height: pixels.height, rgba: pixels.pixels)
                    rendition.extendedRGBA = extended
                    stored[layer] = .bitmap(rendition, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
                }
            }
            return CompiledCatalog.IconStack(plan: plan, images: stored)
        } catch {
            throw BuildFailure(.invalidInput, [.error(iconJSON, CarMessage.cannotMakeIconStack(error))])
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func iconStackPartNameTaken(_ part: String, ofIcon name: String) -> Diagnostic.Message { "\(part), a name of the icon \"\(name)\"'s stack in Assets.car, is also the name of a set or of another icon's stack; rename one of them" }
}
