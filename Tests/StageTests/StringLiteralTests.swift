@testable import CodeGeneration
import Testing

/// The one escaper behind the Swift, Objective-C and Starlark literals of generated files.
@Suite struct StringLiteralTests {
    let hostile = "a\"b\\c\nd\te\u{1}f\u{7F}\u{E9}🙂"

    @Test func swiftEscapesControlCharactersAndKeepsTheRest() {
        #expect(StringLiterals.swift(hostile) == #""a\"b\\c\nd\te\u{1}f\u{7f}"# + "\u{E9}🙂\"")
    }

    @Test func objectiveCKeepsTheFileASCII() {
        #expect(StringLiterals.objectiveC(hostile) == #"@"a\"b\\c\u000Ad\u0009e\u0001f\u007F\u00E9\U0001F642""#)
        #expect(StringLiterals.objectiveC(hostile).unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F })
    }

    @Test func starlarkEscapesQuotesBackslashesAndNewlines() {
        #expect(StringLiterals.starlark("a\"b\\c\nd") == #""a\"b\\c\nd""#)
    }
}
