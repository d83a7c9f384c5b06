import Testing
@testable import CarAssembly

/// A solid image stack layer's textures, on a 12x12 soft-edged blob (its first two rows clear), against
/// the values of a reference model written apart from assetc, in C and Python, that reproduces both of
/// dusklight's real textures byte for byte (docs/visionos.md): the distances' float bits and the
/// directions' bytes, all of them.
@Suite struct SolidLayerTexturesTests {
    static let alpha: [UInt8] = [
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 33, 105, 153, 177, 177, 153, 105, 33, 0, 0,
            0, 0, 81, 153, 201, 225, 225, 201, 153, 81, 0, 0,
            0, 9, 105, 177, 225, 249, 249, 225, 177, 105, 9, 0,
            0, 9, 105, 177, 225, 249, 249, 225, 177, 105, 9, 0,
            0, 0, 81, 153, 201, 225, 225, 201, 153, 81, 0, 0,
            0, 0, 33, 105, 153, 177, 177, 153, 105, 33, 0, 0,
            0, 0, 0, 33, 81, 105, 105, 81, 33, 0, 0, 0,
            0, 0, 0, 0, 0, 9, 9, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]
    static let distanceBits: [UInt32] = [
            0xC04CBCAA, 0xC0323A31, 0xC017B7B8, 0xC005A5A6, 0xBFF33333, 0xBFE72727,
            0xBFE72727, 0xBFF33333, 0xC005A5A6, 0xC017B7B8, 0xC0323A31, 0xC0723A31,
            0xC0323A31, 0xBFE47462, 0xBFAF6F70, 0xBF8B4B4B, 0xBF666666, 0xBF4E4E4E,
            0xBF4E4E4E, 0xBF666666, 0xBF8B4B4B, 0xBFAF6F70, 0xBFE47462, 0xC0323A31,
            0xC017B7B8, 0xBFAF6F70, 0xBEBDBDBE, 0xBDB4B4B4, 0x3DCCCCD0, 0x3E46C6C8,
            0x3E46C6C8, 0x3DCCCCD0, 0xBDB4B4B4, 0xBEBDBDBE, 0xBFAF6F70, 0xC017B7B8,
            0xBFF0806E, 0xBF975757, 0xBE3ABABA, 0x3F515152, 0x3F8CCCCD, 0x3F98D8D9,
            0x3F98D8D9, 0x3F8CCCCD, 0x3F515152, 0xBE3ABABA, 0xBF975757, 0xC00BABAC,
            0xBFBB7B7C, 0xBEEDEDEE, 0xBDB4B4B4, 0x3F69696A, 0x3FF4B4B5, 0x400C6C6C,
            0x400C6C6C, 0x3FF4B4B5, 0x3F69696A, 0xBDB4B4B4, 0xBEEDEDEE, 0xBFBB7B7C,
            0xBFBB7B7C, 0xBEEDEDEE, 0xBDB4B4B4, 0x3F69696A, 0x3FF4B4B5, 0x402F5F4E,
            0x402F5F4E, 0x3FF4B4B5, 0x3F69696A, 0xBDB4B4B4, 0xBEEDEDEE, 0xBFBB7B7C,
            0xC00BABAC, 0xBF975757, 0xBE3ABABA, 0x3F515152, 0x3FA9B9A8, 0x3FF4B4B5,
            0x3FF4B4B5, 0x3FA9B9A8, 0x3F515152, 0xBE3ABABA, 0xBF975757, 0xC00BABAC,
            0xC017B7B8, 0xBFAF6F70, 0xBEBDBDBE, 0xBDB4B4B4, 0x3F515152, 0x3F69696A,
            0x3F69696A, 0x3F515152, 0xBDB4B4B4, 0xBEBDBDBE, 0xBFAF6F70, 0xC017B7B8,
            0xC0323A31, 0xBFE47462, 0xBFAF6F70, 0xBEBDBDBE, 0xBE3ABABA, 0xBDB4B4B4,
            0xBDB4B4B4, 0xBE3ABABA, 0xBEBDBDBE, 0xBFAF6F70, 0xBFE47462, 0xC0323A31,
            0xC0723A31, 0xC0323A31, 0xBFE47462, 0xBFAF6F70, 0xBF975757, 0xBEEDEDEE,
            0xBEEDEDEE, 0xBF975757, 0xBFAF6F70, 0xBFE47462, 0xC0323A31, 0xC0723A31,
            0xC0865E55, 0xC04CBCAA, 0xC0323A31, 0xC017B7B8, 0xBFF0806E, 0xBFBB7B7C,
            0xBFBB7B7C, 0xBFF0806E, 0xC017B7B8, 0xC0323A31, 0xC04CBCAA, 0xC0865E55,
            0xC0A65E55, 0xC0865E55, 0xC0723A31, 0xC052C2B0, 0xC0384037, 0xC01DBDBE,
            0xC01DBDBE, 0xC0384037, 0xC052C2B0, 0xC0723A31, 0xC0865E55, 0xFF7FFFFF,
    ]
    static let directions: [Int8] = [
            -14, -13, -25, -16, -33, -18, -35, -20, -27, -22, -9, -23, 12, -22, 32, -21, 44, -18, 46, -15, 39, -12, 27, -9,
            -18, -20, -31, -25, -41, -29, -43, -33, -33, -36, -11, -37, 15, -37, 39, -34, 55, -29, 57, -24, 49, -19, 34, -15,
            -21, -25, -35, -31, -46, -36, -48, -41, -36, -45, -12, -48, 16, -47, 43, -43, 60, -36, 64, -30, 55, -24, 38, -18,
            -22, -21, -37, -26, -49, -31, -51, -37, -38, -43, -13, -46, 17, -46, 45, -41, 63, -33, 67, -26, 57, -20, 40, -15,
            -23, -6, -38, -9, -50, -13, -52, -18, -39, -24, -14, -27, 17, -27, 46, -23, 64, -17, 68, -11, 58, -7, 40, -4,
            -23, 14, -38, 15, -50, 14, -52, 11, -39, 7, -14, 4, 17, 3, 46, 6, 64, 9, 68, 11, 57, 12, 40, 11,
            -22, 34, -36, 41, -48, 44, -50, 43, -38, 41, -13, 39, 17, 38, 44, 38, 62, 38, 66, 36, 56, 33, 39, 27,
            -20, 49, -33, 60, -44, 66, -46, 67, -34, 67, -12, 67, 15, 66, 41, 64, 58, 61, 62, 56, 54, 49, 38, 39,
            -18, 55, -30, 68, -39, 76, -41, 79, -31, 80, -11, 80, 14, 79, 38, 77, 54, 72, 57, 66, 50, 57, 36, 45,
            -16, 52, -26, 65, -35, 73, -37, 77, -28, 78, -10, 78, 13, 77, 35, 75, 49, 71, 52, 64, 46, 55, 33, 43,
            -13, 42, -23, 53, -31, 59, -33, 62, -25, 63, -9, 63, 12, 62, 31, 61, 43, 58, 46, 53, 40, 45, 28, 35,
            -11, 28, -18, 36, -25, 40, -27, 43, -21, 43, -7, 43, 10, 42, 26, 42, 35, 40, 37, 37, 32, 31, 22, 24,
    ]

    @Test func distancesAreTheChamferFromTheEdgesAlphas() {
        let distances = SolidLayerTextures.distances(alpha: Self.alpha, width: 12, height: 12)
        #expect(distances.map(\.bitPattern) == Self.distanceBits)
        // The last pixel is never relaxed: outside, it keeps the largest float, negated.
        #expect(distances.last == -Float.greatestFiniteMagnitude)
    }

    @Test func directionsAreTheSmoothedOutwardGradient() {
        let distances = SolidLayerTextures.distances(alpha: Self.alpha, width: 12, height: 12)
        #expect(SolidLayerTextures.directions(distances: distances, width: 12, height: 12) == Self.directions)
    }
}
