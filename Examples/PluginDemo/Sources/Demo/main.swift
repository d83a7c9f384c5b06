import AssetResolver
import DemoAssets

// Asks the generated accessors for each file and colour, through the table shipped in the
// target's resource bundle, and prints what they answer: a label, then a path or a colour.
func traits(scale: Int, dark: Bool = false) -> AssetTraits {
    AssetTraits(scale: scale, idiom: .phone, screenWidth: 390, screenHeight: 844, luminosity: dark ? .dark : .light)
}
for scale in 1...3 {
    print("Disclosure@\(scale)x", Asset.Images.disclosure.url(for: traits(scale: scale))?.path ?? "missing")
}
print("Icons/check@3x", Asset.Images.Icons.check.url(for: traits(scale: 3))?.path ?? "missing")
print("template", Asset.Images.Icons.check.isTemplate)
for dark in [false, true] {
    let color = Asset.Colors.brand.resolved(for: traits(scale: 2, dark: dark))
    print(dark ? "Brand-dark" : "Brand-light", color.map { $0.components.map { String($0) }.joined(separator: ",") } ?? "missing")
}
