#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's maths and `%g`: the symbol templates' geometry needs trigonometry for arcs and
/// rotations, and actool writes a glyph's numbers as `%g` does (6 significant digits), which only
/// the C formatter reproduces to the last digit.
enum MathFunctions {
    static func sin(_ x: Double) -> Double { Glibc_sin(x) }

    static func cos(_ x: Double) -> Double { Glibc_cos(x) }
    static func atan2(_ y: Double, _ x: Double) -> Double { Glibc_atan2(y, x) }

    /// `printf("%g", value)`: 6 significant digits, trailing zeros dropped.
    static func shortestG(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%g", $0) }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text == "-0" ? "0" : text
    }
}

private func Glibc_sin(_ x: Double) -> Double { sin(x) }
private func Glibc_cos(_ x: Double) -> Double { cos(x) }
private func Glibc_atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
