import AssetModel

extension ContactSheet {
    /// The screen each device's launch screen is drawn on, in points (iPhone 16, iPad Air 11-inch),
    /// and the share of it the page shows.
    static let launchScreens: [(device: Idiom, name: String, width: Double, height: Double)] = [
        (.iphone, "iPhone", 393, 852), (.ipad, "iPad", 820, 1180),
    ]
    static let launchScreenZoom = 0.4

    /// The launch screen as a device draws it before the app's first frame (`UILaunchScreen`): the
    /// colour filling the screen, the image centred at its point size; once per device the build
    /// targets and per appearance (light, and dark when the colour or the image has one).
    static func launchScreenSection(_ plan: BuildPlan, written: [WrittenVariant]) -> String {
        guard let screen = plan.infoPlist.launchScreen else { return "" }
        let colors = plan.catalogRecords.colors.first { $0.bundle == .main && $0.name == screen.colorName }?.colors ?? []
        let images = written.filter { $0.variant.role == .image && $0.variant.bundle == .main && $0.variant.name == screen.imageName }
        let dark = Appearance(luminosity: .dark)
        let hasDark = colors.contains { $0.appearance == dark } || images.contains { $0.variant.appearance == dark }
        var html = "<section>\n<h2>Launch screen</h2>\n<div class=\"row\">\n"
        for device in launchScreens where plan.infoPlist.devices.contains(device.device) {
            for appearance in hasDark ? [Appearance.any, dark] : [.any] {
                let color = colors.filter { $0.locale == nil && ($0.idiom == nil || $0.idiom == device.device) }
                    .sorted { ($0.appearance == appearance ? 0 : 1, $0.idiom == nil ? 1 : 0) < ($1.appearance == appearance ? 0 : 1, $1.idiom == nil ? 1 : 0) }
                    .first { $0.appearance == appearance || $0.appearance.isAny }
                let fill = color.flatMap { css($0.value) } ?? (appearance == dark ? "#000" : "#fff")
                let width = device.width * launchScreenZoom, height = device.height * launchScreenZoom
                html += "<figure><div style=\"position: relative; width: \(format(width))px; height: \(format(height))px; "
                    + "background: \(fill); border-radius: 12px; overflow: hidden; display: flex; align-items: center; justify-content: center;\">"
                if let image = bestImage(images, device: device.device, appearance: appearance) {
                    let variant = image.variant
                    let points = (Double(variant.pixelWidth) / Double(variant.scale), Double(variant.pixelHeight) / Double(variant.scale))
                    html += "<img src=\"\(escapeAttribute(percentEncoded(variant.outputPath)))\" style=\"width: \(format(points.0 * launchScreenZoom))px; "
                        + "height: \(format(points.1 * launchScreenZoom))px;\" alt=\"\(escapeAttribute(variant.name))\">"
                }
                let caption = "\(device.name) · \(appearance == dark ? "dark" : "light") · \(format(device.width))×\(format(device.height)) pt at "
                    + "\(Int(launchScreenZoom * 100))%<br>UIColorName \(escape(screen.colorName ?? "(none)")) · UIImageName \(escape(screen.imageName ?? "(none)"))"
                html += "</div><figcaption>\(caption)</figcaption></figure>\n"
            }
        }
        return html + "</div>\n</section>\n"
    }

    /// The image a device of `appearance` loads: its idiom's before the universal one, the
    /// appearance's before any, the largest scale.
    static func bestImage(_ images: [WrittenVariant], device: Idiom, appearance: Appearance) -> WrittenVariant? {
        images.filter { ($0.variant.idiom == nil || $0.variant.idiom == device) && ($0.variant.appearance == appearance || $0.variant.appearance.isAny) }
            .max { lhs, rhs in
                func rank(_ file: WrittenVariant) -> (Int, Int, Int) {
                    (file.variant.idiom == device ? 1 : 0, file.variant.appearance == appearance ? 1 : 0, file.variant.scale)
                }
                return rank(lhs) < rank(rhs)
            }
    }

    /// A colour set's value as CSS: its components in their space (sRGB, Display P3, grey); a
    /// system colour by reference has no value here.
    static func css(_ value: CatalogColor.Value) -> String? {
        guard case .components(let space, let components) = value else { return nil }
        func component(_ name: String) -> Double? { components.first { $0.name == name }?.value }
        let alpha = component("alpha") ?? 1
        if let white = component("white") {
            return "rgb(\(format(min(max(white, 0), 1) * 255)) \(format(min(max(white, 0), 1) * 255)) \(format(min(max(white, 0), 1) * 255)) / \(format(alpha)))"
        }
        guard let red = component("red"), let green = component("green"), let blue = component("blue") else { return nil }
        let cssSpace = space.lowercased().contains("display-p3") ? "display-p3" : "srgb"
        return "color(\(cssSpace) \(format(red)) \(format(green)) \(format(blue)) / \(format(alpha)))"
    }

    /// A number with at most three decimals and no trailing zeros, the same on every machine.
    static func format(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        let whole = Int(thousandths / 1000)
        var fraction = Int(abs(thousandths).truncatingRemainder(dividingBy: 1000))
        guard fraction != 0 else { return thousandths < 0 && whole == 0 ? "0" : "\(whole)" }
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
        return "\(thousandths < 0 && whole == 0 ? "-" : "")\(whole).\(padded)"
    }
}
