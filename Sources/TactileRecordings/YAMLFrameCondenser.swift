import TactileEvdev

/// What libyaml reads of a `libinput record` file instead of the file itself: the file's lines,
/// except that each run of frames (`- evdev:` lines with the `- [s, us, type, code, value]`
/// lines under each that `LibinputRecordEventLine` reads whole, the HID frames
/// `--with-hidraw` writes between them that `HIDFrameLines` reads, and comments and blank lines
/// among them) becomes one line, `- ~` at the frames' indentation. libyaml then parses a few
/// lines of a recording rather than every event, and where the parser meets a run's line the
/// reader counts the run's events (`LibinputRecordParser`) or reads them from the file again
/// (`FrameRunEvents`).
///
/// The lines of a run mean what they say only as items of a list in a block, so the parser
/// checks that it met each run as a single scalar where the run's `~` is (`YAMLEventParser`);
/// the reader reads the file again without condensing when a run was not taken as an events
/// list's item, or when anything failed. When checking, a frame with a line not read here, a
/// run's line libyaml would refuse (a control character or non-ASCII text in a comment), or a
/// line of the file that libyaml would count as more than one (a carriage return or a Unicode
/// line break inside it) stops the condensing at once (`failure`): such a file is read line by
/// line through libyaml, whose errors are the file's.
final class YAMLFrameCondenser {
    /// How a run's event lines are read.
    enum Reading {
        /// Each is read and checked, and the run's events counted: the checking pass.
        case check
        /// Each is only told apart from other lines, as one the check read (`FrameRunEvents`
        /// then reads the events): a replay.
        case replay
    }

    /// A run of frames handed to libyaml as one line.
    struct Run {
        /// The 0-based line and column of its `~` in what libyaml reads.
        var line: Int
        var column: Int
        /// How many more lines of the file it stands for than the one it is.
        var removedLines = 0
        /// Its bytes in the file: from the start of its first line to the start of the line
        /// after its last.
        var bytes: Range<Int>
        /// The 1-based number in the file of its first line.
        var firstLine: Int
        /// How many events it has, and whether one has a position; read when checking.
        var eventCount = 0
        var hasPosition = false
    }

    private var lines: LineReader
    private let reading: Reading
    /// What libyaml is handed next: `output[outputStart...]`.
    private var output: [UInt8] = []
    private var outputStart = 0
    /// The line breaks handed to libyaml so far.
    private var outputLines = 0
    /// The runs handed to libyaml that its parser has not yet passed, oldest first:
    /// `runs[firstRun...]`.
    private var runs: [Run] = []
    private var firstRun = 0
    /// Why the condensing stopped: a frame's line not read here (then the file is not what the
    /// checking pass read), or the file could not be read.
    private(set) var failure: RecordingError?

    init(_ lines: LineReader, reading: Reading) {
        self.lines = lines
        self.reading = reading
    }

    /// Copies up to `count` bytes of what libyaml reads into `buffer`: how many, 0 at the end,
    /// nil when the condensing stopped.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int? {
        do {
            while outputStart == output.count {
                output.removeAll(keepingCapacity: true)
                outputStart = 0
                guard try condenseNextLine() else { return 0 }
            }
        } catch {
            failure = error
            return nil
        }
        let taken = min(count, output.count - outputStart)
        output.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + outputStart, byteCount: taken) }
        outputStart += taken
        return taken
    }

    /// A reader of the same text from its start, for `FrameRunEvents`.
    func rereading() throws(RecordingError) -> LineReader {
        try lines.rereading()
    }

    /// The oldest run libyaml was handed that its parser has not passed.
    var oldestRun: Run? { firstRun < runs.count ? runs[firstRun] : nil }

    /// The parser has passed the oldest run.
    func dropOldestRun() {
        firstRun += 1
        // libyaml reads ahead, so runs can stay queued; the passed ones go in batches.
        if firstRun == runs.count || firstRun >= 64 {
            runs.removeFirst(firstRun)
            firstRun = 0
        }
    }

    /// Hands libyaml the file's next line, or the line of the run of frames starting there and
    /// the line after it; false at the end of the file.
    private func condenseNextLine() throws(RecordingError) -> Bool {
        var start = lines.offset
        guard var line = try lines.nextLine() else { return false }
        while true {
            let indentation = LibinputRecordEventLine.indentation(line)
            guard let frame = Frame(starting: line, indentation: indentation) else {
                if reading == .check && Self.hasInnerLineBreak(line) { throw unread() }
                // The line as it is in the file, with its line break.
                let withBreak = UnsafeRawBufferPointer(start: line.baseAddress, count: lines.offset - start)
                output.append(contentsOf: withBreak)
                if withBreak.count > line.count { outputLines += 1 }
                return true
            }
            let (run, next) = try condenseRun(startingAt: start, with: frame, indentation: indentation)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation))
            output.append(contentsOf: "- ~\n".utf8)
            outputLines += 1
            runs.append(run)
            guard let next else { return true }
            (line, start) = next
        }
    }

    /// The frame a run is in.
    private enum Frame {
        /// An evdev frame, and its events' indentation once one was read: a frame needs one.
        case evdev(eventIndentation: Int?)
        /// A HID frame, and how far its lines went.
        case hid(HIDFrameLines)

        /// The frame a line, `- evdev:` or `- hid:` after its `indentation`, starts; nil for
        /// any other line.
        init?(starting line: UnsafeRawBufferPointer, indentation: Int) {
            if LibinputRecordEventLine.isFrameStart(line, indentation: indentation) {
                self = .evdev(eventIndentation: nil)
            } else if HIDFrameLines.isFrameStart(line, indentation: indentation) {
                self = .hid(HIDFrameLines(frameIndentation: indentation))
            } else {
                return nil
            }
        }

        /// Whether the frame may end before the next line.
        var isComplete: Bool {
            switch self {
            case .evdev(let eventIndentation): eventIndentation != nil
            case .hid(let lines): lines.isComplete
            }
        }
    }

    /// Reads the frames from the one whose first line, at `indentation`, was just read: the
    /// run, and the line after it (and where it starts) unless the file ended.
    /// - Throws: when a frame has a line not read here, or is cut short.
    private func condenseRun(startingAt start: Int, with first: Frame, indentation: Int) throws(RecordingError)
        -> (Run, next: (line: UnsafeRawBufferPointer, start: Int)?) {
        var run = Run(line: outputLines, column: indentation + 2, bytes: start..<start, firstLine: lines.lineNumber)
        var fileLines = 1
        var frame = first
        while true {
            let lineStart = lines.offset
            guard let line = try lines.nextLine() else {
                guard frame.isComplete else { throw unread() }
                run.removedLines = fileLines - 1
                run.bytes = start..<lines.offset
                return (run, nil)
            }
            fileLines += 1
            let lineIndentation = LibinputRecordEventLine.indentation(line)
            if LibinputRecordEventLine.isBlankOrComment(line, indentation: lineIndentation) {
                guard reading == .replay || LibinputRecordEventLine.isPlainText(line) else { throw unread() }
                // Not inside a list of HID bytes, where YAML would read a blank line into a scalar.
                if case .hid(let hidLines) = frame, hidLines.expecting == .bytesOrClose { throw unread() }
                continue
            }
            if lineIndentation > indentation {
                switch frame {
                case .evdev(let eventIndentation):
                    // A list under `evdev:` is indented at least as far as the key.
                    guard eventIndentation.map({ lineIndentation == $0 }) ?? (lineIndentation >= indentation + 2) else {
                        throw unread()
                    }
                    switch reading {
                    case .check:
                        guard let event = LibinputRecordEventLine.event(line, indentation: lineIndentation, checkingComment: true)
                        else { throw unread() }
                        run.eventCount += 1
                        if event.isPosition { run.hasPosition = true }
                    case .replay:
                        guard LibinputRecordEventLine.looksLikeEvent(line, indentation: lineIndentation) else { throw unread() }
                    }
                    frame = .evdev(eventIndentation: lineIndentation)
                case .hid(var hidLines):
                    guard hidLines.take(line, indentation: lineIndentation, checkingBytes: reading == .check) else { throw unread() }
                    frame = .hid(hidLines)
                }
                continue
            }
            // `evdev:` with nothing under it is a null, which the reader refuses.
            guard frame.isComplete else { throw unread() }
            if lineIndentation == indentation, let next = Frame(starting: line, indentation: indentation) {
                frame = next
                continue
            }
            run.removedLines = fileLines - 2
            run.bytes = start..<lineStart
            return (run, (line, lineStart))
        }
    }

    /// Whether libyaml would count a line break inside the line: a carriage return (the one
    /// before the line feed is not part of the line), or U+0085, U+2028 or U+2029.
    private static func hasInnerLineBreak(_ line: UnsafeRawBufferPointer) -> Bool {
        line.indices.contains { index in
            switch line[index] {
            case 0x0d: true
            case 0xc2: index + 1 < line.count && line[index + 1] == 0x85
            case 0xe2: index + 2 < line.count && line[index + 1] == 0x80 && (line[index + 2] == 0xa8 || line[index + 2] == 0xa9)
            default: false
            }
        }
    }

    /// The condensing stops at the current line; in the checking pass the file is then read
    /// again through libyaml, so this is only ever reported by a replay's reading.
    private func unread() -> RecordingError {
        RecordingError(file: lines.file, line: lines.lineNumber, message: "changed while it was replayed")
    }
}
