import CompiledCatalog
import Foundation

/// A solid image stack layer's textures, computed from its pixels as actool computes them
/// (docs/visionos.md, "The textures"; checked against rebelancap/dusklight-ios's car).
enum SolidLayerTextures {
    /// The signed distance field (dimension 1 = 1), byte for byte as actool's: a pixel is inside
    /// when its alpha is above 0; an inside pixel with an outside one among its eight neighbours (or
    /// beyond the image) is on the edge and starts at alpha/255 − 0.5; distances spread from the edge
    /// by a 3×3 chamfer (1 a step across, √2 a diagonal one) in 32-bit floats until nothing changes,
    /// inside from the edge values and outside from their negations. Positive inside, in pixels.
    ///
    /// Three of actool's ways at the image's border are kept, since the values differ without
    /// them: the last pixel (bottom right) is never relaxed (it keeps its start, the largest float,
    /// negated outside); the last column takes no diagonal neighbour; the first takes no up-right one.
    static func distances(alpha: [UInt8], width: Int, height: Int) -> [Float] {
        let count = width * height
        var inside = [Bool](repeating: false, count: count)
        for index in 0..<count { inside[index] = alpha[index] > 0 }
        func isOutside(_ x: Int, _ y: Int) -> Bool { x < 0 || y < 0 || x >= width || y >= height || !inside[y * width + x] }
        var fromEdgeIn = [Float](repeating: .greatestFiniteMagnitude, count: count)
        var fromEdgeOut = fromEdgeIn
        for y in 0..<height {
            for x in 0..<width where inside[y * width + x] {
                var onEdge = false
                for dy in -1...1 {
                    for dx in -1...1 where (dx != 0 || dy != 0) && isOutside(x + dx, y + dy) { onEdge = true }
                }
                guard onEdge else { continue }
                let start = Float(alpha[y * width + x]) / 255 - 0.5
                fromEdgeIn[y * width + x] = start
                fromEdgeOut[y * width + x] = -start
            }
        }
        relax(&fromEdgeIn, width: width, height: height)
        relax(&fromEdgeOut, width: width, height: height)
        var field = [Float](repeating: 0, count: count)
        for index in 0..<count { field[index] = inside[index] ? fromEdgeIn[index] : -fromEdgeOut[index] }
        return field
    }

    /// Raster passes, forward then backward, until one pair changes nothing.
    static func relax(_ distances: inout [Float], width: Int, height: Int) {
        let diagonal = Float(2).squareRoot()
        let last = width * height - 1
        distances.withUnsafeMutableBufferPointer { d in
            // Forward: left, up-left, up, up-right; backward: right, down-right, down, down-left.
            func visit(_ index: Int, forward: Bool) -> Bool {
                let x = index % width, y = index / width
                let side = forward ? -1 : 1
                var value = d[index]
                let across = x + side, row = y + side
                let diagonals = x != width - 1
                if across >= 0, across < width, d[index + side] + 1 < value { value = d[index + side] + 1 }
                if row >= 0, row < height {
                    let above = index + side * width
                    if d[above] + 1 < value { value = d[above] + 1 }
                    if diagonals, across >= 0, across < width, d[above + side] + diagonal < value { value = d[above + side] + diagonal }
                    // The up-right neighbour (forward) and the down-left one (backward).
                    let other = x - side
                    if diagonals, other >= 0, other < width, !(forward && x == 0), d[above - side] + diagonal < value {
                        value = d[above - side] + diagonal
                    }
                }
                guard value != d[index] else { return false }
                d[index] = value
                return true
            }
            // A bound no real field reaches (each pass pair moves every value at least one step).
            // While loops: a debug build's ranges cost more than the visits.
            for _ in 0..<(width + height + 2) {
                var changed = false
                var index = 0
                while index < last {
                    if visit(index, forward: true) { changed = true }
                    index += 1
                }
                index = last - 1
                while index >= 0 {
                    if visit(index, forward: false) { changed = true }
                    index -= 1
                }
                if !changed { break }
            }
        }
    }

    /// The edge's outward direction (dimension 1 = 2), byte for byte as actool's (CoreUI's
    /// `CUICreateSDFGradientTextureFromImage`, whose steps were read from the data, in 32-bit floats):
    /// along each axis, of the differences to the pixel before and after, the smaller one that is not
    /// zero (the one after on a tie); zero across the two first and the last columns (x) and rows
    /// (y); the vector negated and made unit length; blurred down then across by the normal curve of
    /// σ 2 over 6 pixels each side, its weights not made to sum to one, zero beyond the image; each
    /// component times 128, truncated, within ±127.
    static func directions(distances: [Float], width: Int, height: Int) -> [Int8] {
        let count = width * height
        var ux = [Float](repeating: 0, count: count), uy = ux
        func smaller(_ before: Float, _ after: Float) -> Float {
            if before == 0 { return after }
            if after == 0 { return before }
            return abs(before) < abs(after) ? before : after
        }
        distances.withUnsafeBufferPointer { d in
            for y in 0..<height {
                for x in 0..<width {
                    let index = y * width + x, here = d[index]
                    var gx = smaller(x > 0 ? here - d[index - 1] : 0, x < width - 1 ? d[index + 1] - here : 0)
                    var gy = smaller(y > 0 ? here - d[index - width] : 0, y < height - 1 ? d[index + width] - here : 0)
                    if x <= 1 || x == width - 1 { gx = 0 }
                    if y <= 1 || y == height - 1 { gy = 0 }
                    let length = (gx * gx + gy * gy).squareRoot()
                    guard length > 0 else { continue }
                    let inverse = 1 / length
                    ux[index] = -gx * inverse
                    uy[index] = -gy * inverse
                }
            }
        }
        let weights = (-6...6).map { Foundation.expf(-Float($0 * $0) / 8) / Float(2 * (2 * Double.pi).squareRoot()) }
        var result = [Int8](repeating: 0, count: count * 2)
        for (channel, values) in [ux, uy].enumerated() {
            let smoothed = blur(blur(values, width, height, weights, horizontal: false), width, height, weights, horizontal: true)
            for index in 0..<count {
                let scaled = (smoothed[index] * 128).rounded(.towardZero)
                result[2 * index + channel] = scaled.isNaN ? 0 : Int8(min(max(scaled, -127), 127))
            }
        }
        return result
    }

    /// One pass of a separable blur, zero beyond the image, in 32-bit floats: each tap added in
    /// turn, from −6 to 6.
    static func blur(_ values: [Float], _ width: Int, _ height: Int, _ kernel: [Float], horizontal: Bool) -> [Float] {
        let radius = kernel.count / 2
        var out = [Float](repeating: 0, count: values.count)
        let (length, lines, step, lineStep) = horizontal ? (width, height, 1, width) : (height, width, width, 1)
        values.withUnsafeBufferPointer { source in
            kernel.withUnsafeBufferPointer { weights in
                out.withUnsafeMutableBufferPointer { target in
                    SeparablePass.walk(length: length, lines: lines, step: step, lineStep: lineStep, radius: radius) { to, first, last in
                        var sum: Float = 0
                        var k = first
                        while k <= last {
                            sum = sum + weights[k + radius] * source[to + k * step]
                            k += 1
                        }
                        target[to] = sum
                    }
                }
            }
        }
        return out
    }
}

/// A separable filter's pass, along rows (`step` 1 element) or columns: each position of each line,
/// with the first and last kernel offsets that stay inside the image (zero beyond it). While loops:
/// a debug build's ranges cost more than the sums.
enum SeparablePass {
    /// `body(to, first, last)`: the output's index, and the offsets −radius…radius that stay inside.
    static func walk(length: Int, lines: Int, step: Int, lineStep: Int, radius: Int, _ body: (Int, Int, Int) -> Void) {
        var line = 0
        while line < lines {
            let base = line * lineStep
            var position = 0
            while position < length {
                body(base + position * step, max(-radius, -position), min(radius, length - 1 - position))
                position += 1
            }
            line += 1
        }
    }
}
