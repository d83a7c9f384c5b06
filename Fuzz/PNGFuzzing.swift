import Rendering

/// Any bytes through the PNG reader must decode or throw, never crash; and whatever decodes must
/// survive assetc's encoder losslessly (decode → encode → decode gives the same pixels), which also
/// exercises every layout the optimizer picks.
func fuzzPNG(_ bytes: [UInt8]) {
    // A small pixel cap keeps the fuzzer from spending its time (and memory) on huge headers.
    guard let (_, image) = try? PNGCodec.decode(bytes, maximumPixels: 1 << 20) else { return }
    guard let encoded = try? PNGOptimizer.encode(image) else {
        preconditionFailure("a decoded image could not be encoded")
    }
    guard let (header, again) = try? PNGCodec.decode(encoded) else {
        preconditionFailure("assetc wrote a PNG it cannot read")
    }
    precondition(!header.interlaced && header.bitDepth <= 8, "wrote an interlaced or 16-bit PNG")
    precondition(again.width == image.width && again.height == image.height && again.pixels == image.pixels,
                 "encoding changed the pixels")
    precondition(again.color == image.color, "encoding changed the colour chunks")
    // Compressed again as `max` does with a 16-bit copy (any depth here): a file that reads back to
    // the same pixels, or a clear refusal (an interlaced file).
    if let recompressed = try? PNGCodec.recompress(bytes, settings: PNGEncoderSettings(effort: .max), maximumPixels: 1 << 20) {
        guard let (_, same) = try? PNGCodec.decode(recompressed, maximumPixels: 1 << 20) else {
            preconditionFailure("a file compressed again cannot be read")
        }
        precondition(same.width == image.width && same.height == image.height && same.pixels == image.pixels,
                     "compressing again changed the pixels")
    }
    // A colour profile (a fuzzed iCCP, gAMA or cHRM) through the car's conversions: each converts
    // or throws; the wide-gamut floats come out the same with the matrix-shaper shortcut or
    // without it, and the first pass agrees with the whole conversion on "beyond sRGB".
    guard let color = image.color, !color.isPlainSRGB else { return }
    _ = try? SRGBConversion.convert(image)
    let fast = try? SRGBConversion.extendedRangeSRGB(image)
    let slow = try? SRGBConversion.extendedRangeSRGB(image, matrixShortcut: false)
    precondition((fast == nil) == (slow == nil), "the shortcut and Little CMS disagree on whether the profile converts")
    if let fast, let slow {
        precondition(fast.count == slow.count && fast.count == image.width * image.height * 4, "wide-gamut floats of the wrong length")
        for (a, b) in zip(fast, slow) where a.isFinite && b.isFinite && abs(a) < 1e6 {
            precondition(abs(a - b) <= 1e-3 * max(1, abs(b)), "the shortcut gives \(a) where Little CMS gives \(b)")
        }
        let beyond = try? SRGBConversion.extendedRangeSRGB(image, onlyBeyondSRGB: true)
        if fast.allSatisfy(\.isFinite) {
            precondition((beyond != nil) == SRGBConversion.exceedsSRGB(fast), "the first pass and the whole conversion disagree")
        }
    }
}
