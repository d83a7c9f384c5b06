import Foundation

/// `assetc-fuzz TARGET ...`: with `make fuzz` (built with `-sanitize=fuzzer -DFUZZING`) it runs
/// libFuzzer on TARGET with the remaining arguments; a plain build replays files through TARGET once
/// each, for crash files and regressions.
let targets: [String: @Sendable ([UInt8]) -> Void] = ["manifest": fuzzManifest, "png": fuzzPNG, "icon": fuzzIconComposer, "content": fuzzContentStream,
                                                        "deflate": fuzzDeflate]

/// Chosen once at start-up, before any input; libFuzzer's C callback cannot capture it.
nonisolated(unsafe) var selectedTarget: @Sendable ([UInt8]) -> Void = { _ in }

let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    selectedTarget(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main
struct FuzzMain {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = targets[arguments[1]] else {
            FileHandle.standardError.write(Data("usage: assetc-fuzz manifest|png|icon|content|deflate [libFuzzer options | files...]\n".utf8))
            exit(2)
        }
        selectedTarget = target
        #if FUZZING
        // SwiftPM links its own entry point into executables, so libFuzzer's `main` is not used; its
        // driver is started here and sees the program name followed by the arguments after TARGET.
        let argv = CommandLine.unsafeArgv + 1
        argv[0] = CommandLine.unsafeArgv[0]
        var driverArgv = argv
        var driverArgc = CommandLine.argc - 1
        exit(LLVMFuzzerRunDriver(&driverArgc, &driverArgv, testOneInput))
        #else
        for path in arguments.dropFirst(2) {
            target([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
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
