import Foundation
import Testing

/// The rules of the house that the compiler cannot hold (docs/architecture.md, "House rules"), read
/// from the source text: small files, short functions, and messages declared by name.
@Suite struct HouseRuleTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file in Sources, by its path relative to Sources, with its text.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(sources.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test func sourcesAreFound() throws {
        // A rule over no files would pass whatever the files say.
        #expect(try Self.swiftFiles().count > 200)
    }

    @Test func noSourceFileIsLongerThan600Lines() throws {
        let long = try Self.swiftFiles().filter { $0.text.split(separator: "\n", omittingEmptySubsequences: false).count > 600 }
        #expect(long.map(\.path) == [])
    }

    @Test func noFunctionIsLongerThan150Lines() throws {
        var long: [String] = []
        for file in try Self.swiftFiles() {
            for function in SwiftTokens(file.text).functionBodies() where function.lastLine - function.firstLine + 1 > 150 {
                long.append("\(file.path):\(function.firstLine) \(function.name)")
            }
        }
        #expect(long == [])
    }

    /// A message's words are declared once, by name, in an `extension Diagnostic.Message` beside the
    /// code that raises it; a call that makes a message (`.error(path, …)`, `SourceError(…)`,
    /// `reader.error(…)`) names one and never spells a string literal among its own arguments.
    @Test func messagesAreDeclaredByName() throws {
        var spelled: [String] = []
        for file in try Self.swiftFiles() {
            for site in SwiftTokens(file.text).literalMessageSites() { spelled.append("\(file.path):\(site.line) \(site.name)(") }
        }
        #expect(spelled == [])
    }

    /// A message's words stand on one line, so a search of the source for a sentence a user saw finds
    /// it (docs/architecture.md, "House rules"): no declaration made only of string literals joined
    /// with `+` over several lines.
    @Test func messageWordsStandOnOneLine() throws {
        var split: [String] = []
        for file in try Self.swiftFiles() {
            for line in SwiftTokens(file.text).splitMessageWordings() { split.append("\(file.path):\(line)") }
        }
        #expect(split == [])
    }

    /// A file's messages are one `extension Diagnostic.Message`, the file's last declaration, so a
    /// reader finds them in one place (docs/architecture.md, "Messages").
    @Test func messagesCloseTheirFile() throws {
        var misplaced: [String] = []
        for file in try Self.swiftFiles() {
            let extensions = SwiftTokens(file.text).messageExtensions()
            if extensions.count > 1 || extensions.contains(where: { !$0.endsTheFile }) { misplaced.append(file.path) }
        }
        #expect(misplaced == [])
        #expect(SwiftTokens("struct A {}\nextension Diagnostic.Message {\n    static let a: Diagnostic.Message = \"a\"\n}\n").messageExtensions().map(\.endsTheFile) == [true])
        #expect(SwiftTokens("extension Diagnostic.Message {\n}\nenum B { case c }\n").messageExtensions().map(\.endsTheFile) == [false])
    }

    @Test func theScannerFindsASplitWording() {
        // Lines 1 and 5 split a wording; line 8 computes its words (a choice), and line 11 is one line.
        let text = #"""
        static func a(_ name: String) -> Diagnostic.Message {
            "the set \(name) "
                + "is empty"
        }
        static let b: Diagnostic.Message = "one "
            + "two"
        let other = 1
        static func c(_ flag: Bool) -> Diagnostic.Message {
            "it is " + (flag ? "on" : "off")
        }
        static func d() -> Diagnostic.Message { "one " + "line" }
        """#
        #expect(SwiftTokens(text).splitMessageWordings() == [1, 5])
    }

    @Test func theScannerFindsASpelledMessage() {
        // The rule above would pass on a scanner that finds nothing: it must find these and only these.
        let text = #"""
        diagnostics.append(.error(path, at: node.location, "page \(page) is out of range"))
        throw SourceError(flag ? "a" : "b")
        reader.warning("""
            multi-line
            """, at: location)
        diagnostics.append(.error(path, .pageOutOfRange(page, pageCount: count)))
        throw SourceError(.init(relaying: error.message))
        let name = SetName("not a message")   // a literal in a call that makes no message
        func error(_ message: Diagnostic.Message, at location: SourceLocation) {}
        .note(path, .named(ActoolMessage.missingFile("a.png", inSet: "Star")))
        _ = Diagnostic.Message(relaying: "spelled")
        throw FileSystem.failure(.create, "pipe")
        diagnostics.append(.note(setPath + "/Contents.json", at: location, .named))
        reader.error("spelled", at: location)
        _ = Diagnostic(.error, path: ".", .named)
        """#
        let sites = SwiftTokens(text).literalMessageSites()
        #expect(sites.map(\.line) == [1, 2, 3, 11, 14])
        let functions = SwiftTokens("struct A {\n    func f() {\n        if x { y() }\n    }\n}\nfunc g() { }\n").functionBodies()
        #expect(functions.map(\.name) == ["f", "g"])
        #expect(functions.map(\.firstLine) == [2, 6])
        #expect(functions.map(\.lastLine) == [4, 6])
    }
}

/// Swift source as the few tokens the house rules need: names, punctuation, string literals (with
/// their interpolations skipped) and nothing of comments.
struct SwiftTokens {
    enum Kind: Equatable { case name(String), punctuation(Character), string }
    struct Token { var kind: Kind; var line: Int }

    private(set) var tokens: [Token] = []

    /// The calls that make a message from their arguments.
    static let messageCalls: Set<String> = [
        "error", "warning", "note", "content", "overLimit", "renderer", "recordMismatch", "problem", "finding",
        "requiredSlotProblem", "failure", "fail", "warn", "Diagnostic", "SourceError", "InputError",
    ]

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                line += 1
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") {
                    if scalars[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
            } else if scalar == "\"" || (scalar == "#" && Self.opensRawString(scalars, at: index)) {
                tokens.append(Token(kind: .string, line: line))
                Self.skipString(scalars, &index, &line)
            } else if scalar.properties.isAlphabetic || scalar == "_" {
                var end = index
                while end < scalars.count, scalars[end].properties.isAlphabetic || scalars[end] == "_"
                    || scalars[end].properties.numericType != nil { end += 1 }
                var name = String.UnicodeScalarView()
                name.append(contentsOf: scalars[index..<end])
                tokens.append(Token(kind: .name(String(name)), line: line))
                index = end
            } else {
                if !scalar.properties.isWhitespace { tokens.append(Token(kind: .punctuation(Character(scalar)), line: line)) }
                index += 1
            }
        }
    }

    private static func opensRawString(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var end = index
        while end < scalars.count, scalars[end] == "#" { end += 1 }
        return end < scalars.count && scalars[end] == "\""
    }

    private static func starts(_ scalars: [Unicode.Scalar], at index: Int, with text: String) -> Bool {
        var at = index
        for scalar in text.unicodeScalars {
            guard at < scalars.count, scalars[at] == scalar else { return false }
            at += 1
        }
        return true
    }

    /// Moves past a string literal (plain, multi-line or raw), and past each interpolation in it.
    private static func skipString(_ scalars: [Unicode.Scalar], _ index: inout Int, _ line: inout Int) {
        var hashes = ""
        while scalars[index] == "#" { hashes += "#"; index += 1 }
        let quote = starts(scalars, at: index, with: "\"\"\"") ? "\"\"\"" : "\""
        index += quote.count
        let close = quote + hashes
        let escape = "\\" + hashes
        while index < scalars.count {
            if starts(scalars, at: index, with: close) { index += close.unicodeScalars.count; return }
            if scalars[index] == "\n" { line += 1 }
            if starts(scalars, at: index, with: escape + "(") {
                index += escape.unicodeScalars.count + 1
                var depth = 1
                while index < scalars.count, depth > 0 {
                    let scalar = scalars[index]
                    if scalar == "\"" || (scalar == "#" && opensRawString(scalars, at: index)) {
                        skipString(scalars, &index, &line)
                        continue
                    }
                    if scalar == "\n" { line += 1 }
                    if scalar == "(" { depth += 1 } else if scalar == ")" { depth -= 1 }
                    index += 1
                }
            } else if starts(scalars, at: index, with: escape) {
                index += escape.unicodeScalars.count + 1
            } else {
                index += 1
            }
        }
    }

    /// The index of the token that closes the bracket opened at `open`.
    private func closing(_ open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            guard case .punctuation(let mark) = tokens[index].kind else { continue }
            if "([{".contains(mark) { depth += 1 } else if ")]}".contains(mark) {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return tokens.count - 1
    }

    /// Calls that make a message and hold a string literal as (part of) one of their own arguments,
    /// and `relaying:` given a literal.
    func literalMessageSites() -> [(line: Int, name: String)] {
        var sites: [(Int, String)] = []
        for (index, token) in tokens.enumerated() {
            guard case .name(let name) = token.kind, index + 1 < tokens.count,
                  tokens[index + 1].kind == .punctuation("(") else { continue }
            if index > 0, case .name(let before) = tokens[index - 1].kind, before == "func" || before == "case" { continue }
            // `FileSystem.failure(.create, "pipe")` names the file an errno is about, not a message.
            if index > 1, tokens[index - 1].kind == .punctuation("."), tokens[index - 2].kind == .name("FileSystem") { continue }
            let end = closing(index + 1)
            // `.error(path, at:, message)`: the first argument is the file the message is about.
            let pathFirst = ["error", "warning", "note"].contains(name) && index > 0 && tokens[index - 1].kind == .punctuation(".")
                && (index < 2 || tokens[index - 2].kind == .name("Diagnostic") || !Self.endsAnExpression(tokens[index - 2].kind))
            if Self.messageCalls.contains(name), spellsLiteral(from: index + 1, to: end, skippingFirst: pathFirst) { sites.append((token.line, name)) }
        }
        // `Message(relaying:)` passes on words declared elsewhere, never a literal.
        for (index, token) in tokens.enumerated() where token.kind == .name("relaying") && index + 2 < tokens.count {
            if tokens[index + 1].kind == .punctuation(":"), tokens[index + 2].kind == .string { sites.append((token.line, "relaying")) }
        }
        return sites.sorted { $0.0 < $1.0 }
    }

    /// Whether a string literal stands at the top level of the argument list between `open` and
    /// `close`, in an argument that carries the message: not the one labelled `path:`, nor the first
    /// when `skippingFirst` (the file of `.error(path, …)`).
    private func spellsLiteral(from open: Int, to close: Int, skippingFirst: Bool) -> Bool {
        var depth = 0
        var argument = 0
        var argumentStart = open + 1
        for index in open...close {
            switch tokens[index].kind {
            case .punctuation(let mark) where "([{".contains(mark): depth += 1
            case .punctuation(let mark) where ")]}".contains(mark): depth -= 1
            case .punctuation(",") where depth == 1:
                argument += 1
                argumentStart = index + 1
            case .string where depth == 1:
                let labelledPath = argumentStart + 1 < tokens.count && tokens[argumentStart].kind == .name("path")
                    && tokens[argumentStart + 1].kind == .punctuation(":")
                if !(skippingFirst && argument == 0) && !labelledPath { return true }
            default: break
            }
        }
        return false
    }

    /// Whether a token can end an expression, so that a `.` after it selects a member of that value
    /// (`reader.error(…)`) rather than naming an implicit one (`.error(…)`).
    static func endsAnExpression(_ kind: Kind) -> Bool {
        switch kind {
        case .name(let word): !["return", "throw", "in", "case", "try", "await", "else"].contains(word)
        case .punctuation(let mark): ")]}?!".contains(mark)
        case .string: true
        }
    }

    /// The first lines of message declarations (`-> Diagnostic.Message { … }`, `: Diagnostic.Message =
    /// …`) whose words are string literals alone, joined with `+` over more than one line.
    func splitMessageWordings() -> [Int] {
        var lines: [Int] = []
        for index in tokens.indices.dropFirst(2) where tokens[index].kind == .name("Message")
            && tokens[index - 1].kind == .punctuation(".") && tokens[index - 2].kind == .name("Diagnostic") && index + 1 < tokens.count {
            let words: ArraySlice<Token>
            switch tokens[index + 1].kind {
            case .punctuation("{"):
                let close = closing(index + 1)
                words = tokens[(index + 2)..<close]
            case .punctuation("="):
                let end = tokens[(index + 2)...].firstIndex { $0.kind != .string && $0.kind != .punctuation("+") } ?? tokens.count
                words = tokens[(index + 2)..<end]
            default: continue
            }
            guard words.count > 1, words.allSatisfy({ $0.kind == .string || $0.kind == .punctuation("+") }),
                  let first = words.first, let last = words.last, last.line > first.line else { continue }
            lines.append(tokens[index].line)
        }
        return lines
    }

    /// Each `extension Diagnostic.Message { … }`, and whether its closing brace is the file's last token.
    func messageExtensions() -> [(line: Int, endsTheFile: Bool)] {
        tokens.indices.dropLast(4).filter { index in
            tokens[index].kind == .name("extension") && tokens[index + 1].kind == .name("Diagnostic") && tokens[index + 2].kind == .punctuation(".")
                && tokens[index + 3].kind == .name("Message") && tokens[index + 4].kind == .punctuation("{")
        }.map { (tokens[$0].line, closing($0 + 4) == tokens.count - 1) }
    }

    /// Every function's and initialiser's body: its name and first and last lines.
    func functionBodies() -> [(name: String, firstLine: Int, lastLine: Int)] {
        var bodies: [(String, Int, Int)] = []
        for (index, token) in tokens.enumerated() {
            guard case .name(let keyword) = token.kind, keyword == "func" || keyword == "init" else { continue }
            if index > 0, tokens[index - 1].kind == .punctuation(".") { continue }  // `self.init(…)`, `.init(…)`: a call
            var name = keyword
            if keyword == "func", index + 1 < tokens.count, case .name(let named) = tokens[index + 1].kind { name = named }
            // The body is the first `{` after the signature's brackets close.
            var at = index + 1
            while at < tokens.count {
                if tokens[at].kind == .punctuation("(") || tokens[at].kind == .punctuation("[") || tokens[at].kind == .punctuation("<") {
                    if tokens[at].kind == .punctuation("<") { at += 1; continue }
                    at = closing(at) + 1
                    continue
                }
                if tokens[at].kind == .punctuation("{") || tokens[at].kind == .punctuation("}") { break }
                if case .name(let word) = tokens[at].kind, ["func", "var", "let", "case"].contains(word) { break }
                at += 1
            }
            guard at < tokens.count, tokens[at].kind == .punctuation("{") else { continue }
            bodies.append((name, token.line, tokens[closing(at)].line))
        }
        return bodies
    }
}
