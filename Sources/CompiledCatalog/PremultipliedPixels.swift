/// Straight RGBA to premultiplied BGRA, rounding to nearest as Core Graphics does.
enum PremultipliedBGRA {
    static func convert(_ rgba: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rgba.count)
        rgba.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var index = 0
                while index < source.count {
                    let alpha = UInt32(source[index + 3])
                    func multiply(_ value: UInt8) -> UInt8 { UInt8((UInt32(value) * alpha + 127) / 255) }
                    target[index] = multiply(source[index + 2])
                    target[index + 1] = multiply(source[index + 1])
                    target[index + 2] = multiply(source[index])
                    target[index + 3] = UInt8(alpha)
                    index += 4
                }
            }
        }
        return out
    }
}

/// Straight RGBA whose channels are equal to (grey, alpha) pairs, grey premultiplied with the same
/// rounding as `PremultipliedBGRA`.
enum PremultipliedGrey {
    static func isGrey(_ rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                if pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2] { return false }
                index += 4
            }
            return true
        }
    }

    static func convert(_ rgba: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rgba.count / 2)
        rgba.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var pixel = 0
                while pixel * 4 < source.count {
                    let alpha = UInt32(source[pixel * 4 + 3])
                    target[pixel * 2] = UInt8((UInt32(source[pixel * 4]) * alpha + 127) / 255)
                    target[pixel * 2 + 1] = UInt8(alpha)
                    pixel += 1
                }
            }
        }
        return out
    }
}
