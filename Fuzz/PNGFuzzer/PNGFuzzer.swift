import AssetKit
import Foundation

/// libFuzzer target for the PNG reader and writer: any bytes must decode or throw, never crash; and
/// whatever decodes must survive assetc's encoder losslessly (decode → encode → decode gives the same
/// pixels), which also exercises every layout the optimizer picks. Built by `make fuzz`; a plain build
/// makes a replay tool: `png-fuzzer FILE...`.
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
    precondition(again == image, "encoding changed the pixels")
}

/// The callback libFuzzer calls with each input.
let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    fuzzPNG(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main
struct PNGFuzzerMain {
    static func main() throws {
        #if FUZZING
        // SwiftPM links its own entry point into executables, so libFuzzer's `main` is not used;
        // its driver is started from here instead.
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            fuzzPNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            print("ok \(path)")
        }
        #endif
    }
}

#if FUZZING
/// libFuzzer's archive still references this symbol (its own `main` is replaced by SwiftPM's).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    testOneInput(data, size)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif
