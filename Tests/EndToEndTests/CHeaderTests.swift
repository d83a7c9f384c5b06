import Foundation
import Testing

/// Sources/CRSVG/shim.h declares the part of librsvg's API assetc calls instead of including
/// librsvg's header (which brings GIO's `-pthread`, a SwiftPM warning in every dependent build).
/// These tests hold the declarations to the installed header: the prototypes must be compatible
/// with it, and the types must have its layout and the enum its values.
@Suite struct CHeaderTests {
    static let shim = Harness.packageRoot.appendingPathComponent("Sources/CRSVG")

    func flags(_ package: String) throws -> [String] {
        let run = try Harness.run("/usr/bin/env", ["pkg-config", "--cflags", package])
        try #require(run.status == 0, "\(run.stderr)")
        return run.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test func librsvgPrototypesAgreeWithItsHeader() throws {
        // The real header first, then the shim: a prototype that disagrees is a conflicting-types error.
        let check = try Harness.run("/usr/bin/env", ["clang", "-fsyntax-only", "-Werror", "-x", "c"] + (try flags("librsvg-2.0"))
                                    + ["-include", "librsvg/rsvg.h", Self.shim.appendingPathComponent("shim.h").path])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func librsvgTypesHaveItsLayout() throws {
        let work = try Harness.temporaryDirectory()
        defer { Harness.removeTemporary(work) }
        let program = """
        #include HEADER
        #include <stddef.h>
        #include <stdio.h>
        int main(void) {
            printf("%zu %zu %zu %zu %zu %zu %zu %d %d %d\\n", sizeof(RsvgHandle), offsetof(RsvgHandle, _abi_padding),
                   sizeof(RsvgRectangle), offsetof(RsvgRectangle, width), offsetof(RsvgRectangle, height),
                   sizeof(RsvgLength), offsetof(RsvgLength, unit), (int)RSVG_UNIT_PERCENT, (int)RSVG_UNIT_PT, (int)RSVG_UNIT_PC);
            return 0;
        }
        """
        try program.write(to: work.appendingPathComponent("layout.c"), atomically: true, encoding: .utf8)
        var outputs: [String] = []
        for (header, package, include) in [("<librsvg/rsvg.h>", "librsvg-2.0", [String]()),
                                           ("\"shim.h\"", "cairo-gobject", ["-I", Self.shim.path])] {
            let compile = try Harness.run("/usr/bin/env", ["clang", "-Werror", "-DHEADER=\(header)"] + (try flags(package)) + include
                                          + ["layout.c", "-o", "layout"], in: work)
            try #require(compile.status == 0, "\(header): \(compile.stderr)")
            let run = try Harness.run(work.appendingPathComponent("layout").path, [], in: work)
            outputs.append(run.stdout)
        }
        #expect(outputs[0] == outputs[1], "librsvg's header: \(outputs[0]) the shim: \(outputs[1])")
        #expect(!outputs[0].isEmpty)
    }
}
