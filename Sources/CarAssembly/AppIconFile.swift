import AssetModel
import CompiledCatalog
import Rendering

/// `AppIcon.icns` as actool writes it for macOS (`ICNSFile.actoolLayout`): the 256, 32 and 128
/// pixel images as PNGs, the 16 pixel image as `ARGB` planes.
public enum AppIconFile {
    /// The pixel sizes an `.icns` is made from, each once.
    public static let pixelSizes = Set(ICNSFile.actoolLayout.map(\.pixels)).sorted()

    /// `images`: sRGB pixels by pixel size (square), one for each of `pixelSizes` (an element whose
    /// size is missing is left out). Each PNG is 8-bit
    /// RGBA with an sRGB chunk (rendering intent 0), as actool's are; actool's also carry an `eXIf`
    /// chunk that repeats the pixel size, which assetc leaves out (IHDR says it). The same images
    /// give the same bytes.
    public static func make(_ images: [Int: RGBAImage], name: String) throws(CompiledCatalogError) -> [UInt8] {
        var settings = PNGEncoderSettings()
        settings.reduceColorType = false
        var elements: [ICNSFile.Element] = []
        for (type, pixels, isPNG) in ICNSFile.actoolLayout {
            guard var image = images[pixels] else { continue }  // a partial icon: its maker says which element is missing
            guard image.width == pixels, image.height == pixels, image.pixels.count == pixels * pixels * 4 else {
                throw CompiledCatalogError("\(name): the image for the .icns element \(type) is \(image.width)×\(image.height), not \(pixels)×\(pixels)")
            }
            if isPNG {
                image.color = .srgb(intent: 0)
                do {
                    elements.append(ICNSFile.Element(type: type, payload: try PNGOptimizer.encode(image, settings: settings)))
                } catch {
                    throw CompiledCatalogError("\(name): the \(pixels)×\(pixels) image of the .icns: \(error)")
                }
            } else {
                elements.append(ICNSFile.Element(type: type, payload: ICNSFile.argbPayload(straightRGBA: image.pixels)))
            }
        }
        guard !elements.isEmpty else { throw CompiledCatalogError("\(name): no image of 16, 32, 128 or 256 pixels for the .icns") }
        return try ICNSFile.write(elements)
    }
}
