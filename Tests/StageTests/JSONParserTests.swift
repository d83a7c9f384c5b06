import TestSupport
import Testing
@testable import AssetModel

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func recordsLocationsOfKeysAndValues() throws {
        let marked = MarkedText("{\n  1️⃣\"a\": 2️⃣[1, 2],\n  \"bé\": 3️⃣\"x\"\n}")  // é counts as one column
        let node = try parse(marked.text)
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "bé"])
        #expect(members[0].keyLocation == location(marked, "1️⃣"))
        #expect(members[0].value.location == location(marked, "2️⃣"))
        #expect(members[1].value.location == location(marked, "3️⃣"))
    }

    @Test(arguments: [
        ("{\"a\": 1️⃣}", "unexpected character '}'; expected a value"),
        ("{\"a\": 1,1️⃣}", "expected a quoted key"),
        ("[1, 21️⃣", "end of file"),
        ("{\"a\": 1, 1️⃣\"a\": 2}", "duplicate key 'a'"),
        ("{\"a\": 1️⃣01}", "leading zeros"),
        ("\n\n  1️⃣tru", "expected 'true'"),
        ("{} 1️⃣{}", "after the top-level value"),
        ("\"tab1️⃣\there\"", "control character"),
    ])
    func reportsSyntaxErrorsWithPosition(marked: String, message: String) {
        let input = MarkedText(marked)
        #expect {
            _ = try parse(input.text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.location == location(input, "1️⃣") && error.message.contains(message)
        }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let node = try parse(#"["a\"b\\c\/\n", "\u00e9\ud83d\ude00"]"#)
        guard case .array(let items) = node.value, case .string(let first) = items[0].value,
              case .string(let second) = items[1].value else { Issue.record("wrong shape"); return }
        #expect(first == "a\"b\\c/\n")
        #expect(second == "é😀")
    }

    @Test func refusesNestingDeeperThanTheLimitWithoutOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try parse(fine) }
    }

    @Test func keepsNumberLiterals() throws {
        let node = try parse("[1.5, -2e3, 0]")
        guard case .array(let items) = node.value else {
            Issue.record("expected an array, got \(node.typeName)")
            return
        }
        let literals = items.compactMap { item -> String? in
            if case .number(_, let literal) = item.value { return literal }
            return nil
        }
        #expect(literals == ["1.5", "-2e3", "0"])
    }
}

@Suite struct JSONParserFastPathTests {
    @Test func stringsWithAndWithoutEscapesKeepColumnsAndRefuseBadUTF8() throws {
        let marked = MarkedText("{\"plain\": \"abcé\", \"esc\": \"a\\nb\", 1️⃣\"after\": 2️⃣1}")
        let node = try JSONParser.parse(Array(marked.text.utf8))
        guard case .object(let members) = node.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["plain", "esc", "after"])
        if case .string(let plain) = members[0].value.value { #expect(plain == "abcé") } else { Issue.record("plain") }
        if case .string(let escaped) = members[1].value.value { #expect(escaped == "a\nb") } else { Issue.record("esc") }
        #expect(members[2].keyLocation == location(marked, "1️⃣"))
        #expect(members[2].value.location == location(marked, "2️⃣"))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D]) }
    }

    @Test func outputEscapesByBytesAndRoundTrips() throws {
        let value = JSONOutput.object(["k\"é": .string("tab\there \\ \u{1} ünï")])
        let text = value.serialized()
        #expect(text == "{\n  \"k\\\"é\": \"tab\\there \\\\ \\u0001 ünï\"\n}\n")
        let parsed = try JSONParser.parse(Array(text.utf8))
        guard case .object(let members) = parsed.value, case .string(let back) = members.first?.value.value else {
            Issue.record("did not round-trip")
            return
        }
        #expect(members.first?.key == "k\"é" && back == "tab\there \\ \u{1} ünï")
    }
}
