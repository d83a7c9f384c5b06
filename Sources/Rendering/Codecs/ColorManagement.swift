import Foundation
import AssetModel
import CLCMS

/// The only file that touches Little CMS: pixels of a source tagged with another colour space (an
/// ICC profile such as Display P3, or gAMA/cHRM) converted to sRGB, for Assets.car, whose bitmaps
/// assetc stores as sRGB — converted, never relabelled, so the colours a device shows stay the
/// ones the designer saw (colours outside sRGB are clipped to its gamut).
public enum SRGBConversion {
    /// `2.14`, from the library's encoded version (2140).
    public static var version: String {
        let encoded = Int(cmsGetEncodedCMMversion())
        return "\(encoded / 1000).\(encoded / 10 % 100)"
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String

        init(_ message: Diagnostic.Message) { description = message.text }
    }

    /// The image's pixels in sRGB (straight alpha kept), or the image itself when it is sRGB already.
    public static func convert(_ image: RGBAImage) throws(Failure) -> RGBAImage {
        guard let color = image.color, !color.isPlainSRGB else { return image }
        return try withSourceProfile(color) { context, source throws(Failure) in
            guard let target = cmsCreate_sRGBProfileTHR(context) else { throw Failure(.sRGBProfileUnavailable) }
            defer { cmsCloseProfile(target) }
            let grey = cmsGetColorSpace(source) == cmsSigGrayData
            let inputFormat = grey ? ASSETC_TYPE_GRAYA_8 : ASSETC_TYPE_RGBA_8
            // Relative colorimetric: in-gamut colours are kept exactly; alpha is copied as it is.
            guard let transform = cmsCreateTransformTHR(context, source, inputFormat, target, ASSETC_TYPE_RGBA_8,
                                                        UInt32(INTENT_RELATIVE_COLORIMETRIC), UInt32(cmsFLAGS_COPY_ALPHA)) else {
                throw Failure(.noTransformToSRGB(from: color))
            }
            defer { cmsDeleteTransform(transform) }
            let count = image.width * image.height
            var input = image.pixels
            if grey {
                // The decoder expands grey to RGBA; Little CMS takes grey and alpha.
                input = [UInt8](repeating: 0, count: count * 2)
                for pixel in 0..<count {
                    input[2 * pixel] = image.pixels[4 * pixel]
                    input[2 * pixel + 1] = image.pixels[4 * pixel + 3]
                }
            }
            var output = [UInt8](repeating: 0, count: count * 4)
            input.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    cmsDoTransform(transform, source.baseAddress, target.baseAddress, UInt32(count))
                }
            }
            return RGBAImage(width: image.width, height: image.height, pixels: output)
        }
    }

    /// The image in extended-range sRGB — sRGB's primaries and curve, the curve mirrored below 0,
    /// values outside 0–1 kept rather than clipped — as Assets.car's wide-gamut (`RGBW`)
    /// renditions hold colours (read from real actool cars: docs/assets-car.md): 4 floats a pixel,
    /// red, green, blue and straight alpha. nil when the image is sRGB already, or, with
    /// `onlyBeyondSRGB`, when none of its colours lies beyond sRGB (`exceedsSRGB`).
    ///
    /// Little CMS takes the source to linear sRGB in floats, where a matrix-shaper transform does
    /// not clip; the curve is applied here, because CoreGraphics' extended sRGB mirrors it for
    /// negative values where Little CMS's parametric curve would extend its linear part.
    public static func extendedRangeSRGB(_ image: RGBAImage, onlyBeyondSRGB: Bool = false,
                                         matrixShortcut: Bool = true) throws(Failure) -> [Float]? {
        guard let color = image.color, !color.isPlainSRGB else { return nil }
        return try withSourceProfile(color) { context, source throws(Failure) in
            // sRGB's primaries and D65 white (IEC 61966-2-1), with a linear curve.
            var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
            var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.64, y: 0.33, Y: 1), Green: cmsCIExyY(x: 0.30, y: 0.60, Y: 1),
                                            Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
            guard let linearCurve = cmsBuildGamma(context, 1) else { throw Failure(.linearSRGBProfileUnavailable) }
            defer { cmsFreeToneCurve(linearCurve) }
            var curves: [OpaquePointer?] = [linearCurve, linearCurve, linearCurve]
            guard let target = curves.withUnsafeMutableBufferPointer({ cmsCreateRGBProfileTHR(context, &white, &primaries, $0.baseAddress) }) else {
                throw Failure(.linearSRGBProfileUnavailable)
            }
            defer { cmsCloseProfile(target) }
            let grey = cmsGetColorSpace(source) == cmsSigGrayData
            guard let transform = cmsCreateTransformTHR(context, source, grey ? ASSETC_TYPE_GRAYA_8 : ASSETC_TYPE_RGBA_8, target, ASSETC_TYPE_RGB_FLT,
                                                        UInt32(INTENT_RELATIVE_COLORIMETRIC), UInt32(cmsFLAGS_NOCACHE)) else {
                throw Failure(.noTransformToExtendedSRGB(from: color))
            }
            defer { cmsDeleteTransform(transform) }
            let shaper = matrixShortcut && !grey ? MatrixShaper(source: source, target: target) : nil
            // In runs of pixels, so the floats of a large image are held once, in the output, and —
            // with `onlyBeyondSRGB` — not at all until a first pass has found a colour beyond sRGB.
            let count = image.width * image.height
            let run = 1 << 16
            var input = [UInt8](repeating: 0, count: run * (grey ? 2 : 4))
            var linear = [Float](repeating: 0, count: run * 3)
            var extended = [Float](repeating: 0, count: run * 4)
            func convert(_ first: Int, _ length: Int, encoding: Bool = true) {
                if grey {
                    for pixel in 0..<length {
                        input[2 * pixel] = image.pixels[4 * (first + pixel)]
                        input[2 * pixel + 1] = image.pixels[4 * (first + pixel) + 3]
                    }
                } else if let shaper {
                    image.pixels.withUnsafeBufferPointer { source in
                        linear.withUnsafeMutableBufferPointer { target in shaper.apply(source, from: first, count: length, into: target) }
                    }
                } else {
                    input.withUnsafeMutableBufferPointer { target in
                        image.pixels.withUnsafeBufferPointer { source in
                            for index in 0..<(4 * length) { target[index] = source[4 * first + index] }
                        }
                    }
                }
                if shaper == nil {
                    input.withUnsafeBytes { source in
                        linear.withUnsafeMutableBytes { target in
                            cmsDoTransform(transform, source.baseAddress, target.baseAddress, UInt32(length))
                        }
                    }
                }
                guard encoding else { return }
                for pixel in 0..<length {
                    for channel in 0..<3 { extended[4 * pixel + channel] = encodeSRGB(linear[3 * pixel + channel]) }
                    extended[4 * pixel + 3] = Float(image.pixels[4 * (first + pixel) + 3]) / 255
                }
            }
            if onlyBeyondSRGB {
                // The curve rises everywhere, so the first pass compares linear values with the
                // linear ends of `exceedsSRGB`'s margins and draws no curve.
                let low = -decodeSRGB(0.5 / 255), high = decodeSRGB(1 + 0.5 / 255)
                var beyond = false
                for first in stride(from: 0, to: count, by: run) where !beyond {
                    let length = min(run, count - first)
                    convert(first, length, encoding: false)
                    for pixel in 0..<length where image.pixels[4 * (first + pixel) + 3] > 0 {
                        if (0..<3).contains(where: { !(low...high).contains(linear[3 * pixel + $0]) }) { beyond = true; break }
                    }
                }
                guard beyond else { return nil }
            }
            var output: [Float] = []
            output.reserveCapacity(count * 4)
            for first in stride(from: 0, to: count, by: run) {
                let length = min(run, count - first)
                convert(first, length)
                output += extended[0..<(4 * length)]
            }
            return output
        }
    }

    /// Opens the profile `color` describes in a Little CMS context of its own, hands both to
    /// `body`, and closes them after it, whatever it made of them.
    private static func withSourceProfile<Value>(_ color: PNGColorInfo,
                                                 _ body: (cmsContext?, cmsHPROFILE) throws(Failure) -> Value) throws(Failure) -> Value {
        let context = cmsCreateContext(nil, nil)
        defer { cmsDeleteContext(context) }
        guard let source = inputProfile(color, context: context) else {
            throw Failure(.colourProfileUnreadable(color))
        }
        defer { cmsCloseProfile(source) }
        return try body(context, source)
    }

    /// A matrix-shaper RGB profile (Display P3, Adobe RGB, a PNG's gAMA/cHRM) to linear sRGB, as
    /// Little CMS's own float pipeline computes it — each channel's curve, then the profile's
    /// colorants (PCS XYZ, D50) and the inverse of linear sRGB's — but with the curves tabulated
    /// for the 256 values a channel can take: a few nanoseconds a pixel, where the generic float
    /// pipeline takes about a hundred. nil for anything else, which keeps the pipeline: a profile
    /// with a lookup table (A2B0, A2B1, D2B0, D2B1), which Little CMS prefers to the matrix when
    /// both are there (`_cmsReadInputLUT`; display profiles from calibration tools carry both), and
    /// device links, abstract and named-colour profiles.
    struct MatrixShaper {
        var curves: [[Float]]
        var matrix: [Float]

        init?(source: cmsHPROFILE, target: cmsHPROFILE) {
            guard cmsGetColorSpace(source) == cmsSigRgbData, cmsIsMatrixShaper(source) != 0, cmsIsMatrixShaper(target) != 0,
                  [cmsSigInputClass, cmsSigDisplayClass, cmsSigOutputClass, cmsSigColorSpaceClass].contains(cmsGetDeviceClass(source)),
                  [cmsSigAToB0Tag, cmsSigAToB1Tag, cmsSigDToB0Tag, cmsSigDToB1Tag].allSatisfy({ cmsIsTag(source, $0) == 0 })
            else { return nil }
            func colorants(_ profile: cmsHPROFILE) -> [Double]? {
                var columns: [[Double]] = []
                for tag in [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag] {
                    guard let raw = cmsReadTag(profile, tag) else { return nil }
                    let xyz = raw.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
                    columns.append([xyz.X, xyz.Y, xyz.Z])
                }
                // Row-major: row r holds the X, Y or Z of the three colorants.
                return (0..<3).flatMap { row in (0..<3).map { columns[$0][row] } }
            }
            guard let from = colorants(source), let to = colorants(target), let inverse = Self.inverse(to) else { return nil }
            var product = [Double](repeating: 0, count: 9)
            for row in 0..<3 {
                for column in 0..<3 { product[3 * row + column] = (0..<3).reduce(0) { $0 + inverse[3 * row + $1] * from[3 * $1 + column] } }
            }
            var curves: [[Float]] = []
            for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
                guard let raw = cmsReadTag(source, tag) else { return nil }
                let curve = OpaquePointer(raw)
                curves.append((0..<256).map { cmsEvalToneCurveFloat(curve, Float($0) / 255) })
            }
            guard curves.allSatisfy({ $0.allSatisfy(\.isFinite) }), product.allSatisfy(\.isFinite) else { return nil }
            self.curves = curves
            self.matrix = product.map { Float($0) }
        }

        static func inverse(_ m: [Double]) -> [Double]? {
            let determinant = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
            guard abs(determinant) > 1e-12 else { return nil }
            let cofactors = [m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                             m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                             m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]]
            return cofactors.map { $0 / determinant }
        }

        /// Linear sRGB (3 floats a pixel) of `count` RGBA pixels from pixel `first`.
        func apply(_ rgba: UnsafeBufferPointer<UInt8>, from first: Int, count: Int, into linear: UnsafeMutableBufferPointer<Float>) {
            let red = curves[0], green = curves[1], blue = curves[2], m = matrix
            for pixel in 0..<count {
                let at = 4 * (first + pixel)
                let r = red[Int(rgba[at])], g = green[Int(rgba[at + 1])], b = blue[Int(rgba[at + 2])]
                linear[3 * pixel] = m[0] * r + m[1] * g + m[2] * b
                linear[3 * pixel + 1] = m[3] * r + m[4] * g + m[5] * b
                linear[3 * pixel + 2] = m[6] * r + m[7] * g + m[8] * b
            }
        }
    }

    /// Linear light from sRGB's curve, for a value of 0 or more.
    static func decodeSRGB(_ encoded: Float) -> Float {
        encoded <= 0.04045 ? encoded / 12.92 : Float(pow((Double(encoded) + 0.055) / 1.055, 2.4))
    }

    /// sRGB's curve from linear light, mirrored below 0 (CoreGraphics' extended sRGB).
    static func encodeSRGB(_ linear: Float) -> Float {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * Float(pow(Double(magnitude), 1 / 2.4)) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    /// Whether every value is finite and within a half float's range (±65504), as a wide-gamut
    /// rendition stores them.
    public static func fitsHalfFloats(_ extended: [Float]) -> Bool {
        extended.allSatisfy { $0.isFinite && abs($0) <= 65504 }
    }

    /// Whether a colour of `extended` (from `extendedRangeSRGB`) lies outside sRGB by more than
    /// half a step of 8 bits: only then does sRGB's clipped rendition lose something a wide-gamut
    /// rendition keeps. Fully transparent pixels do not count.
    public static func exceedsSRGB(_ extended: [Float]) -> Bool {
        let low: Float = -0.5 / 255, high: Float = 1 + 0.5 / 255
        var base = 0
        while base + 3 < extended.count {
            if extended[base + 3] > 0 {
                for channel in base..<(base + 3) where extended[channel] < low || extended[channel] > high { return true }
            }
            base += 4
        }
        return false
    }

    /// The embedded ICC profile, else a profile from gAMA and cHRM (sRGB's primaries and white
    /// when cHRM is absent).
    private static func inputProfile(_ color: PNGColorInfo, context: cmsContext?) -> cmsHPROFILE? {
        if let profile = color.iccProfile {
            return profile.withUnsafeBytes { cmsOpenProfileFromMemTHR(context, $0.baseAddress, UInt32($0.count)) }
        }
        let chromaticities = (color.chromaticities ?? [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]).map { Double($0) / 100_000 }
        guard chromaticities.count == 8 else { return nil }
        var white = cmsCIExyY(x: chromaticities[0], y: chromaticities[1], Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: chromaticities[2], y: chromaticities[3], Y: 1),
                                        Green: cmsCIExyY(x: chromaticities[4], y: chromaticities[5], Y: 1),
                                        Blue: cmsCIExyY(x: chromaticities[6], y: chromaticities[7], Y: 1))
        // gAMA is the encoding exponent × 100000 (45455: 1/2.2); the curve decodes with its inverse.
        let encoding = Double(color.gamma ?? 45455) / 100_000
        guard encoding > 0.01, encoding < 10, let curve = cmsBuildGamma(context, 1 / encoding) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return curves.withUnsafeMutableBufferPointer { buffer in
            cmsCreateRGBProfileTHR(context, &white, &primaries, buffer.baseAddress)
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func colourProfileUnreadable(_ color: PNGColorInfo) -> Diagnostic.Message { "its colour profile (\(color.summary)) cannot be read" }
    fileprivate static let sRGBProfileUnavailable: Diagnostic.Message = "the sRGB profile cannot be made"
    fileprivate static let linearSRGBProfileUnavailable: Diagnostic.Message = "the linear sRGB profile cannot be made"
    fileprivate static func noTransformToSRGB(from color: PNGColorInfo) -> Diagnostic.Message { "no transform from its colour profile (\(color.summary)) to sRGB" }
    fileprivate static func noTransformToExtendedSRGB(from color: PNGColorInfo) -> Diagnostic.Message { "no transform from its colour profile (\(color.summary)) to extended sRGB" }
}
