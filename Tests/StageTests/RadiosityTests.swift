import Testing
import CompiledCatalog
@testable import CarAssembly

/// A tvOS radiosity image's values, for a 120x100 composite (a gradient at alpha 128 around an opaque
/// disc), against a reference model written apart from assetc in Python that reproduces the first
/// public tvOS car's radiosity images byte for byte (docs/tvos.md): every value.
@Suite struct RadiosityTests {
    static let values: [Int16] = [
            -77, 84, 30, 83, 102, 203, 70, 230, 394, 558, 245, 696, 525, 637, 466, 769,
            299, 283, 308, 367, 67, 48, 52, 44, 28, 24, 26, 26, 3, 69, -111, -5,
            1335, 2681, 250, 2992, 3282, 4983, 1876, 5624, 4359, 5286, 3533, 5998, 3363, 3433, 3267, 3870,
            486, 422, 502, 465, -80, -62, -80, -80, 38, 81, -14, 87, 300, 577, 68, 591,
            538, 910, 323, 974, 708, 914, 545, 938, 650, 684, 610, 790, 57, 60, 51, 59,
            14, 7, 11, 11, 0, 3, 0, 3, -5, -32, 0, -31, -11, -43, -6, -41,
            -31, -41, -7, -41, -35, -32, -23, -33, 14, 15, 15, 15, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0,
    ]

    @Test func theValuesAreTheBlurredCanvasesCellSums() {
        let width = 120, height = 100
        var premultiplied = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = (x - 60) * (x - 60) + (y - 50) * (y - 50) < 1600 ? 255 : 128
                let colour = [x * 255 / (width - 1), y * 255 / (height - 1), (x + y) * 255 / (width + height - 2)]
                for channel in 0..<3 { premultiplied[(y * width + x) * 4 + channel] = UInt8((colour[channel] * alpha + 127) / 255) }
                premultiplied[(y * width + x) * 4 + 3] = UInt8(alpha)
            }
        }
        let image = Radiosity.image(premultiplied: premultiplied, width: width, height: height, idiom: .tv)
        #expect(image.width == 200 && image.height == 180 && image.cell == 32)
        #expect(image.values == Self.values)
    }
}
