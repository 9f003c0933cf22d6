import Testing
import TactileProtocol

@Suite("The stream's lines, however its bytes arrive")
struct StreamLineSplitterTests {
    func pieces(_ chunks: [String]) -> [StreamLineSplitter.Piece] {
        var splitter = StreamLineSplitter()
        var pieces: [StreamLineSplitter.Piece] = []
        for chunk in chunks { splitter.feed(Array(chunk.utf8)[...]) { pieces.append($0) } }
        return pieces
    }

    @Test("lines cut anywhere come out whole, numbered, and a partial line waits for its newline")
    func cutAnywhere() {
        #expect(pieces(["{\"a\"", ":1}\n{", "}\n\n", "{\"b"]) == [
            .line("{\"a\":1}", number: 1), .line("{}", number: 2), .line("", number: 3),
        ])
    }

    @Test("a line longer than the cap is reported once and skipped to its newline, not held")
    func overlongLine() {
        let long = String(repeating: "x", count: StreamLineSplitter.maximumLineLength)
        #expect(pieces(["ok\n", long, long, "x", long, "\nnext\n"]) == [
            .line("ok", number: 1), .overlong(number: 2), .line("next", number: 3),
        ])
        // Exactly the cap is still a line.
        #expect(pieces([long + "\n"]) == [.line(long, number: 1)])
    }

    @Test("after reset (the stream was cut) a partial line is forgotten")
    func resetForgetsPartialLine() {
        var splitter = StreamLineSplitter()
        var pieces: [StreamLineSplitter.Piece] = []
        splitter.feed(Array("{\"half".utf8)[...]) { pieces.append($0) }
        splitter.reset()
        splitter.feed(Array("{}\n".utf8)[...]) { pieces.append($0) }
        #expect(pieces == [.line("{}", number: 1)])
    }
}
