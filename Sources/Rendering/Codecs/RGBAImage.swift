import AssetModel
/// Straight-alpha RGBA pixels, 8 bits per channel, rows packed without padding.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    /// What the values mean when they are not plain sRGB: the source PNG's colour chunks.
    public var color: PNGColorInfo? = nil

    public init(width: Int, height: Int, pixels: [UInt8], color: PNGColorInfo? = nil) {
        (self.width, self.height, self.pixels, self.color) = (width, height, pixels, color)
    }

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }
}

/// A PNG's colour chunks (iCCP, sRGB, gAMA, cHRM), carried from a source to every PNG drawn from it:
/// without them a Display P3 or gamma-tagged image would be read as sRGB, a different image.
public struct PNGColorInfo: Sendable, Equatable {
    public var srgbIntent: Int?
    /// gAMA × 100000.
    public var gamma: Int?
    /// cHRM: white x, y, red x, y, green x, y, blue x, y, each × 100000.
    public var chromaticities: [Int]?
    public var iccName: String
    public var iccProfile: [UInt8]?

    /// An sRGB chunk alone, with `intent` (0: perceptual), as actool tags the PNGs of an `.icns`.
    public static func srgb(intent: Int) -> PNGColorInfo {
        PNGColorInfo(srgbIntent: intent, gamma: nil, chromaticities: nil, iccName: "", iccProfile: nil)
    }

    /// True when the chunks only say what an untagged PNG means anyway — sRGB: an sRGB chunk, an ICC
    /// profile named sRGB, or gamma 1/2.2 with sRGB's primaries or none. Such sources are written
    /// untagged (iOS reads an untagged PNG as sRGB), so only images that differ carry chunks.
    public var isPlainSRGB: Bool {
        if iccProfile != nil { return iccName.lowercased().contains("srgb") }
        if srgbIntent != nil { return true }
        if let gamma, abs(gamma - 45455) > 100 { return false }
        if let chromaticities {
            let srgb = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]
            return zip(chromaticities, srgb).allSatisfy { abs($0 - $1) <= 100 }
        }
        return true
    }

    /// An iCCP profile name as libpng's writer will write it (its `png_check_keyword`): Latin-1
    /// printable characters, each run of spaces or other bytes one space, none at either end, at most
    /// 79 bytes. A source's name is read through this so that what is carried is what gets written —
    /// a tab or a control byte in a damaged name would otherwise change on the way out, and a name
    /// with no printable byte would make libpng refuse to write the chunk at all.
    static func keyword(_ bytes: [UInt8]) -> String {
        var kept: [UInt8] = []
        var afterSpace = true  // leading spaces are dropped
        for byte in bytes where kept.count < 79 {
            if (byte > 32 && byte <= 126) || byte >= 161 {
                kept.append(byte)
                afterSpace = false
            } else if !afterSpace {
                kept.append(32)
                afterSpace = true
            }
        }
        if kept.last == 32 { kept.removeLast() }
        if kept.isEmpty { return "ICC profile" }
        // Latin-1, as PNG keywords are; an ASCII name reads the same either way.
        return String(kept.map { Character(Unicode.Scalar($0)) })
    }

    /// The profile's data colour space from its header (`RGB `, `GRAY`), nil without a profile.
    public var iccColorSpace: String? {
        guard let profile = iccProfile, profile.count >= 20 else { return nil }
        return String(decoding: profile[16..<20], as: UTF8.self)
    }

    /// The iCCP profile's name, or what the other chunks say, for messages and docs.
    public var summary: String {
        if iccProfile != nil { return "ICC profile '\(iccName)'" }
        var parts: [String] = []
        if srgbIntent != nil { parts.append("sRGB") }
        if let gamma { parts.append("gamma \(Double(gamma) / 100000)") }
        if chromaticities != nil { parts.append("chromaticities") }
        return parts.joined(separator: ", ")
    }
}
