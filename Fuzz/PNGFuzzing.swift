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
}
