import CYaml
import Glibc
import TactileSystem

/// libyaml's event parser (`yaml_parser_parse`): a YAML stream as the events of its nodes in
/// document order, read as they are needed, so a long `libinput record` file is never a tree in
/// memory. A file is read through its descriptor a buffer at a time, or, condensing its frames,
/// through a `YAMLFrameCondenser`: then each run of frames is one event, `.frames`.
///
/// What libyaml's document loader refused besides syntax is refused here too, with its words:
/// an alias to no anchor, an anchor defined twice. An alias to a known anchor is an error of
/// its own (`libinput record` never writes aliases, and following them let a few lines expand
/// to billions of nodes); it is kept in `aliasError`, since the loader reported it only after
/// the whole document had parsed, and the reader decides when to raise it.
final class YAMLEventParser {
    /// What one event is.
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd
        /// Only when `aliasError` could not be set otherwise; the reader treats it as a scalar.
        case alias
        /// A run of evdev frames the condenser handed libyaml as one line (`takeFrames()`): in
        /// an events list, where a mapping `evdev: [...]` would be.
        case frames
    }

    let file: String
    private let lineNumbers: (Int) -> Int
    /// Allocated, not stored: libyaml keeps pointers to its parser (its string input's handler
    /// data is the parser itself), so it must never move.
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    private let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
    private var hasEvent = false
    /// The file, when the YAML is read from one.
    private var input: FileInput?
    private var text: UnsafeMutableBufferPointer<UInt8>?
    /// Each anchor's name and the line of the node it marks.
    private var anchors: [[UInt8]: Int] = [:]
    /// The first alias met: `invalid libinput record: YAML aliases (*name) are not supported`.
    private(set) var aliasError: RecordingError?
    private var condenser: YAMLFrameCondenser?
    /// The condenser's handler data, when the YAML is read through one.
    private var condensed: CondensedInput?
    /// How many more lines of the file than of what libyaml read the runs it passed stood for.
    private var removedLines = 0
    /// The current run of frames (`.frames`).
    private var frames: YAMLFrameCondenser.Run?
    /// Whether the current run was taken (`takeFrames()`).
    private var framesTaken = true
    /// Whether every run of frames the parser passed was met at its `~` and taken: only
    /// then did libyaml read the document the file is. Reading every device's events list, the
    /// checking pass takes every run of a file a recorder wrote.
    private(set) var condensingHeld = true

    /// The current event.
    private(set) var kind = Kind.streamStart
    /// The line the current event starts on, as errors give it.
    private(set) var line = 0

    /// - Parameter lineNumbers: libyaml's 0-based line → the line errors give, for text taken
    ///   out of a larger file (a mail).
    private init(file: String, lineNumbers: @escaping (Int) -> Int) {
        self.file = file
        self.lineNumbers = lineNumbers
        parser.initialize(to: yaml_parser_t())
        event.initialize(to: yaml_event_t())
        // It fails only when out of memory.
        precondition(yaml_parser_initialize(parser) == 1, "libyaml could not allocate a parser")
    }

    /// The YAML file at `path`, a regular file (a FIFO would block the read), read through a
    /// `YAMLFrameCondenser` unless `condensing` is nil.
    convenience init(path: String, condensing: YAMLFrameCondenser.Reading?) throws(RecordingError) {
        self.init(file: path, lineNumbers: { $0 + 1 })
        if let condensing {
            condense(try LineReader(path: path), condensing)
            return
        }
        let input: FileInput
        do {
            input = FileInput(descriptor: try FileDescriptor.openRegularFile(path, .readOnly))
        } catch {
            throw RecordingError(file: path, message: "\(error)")
        }
        self.input = input
        yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
            let input = Unmanaged<FileInput>.fromOpaque(data!).takeUnretainedValue()
            guard !input.isOverBudget else { return 0 }
            while true {
                let count = Glibc.read(input.descriptor.rawValue, buffer, size)
                if count >= 0 {
                    input.bytesSinceEvent += count
                    sizeRead?.pointee = count
                    return 1
                }
                if errno != EINTR { return 0 }
            }
        }, Unmanaged.passUnretained(input).toOpaque())
    }

    /// A file libyaml reads through its handler, and how much it read since the last event.
    private final class FileInput {
        /// The most libyaml may read for one event: a `libinput record` file's scalars are short,
        /// and libyaml holds a scalar whole, so one of `/dev/zero`'s length, or a header that
        /// never ends, grew it until the allocator gave up.
        static let mostBetweenEvents = 1 << 20

        let descriptor: FileDescriptor
        var bytesSinceEvent = 0

        init(descriptor: FileDescriptor) { self.descriptor = descriptor }

        deinit { try? descriptor.close() }

        var isOverBudget: Bool { bytesSinceEvent >= Self.mostBetweenEvents }
    }

    /// YAML already in memory, read through a `YAMLFrameCondenser` unless `condensing` is nil.
    convenience init(text: String, file: String, lineNumbers: @escaping (Int) -> Int,
                     condensing: YAMLFrameCondenser.Reading?) {
        self.init(file: file, lineNumbers: lineNumbers)
        if let condensing {
            condense(LineReader(bytes: text.utf8, file: file), condensing)
            return
        }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.utf8.count, 1))
        _ = bytes.initialize(from: text.utf8)
        self.text = bytes
        yaml_parser_set_input_string(parser, bytes.baseAddress, text.utf8.count)
    }

    /// libyaml reads what `lines` has through a condenser, held with what it passed since the
    /// last event as the handler's data: a node spread over many lines is bounded as a file's is.
    private func condense(_ lines: LineReader, _ reading: YAMLFrameCondenser.Reading) {
        let condenser = YAMLFrameCondenser(lines, reading: reading)
        self.condenser = condenser
        let condensed = CondensedInput(condenser)
        self.condensed = condensed
        yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
            let input = Unmanaged<CondensedInput>.fromOpaque(data!).takeUnretainedValue()
            guard !input.isOverBudget, let buffer, let count = input.condenser.read(into: buffer, count: size) else { return 0 }
            input.bytesSinceEvent += count
            sizeRead?.pointee = count
            return 1
        }, Unmanaged.passUnretained(condensed).toOpaque())
    }

    /// A condenser libyaml reads through its handler, and how much it passed since the last event.
    private final class CondensedInput {
        let condenser: YAMLFrameCondenser
        var bytesSinceEvent = 0

        init(_ condenser: YAMLFrameCondenser) { self.condenser = condenser }

        var isOverBudget: Bool { bytesSinceEvent >= FileInput.mostBetweenEvents }
    }

    deinit {
        if hasEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
        text?.deallocate()
    }

    /// The current scalar's bytes, valid until the next event.
    var scalar: UnsafeRawBufferPointer {
        guard kind == .scalar else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: event.pointee.data.scalar.value, count: Int(event.pointee.data.scalar.length))
    }

    var scalarText: String { String(decoding: scalar, as: UTF8.self) }

    /// Moves to the next event. An alias is reported as an empty scalar after noting it.
    /// - Throws: libyaml's syntax errors, `invalid YAML: …` at their line.
    func advance() throws(RecordingError) {
        if hasEvent {
            yaml_event_delete(event)
            hasEvent = false
        }
        input?.bytesSinceEvent = 0
        condensed?.bytesSinceEvent = 0
        if !framesTaken { condensingHeld = false }
        (frames, framesTaken) = (nil, true)
        guard yaml_parser_parse(parser, event) == 1 else {
            if let failure = condenser?.failure { throw failure }
            if input?.isOverBudget == true || condensed?.isOverBudget == true {
                throw RecordingError(file: file, message: "more than \(UserFileError.size(FileInput.mostBetweenEvents)) "
                                         + "of YAML in one node, the most tactile reads of one: not a libinput record")
            }
            let parser = self.parser.pointee
            let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
            let mark = parser.problem_mark.line > 0 || parser.problem_mark.column > 0 ? parser.problem_mark : parser.context_mark
            throw RecordingError(file: file, line: lineNumbers(Int(mark.line) + removedLines), message: "invalid YAML: \(problem)")
        }
        hasEvent = true
        let event = self.event.pointee
        let readLine = Int(event.start_mark.line)
        if let condenser {
            // A run that an event after its line passed was read as part of something else.
            while let run = condenser.oldestRun, run.line < readLine {
                condenser.dropOldestRun()
                removedLines += run.removedLines
                condensingHeld = false
            }
            if event.type == YAML_SCALAR_EVENT, let run = condenser.oldestRun, run.line == readLine,
               run.column == Int(event.start_mark.column) {
                condenser.dropOldestRun()
                line = lineNumbers(readLine + removedLines)
                removedLines += run.removedLines
                (kind, frames, framesTaken) = (.frames, run, false)
                return
            }
        }
        line = lineNumbers(readLine + removedLines)
        switch event.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_SCALAR_EVENT:
            kind = .scalar
            try register(event.data.scalar.anchor)
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            try register(event.data.sequence_start.anchor)
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            try register(event.data.mapping_start.anchor)
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default:
            try noteAlias(event.data.alias.anchor)
            kind = .alias
        }
    }

    /// The current run of frames, for a reader that reads it where a frame is read.
    func takeFrames() -> YAMLFrameCondenser.Run {
        framesTaken = true
        return frames!
    }

    /// A reader of the text the condenser reads, from its start, to read runs' events again.
    func rereading() throws(RecordingError) -> LineReader {
        try condenser!.rereading()
    }

    /// Skips the node the current event starts (all of it, for a collection).
    func skipNode() throws(RecordingError) {
        var depth = 0
        repeat {
            switch kind {
            case .sequenceStart, .mappingStart: depth += 1
            case .sequenceEnd, .mappingEnd: depth -= 1
            default: break
            }
            if depth > 0 { try advance() }
        } while depth > 0
    }

    private func register(_ anchor: UnsafeMutablePointer<yaml_char_t>?) throws(RecordingError) {
        guard let anchor else { return }
        let name = Array(UnsafeBufferPointer(start: anchor, count: strlen(anchor)))
        guard anchors[name] == nil else {
            // libyaml's loader: "found duplicate anchor; first occurrence", "second occurrence".
            throw RecordingError(file: file, line: line, message: "invalid YAML: second occurrence")
        }
        anchors[name] = line
    }

    private func noteAlias(_ anchor: UnsafeMutablePointer<yaml_char_t>?) throws(RecordingError) {
        guard let anchor else { return }
        let name = Array(UnsafeBufferPointer(start: anchor, count: strlen(anchor)))
        guard let anchored = anchors[name] else {
            throw RecordingError(file: file, line: line, message: "invalid YAML: found undefined alias")
        }
        if aliasError == nil {
            aliasError = RecordingError(file: file, line: anchored,
                                        message: "invalid libinput record: YAML aliases (*name) are not supported")
        }
    }
}
