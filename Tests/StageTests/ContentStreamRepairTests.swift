import Foundation
import Testing
@testable import Rendering

/// Operators given a non-finite number are dropped with their operands, the rest kept byte for
/// byte (docs/catalogs.md, "PDFs that Poppler stops drawing").
@Suite struct ContentStreamRepairTests {
    private func repaired(_ text: String) -> (String, Int)? {
        ContentStreamRepair.droppingNonFiniteOperators(Array(text.utf8)).map { (String(decoding: $0.bytes, as: UTF8.self), $0.droppedOperators) }
    }

    @Test func aSegmentGivenNanIsDroppedAndThePathKept() throws {
        let (text, dropped) = try #require(repaired("0 1 0 rg 30 30 m 90 30 l -nan -nan l 90 90 l 30 90 l h f"))
        #expect(text == "0 1 0 rg 30 30 m 90 30 l 90 90 l 30 90 l h f")
        #expect(dropped == 1)
    }

    @Test(arguments: ["nan", "-nan", "NaN", "inf", "-inf", "Infinity", "1.#QNAN", "-1.#IND", "1.#INF"])
    func everySpellingOfANonFiniteNumberCounts(spelling: String) throws {
        let (text, dropped) = try #require(repaired("10 \(spelling) m\n20 20 l"))
        #expect(text == "\n20 20 l" && dropped == 1, "\(text)")
    }

    @Test func streamsWithoutNonFiniteNumbersAreLeftAlone() {
        for text in ["", "q 1 0 0 1 0 0 cm /Im0 Do Q", "BT /F1 12 Tf (nan inf \\) nan) Tj ET", "% nan in a comment\n0 0 m",
                     "/nan gs", "<6E616E> Tj", "[1 2] 0 d", "/Name << /nan 1 >> BDC EMC", "-.5 +3. 4 re"] {
            #expect(repaired(text) == nil, "\(text)")
        }
    }

    /// Only what Poppler would give up the page on: an operator left with too few operands after
    /// a non-finite number. Arrays and dictionaries are one operand each; a `nan` inside them, or
    /// an operator that still has all its operands after one, is Poppler's to handle (it does).
    @Test func onlyOperatorsLeftShortOfOperandsAreDropped() throws {
        let (text, dropped) = try #require(repaired("q [3 nan] 0 d (keep) Tj /P <</MCID nan>> BDC 1 0 0 1 inf 0 cm 1 nan 2 3 rg Q"))
        #expect(text == "q [3 nan] 0 d (keep) Tj /P <</MCID nan>> BDC Q")
        #expect(dropped == 2)
        for untouched in ["0 0 1 rg nan 10 10 m 90 10 l 90 90 l h f", "0 0 1 rg nan q 1 0 0 rg Q 10 10 80 80 re f",
                          "nan 0.5 0.5 0.5 sc", "(a) nan [(b) 3 (c)] TJ", "nan /F1 12 Tf"] {
            #expect(repaired(untouched) == nil, "\(untouched)")
        }
    }

    /// An inline image's binary data may hold any bytes, `nan` among them: it is never parsed.
    @Test func inlineImageDataIsCopiedAsItIs() throws {
        let stream = "q BI /W 3 /H 1 /BPC 8 /CS /G ID nan\u{0}\u{1} EI Q 0 0 m nan 5 l 1 1 l S"
        let (text, dropped) = try #require(repaired(stream))
        #expect(text == "q BI /W 3 /H 1 /BPC 8 /CS /G ID nan\u{0}\u{1} EI Q 0 0 m 1 1 l S")
        #expect(dropped == 1)
    }

    /// Hostile streams (unclosed strings, stray delimiters, an inline image without `EI`, cut
    /// anywhere): never a crash, and a repaired stream needs no second repair.
    @Test func anyStreamIsReadToTheEndAndRepairedOnce() {
        let pieces = ["nan", "-nan", " ", "\n", "l", "m", "10", "(", ")", "\\", "<", ">", "<<", ">>", "[", "]", "/N", "%",
                      "BI", "ID", "EI", "\u{0}", "inf", "re", "1.5", "{", "}"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            var stream: [UInt8] = []
            for _ in 0..<Int(state % 40) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                stream += Array(pieces[Int(state >> 33) % pieces.count].utf8)
                if state % 3 == 0 { stream.append(32) }
            }
            state = state &* 6364136223846793005 &+ 1442695040888963407
            guard let once = ContentStreamRepair.droppingNonFiniteOperators(stream) else { continue }
            #expect(once.bytes.count < stream.count)
            #expect(ContentStreamRepair.droppingNonFiniteOperators(once.bytes) == nil, "\(String(decoding: stream, as: UTF8.self))")
        }
    }

    /// Through qpdf: a page's content and the form it draws are repaired and the file written
    /// again; Poppler then opens it. A file without such operators is not rewritten.
    @Test func qpdfRewritesTheFileWithTheRepairedStreams() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/pdf-nan")
        let source = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("segment.pdf")))
        let repair = try #require(QPDFRepair.droppingNonFiniteOperators(source))
        #expect(repair.droppedOperators == 1)
        #expect(try PDFDocument(bytes: repair.bytes).pageCount == 1)
        #expect(QPDFRepair.droppingNonFiniteOperators(repair.bytes) == nil, "the repaired file holds no such operator")
        #expect(QPDFRepair.droppingNonFiniteOperators(Array("%PDF-1.4 not really".utf8)) == nil)
        #expect(QPDFRepair.droppingNonFiniteOperators(source)?.bytes == repair.bytes, "the same bytes every time")
    }
}
