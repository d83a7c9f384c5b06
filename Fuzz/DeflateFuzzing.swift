import Rendering

/// runflate, `--png-effort max`'s deflate encoder, on rows the fuzzer shapes: the first byte picks
/// the width, the second how the rest become pixels (grey bytes, indices into four colours, or
/// RGBA words), so runs, repeats and texture come straight from the input. Whatever is encoded must
/// decode through libpng (zlib's inflate) to the same pixels, and encode to the same bytes again.
func fuzzDeflate(_ bytes: [UInt8]) {
    guard bytes.count > 2 else { return }
    let width = Int(bytes[0]) + 1
    let body = bytes.dropFirst(2)
    var pixels: [UInt8] = []
    switch bytes[1] % 3 {
    case 0:
        for value in body { pixels += [value, value, value, 255] }
    case 1:
        let colours: [[UInt8]] = [[0, 0, 0, 0], [255, 255, 255, 255], [200, 30, 30, 255], [30, 30, 200, 128]]
        for value in body { pixels += colours[Int(value % 4)] }
    default:
        pixels = Array(body)
    }
    let height = pixels.count / 4 / width
    guard height > 0 else { return }
    let image = RGBAImage(width: width, height: height, pixels: Array(pixels.prefix(width * height * 4)))
    let settings = PNGEncoderSettings(effort: .max)
    guard let encoded = try? PNGOptimizer.encode(image, settings: settings) else {
        preconditionFailure("runflate could not encode an image")
    }
    guard let (_, again) = try? PNGCodec.decode(encoded) else {
        preconditionFailure("runflate wrote a stream zlib cannot inflate")
    }
    precondition(again.pixels == image.pixels, "runflate changed the pixels")
    precondition((try? PNGOptimizer.encode(image, settings: settings)) == encoded, "runflate is not deterministic")
}
