import AssetKit
import Foundation

/// libFuzzer target for the manifest decoder: any bytes must give a manifest or diagnostics, never a
/// crash, a trap or a stack overflow. Built by `make fuzz` with `-sanitize=fuzzer -DFUZZING`; a plain
/// build makes a replay tool instead: `manifest-fuzzer FILE...` runs each file once (for regressions).
func fuzzManifest(_ bytes: [UInt8]) {
    do {
        let (manifest, _) = try ManifestDecoder.decode(bytes, path: "fuzz.json", directory: "/nonexistent")
        // Everything derived without I/O must hold up too.
        _ = Pipeline.outputDirectory(for: manifest, override: nil)
    } catch {
        // Diagnostics must name the file; a location must be inside the text.
        for diagnostic in error.diagnostics {
            precondition(diagnostic.path == "fuzz.json", "diagnostic without the manifest path")
            if let location = diagnostic.location {
                precondition(location.line >= 1 && location.column >= 1, "location out of range")
            }
        }
    }
}

/// The callback libFuzzer calls with each input.
let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    fuzzManifest(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main
struct ManifestFuzzerMain {
    static func main() throws {
        #if FUZZING
        // SwiftPM links its own entry point into executables, so libFuzzer's `main` is not used;
        // its driver is started from here instead.
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            fuzzManifest([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
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
