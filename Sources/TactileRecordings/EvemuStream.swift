import TactileEvdev

/// An evemu file read while it is replayed: an event at a time, each line read from its bytes
/// by `EvemuEventLine` and only the others (header, comments, errors) by `EvemuParser`.
struct EvemuStream {
    private var lines: LineReader
    private(set) var parser = EvemuParser()

    init(_ lines: LineReader) {
        self.lines = lines
    }

    /// The next event; nil at the end of the file.
    @inline(__always)
    mutating func next() throws(RecordingError) -> InputEvent? {
        while let line = try lines.nextLine() {
            if let event = EvemuEventLine.parse(line) { return event }
            if let event = try parser.read(try lines.textLine(line)) { return event }
        }
        return nil
    }

    /// See `EvemuParser.acceptsHeader`.
    mutating func fixHeader() {
        parser.acceptsHeader = false
    }
}
