import TactileEvdev

/// The events of the runs of frames `YAMLFrameCondenser` handed libyaml as single lines, read
/// again from the file as they are replayed: libyaml reads past a run before its line reaches
/// the reader, and a run can be the whole recording, so its events are not kept but read a
/// second time by a reader of their own.
struct FrameRunEvents {
    private var lines: LineReader
    /// Where the current run's bytes end in the file.
    private var end = 0
    /// The indentation of the `- hid:` line of the HID frame being passed over, if in one.
    private var hidIndentation: Int?

    /// - Parameter lines: a reader of the file the condenser reads, at or before its runs.
    init(_ lines: LineReader) {
        self.lines = lines
    }

    /// Starts reading `run`, which must not start before the previous one ended.
    mutating func start(_ run: YAMLFrameCondenser.Run) throws(RecordingError) {
        try lines.skip(to: run.bytes.lowerBound, lineNumber: run.firstLine)
        end = run.bytes.upperBound
        hidIndentation = nil
    }

    /// The run's next event; nil after its last.
    @inline(__always)
    mutating func next() throws(RecordingError) -> InputEvent? {
        while lines.offset < end, let line = try lines.nextLine() {
            let indentation = LibinputRecordEventLine.indentation(line)
            // A HID frame's lines, which the condenser read, are deeper than its `- hid:`.
            if let hidIndentation, indentation > hidIndentation { continue }
            hidIndentation = nil
            if let event = LibinputRecordEventLine.event(line, indentation: indentation) { return event }
            if HIDFrameLines.isFrameStart(line, indentation: indentation) {
                hidIndentation = indentation
                continue
            }
            guard LibinputRecordEventLine.isFrameStart(line, indentation: indentation)
                || LibinputRecordEventLine.isBlankOrComment(line, indentation: indentation) else {
                throw RecordingError(file: lines.file, line: lines.lineNumber, message: "changed while it was replayed")
            }
        }
        return nil
    }
}
