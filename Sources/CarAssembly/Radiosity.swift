import CompiledCatalog
import Foundation

/// A tvOS layered icon's radiosity image (part 209, `ZZZZRadiosityImage-1.0.0`): the low-pass
/// light tvOS casts from the icon as it moves, stored in CoreUI's lossy "blurred" form (compression
/// 6; `assetutil` calls it "blurred"). Worked out from the two public actool tvOS cars
/// (kagurasumusun/mac@f1ddcc3d's `brandassets-target-tv-Assets.car` and `selfgen-stacks-Assets.car`,
/// Xcode 26.5) and the shape of CoreUI's code as published decompilations show it; docs/tvos.md.
/// At 1x only, as both cars hold it.
enum Radiosity {
    /// The margin around the canvas, and the blur's radius, in pixels at 1x.
    static let margin = 40
    static let cell = 32
    /// Per 32-pixel cell, row by row, blue, green, red and alpha as 16-bit values of 6 fraction bits.
    ///
    /// `premultiplied`: the layers composited back to front as the flattened image is, before it is
    /// made opaque (premultiplied RGBA, `width`×`height`). It is placed on a canvas 80 pixels larger
    /// each way, 40 in from the left but 40 *above* the top (its first 80 rows fall off, the last
    /// 120 canvas rows stay empty: so both cars have it), blurred (a Gaussian of σ 20 over 40 pixels
    /// each side, in 14-bit integer weights, across then down, rounded), and each cell reduced to a
    /// weighted sum of its pixels, 0.22498 for the middle half of each axis and −0.16248 for the
    /// outer quarters, truncated. Within 1/64 of a level of both cars' values; the first car's byte for byte.
    static func image(premultiplied: [UInt8], width: Int, height: Int, idiom: RenditionIdiom) -> CompiledCatalog.RadiosityImage {
        let canvasWidth = width + 2 * margin, canvasHeight = height + 2 * margin
        var canvas = [Int32](repeating: 0, count: canvasWidth * canvasHeight * 4)
        if height > 2 * margin {
            for row in 0..<(height - 2 * margin) {
                for x in 0..<width {
                    for channel in 0..<4 {
                        canvas[((row + margin) * canvasWidth + x + margin) * 4 + channel] = Int32(premultiplied[((row + 2 * margin) * width + x) * 4 + channel])
                    }
                }
            }
        }
        let kernel = blurKernel()
        let across = blur(canvas, canvasWidth, canvasHeight, kernel, horizontal: true)
        let blurred = blur(across, canvasWidth, canvasHeight, kernel, horizontal: false)
        var values: [Int16] = []
        let weights = (0..<cell).map { Double(($0 >= cell / 4 && $0 < 3 * cell / 4) ? Float(0.22498) : Float(-0.16248)) }
        let columns = (canvasWidth + cell - 1) / cell, rows = (canvasHeight + cell - 1) / cell
        // The cell's channels in RGBA order; stored blue, green, red, alpha.
        for cellY in 0..<rows {
            // Each column's sum down the cell's rows, per channel.
            var down = [Double](repeating: 0, count: columns * cell * 4)
            for i in 0..<cell where cellY * cell + i < canvasHeight {
                let y = cellY * cell + i
                for x in 0..<canvasWidth {
                    for channel in 0..<4 { down[x * 4 + channel] += Double(blurred[(y * canvasWidth + x) * 4 + channel]) * weights[i] }
                }
            }
            for cellX in 0..<columns {
                var sums = [Double](repeating: 0, count: 4)
                for j in 0..<cell where cellX * cell + j < canvasWidth {
                    for channel in 0..<4 { sums[channel] += down[(cellX * cell + j) * 4 + channel] * weights[j] }
                }
                for channel in [2, 1, 0, 3] {
                    let fixed = Int64((sums[channel] * 64).rounded(.towardZero))
                    values.append(Int16(truncatingIfNeeded: fixed))
                }
            }
        }
        return CompiledCatalog.RadiosityImage(idiom: idiom, width: canvasWidth, height: canvasHeight, cell: cell, values: values)
    }

    /// σ 20 over 40 pixels each side: each weight of the normal curve scaled so they would sum to
    /// 16384, truncated (they sum to 16345; the centre is 341).
    static func blurKernel() -> [Int32] {
        let radius = margin, sigma = Double(margin) / 2
        let normal = 1.0 / (sigma * 2.50662827)
        let half = (0...radius).map { normal * exp(-Double($0 * $0) / (sigma * (sigma + sigma))) }
        let scale = 16384.0 / (half[0] + 2.0 * half.dropFirst().reduce(0, +))
        let integers = half.map { Int32(scale * $0) }
        return integers.reversed().dropLast() + integers
    }

    /// One pass of the blur, zero beyond the canvas: (sum + 8192) >> 14, at most 255.
    static func blur(_ values: [Int32], _ width: Int, _ height: Int, _ kernel: [Int32], horizontal: Bool) -> [Int32] {
        let radius = kernel.count / 2
        var out = [Int32](repeating: 0, count: values.count)
        let (length, lines, step, lineStep) = horizontal ? (width, height, 4, width * 4) : (height, width, width * 4, 4)
        values.withUnsafeBufferPointer { source in
            kernel.withUnsafeBufferPointer { weights in
                out.withUnsafeMutableBufferPointer { target in
                    SeparablePass.walk(length: length, lines: lines, step: step, lineStep: lineStep, radius: radius) { to, first, last in
                        var s0: Int32 = 0, s1: Int32 = 0, s2: Int32 = 0, s3: Int32 = 0
                        var k = first, at = to + first * step
                        while k <= last {
                            let weight = weights[k + radius]
                            s0 += source[at] * weight
                            s1 += source[at + 1] * weight
                            s2 += source[at + 2] * weight
                            s3 += source[at + 3] * weight
                            k += 1
                            at += step
                        }
                        target[to] = min(255, (s0 + 8192) >> 14)
                        target[to + 1] = min(255, (s1 + 8192) >> 14)
                        target[to + 2] = min(255, (s2 + 8192) >> 14)
                        target[to + 3] = min(255, (s3 + 8192) >> 14)
                    }
                }
            }
        }
        return out
    }
}
