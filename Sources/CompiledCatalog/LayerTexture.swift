/// What visionOS draws a solid image stack's layer with besides its colours, as the one public
/// actool car of a visionOS app stores it (rebelancap/dusklight-ios@4625d5f0, Xcode 26.6; its
/// layout read with Apple's assetutil in kagurasumusun/mac's oracle, "Texture Rendition",
/// "Texture Interpretation: Data"; docs/visionos.md): two textures of the layer's size.
public struct LayerTexture: Sendable {
    /// The layer image's name in the car (`AppIcon/Back/Content`): its textures are found by it.
    public var layer: String
    /// The layer's file name (`back.png`), which the textures' pixel renditions carry.
    public var fileName: String
    public var width: Int
    public var height: Int
    public var scale: Int
    /// The signed distance, in pixels, from each pixel to the edge of the layer's coverage:
    /// positive inside, negative outside (Metal `R32Float`, dimension 1 = 1).
    public var distances: [Float]
    /// The outward direction of the edge at each pixel, x then y (y down), each in −127…127
    /// (Metal `RG8Snorm`, dimension 1 = 2).
    public var directions: [Int8]
    /// Every pixel of the layer is opaque (TLV 1014 of its texture renditions).
    public var isOpaque: Bool

    public init(layer: String, fileName: String, width: Int, height: Int, scale: Int, distances: [Float], directions: [Int8], isOpaque: Bool) {
        (self.layer, self.fileName, self.width, self.height, self.scale) = (layer, fileName, width, height, scale)
        (self.distances, self.directions, self.isOpaque) = (distances, directions, isOpaque)
    }

    /// The two textures, as dimension 1 keys them.
    enum Kind: CaseIterable {
        case distance, direction

        var dimension1: UInt16 { self == .distance ? 1 : 2 }
        /// `MTLPixelFormat`: R32Float (55), RG8Snorm (32).
        var metalPixelFormat: UInt32 { self == .distance ? 55 : 32 }
        var bytesPerPixel: Int { self == .distance ? 4 : 2 }
    }

    func bytes(_ kind: Kind) -> [UInt8] {
        switch kind {
        case .distance:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(distances.count * 4)
            for value in distances { bytes += LittleEndian.u32(value.bitPattern) }
            return bytes
        case .direction:
            return directions.map { UInt8(bitPattern: $0) }
        }
    }
}
