import TactileEvdev

/// One device's events of a `libinput record` file, read through libyaml's events as they are
/// replayed: a parser of its own walks to `devices[index].events` and hands out each
/// `evdev` tuple. `LibinputRecordParser` has read and checked the whole document first, so this
/// only follows its structure, taking the first of a key given twice as it did. A run of frames
/// the parser condensed is read from the file again (`FrameRunEvents`).
struct LibinputRecordEvents {
    private let parser: YAMLEventParser
    /// Reads the condensed runs, once the first is met.
    private var runEvents: FrameRunEvents?

    /// Where the walk through `events` is.
    private enum Position {
        /// Between frames (`- evdev: …`, `- libinput: …`) of the events list.
        case frames
        /// Among a frame's keys; `sawEvdev` once its `evdev` was read.
        case frameKeys(sawEvdev: Bool)
        /// Among the tuples of a frame's `evdev` list.
        case tuples
        /// Among the events of a run of frames (`runEvents`).
        case run
        /// The list has ended (or the device has none).
        case done
    }

    private var position = Position.done

    /// - Parameter device: the index in `devices` of the device whose events to read.
    init(_ parser: YAMLEventParser, device: Int) throws(RecordingError) {
        self.parser = parser
        try parser.advance()  // stream start
        try parser.advance()  // document start
        try parser.advance()
        guard parser.kind == .mappingStart, try enter(key: "devices"), parser.kind == .sequenceStart else { return }
        try parser.advance()
        for _ in 0..<device {
            try parser.skipNode()
            try parser.advance()
        }
        guard parser.kind == .mappingStart, try enter(key: "events"), parser.kind == .sequenceStart else { return }
        position = .frames
    }

    /// Moves into the value of the first `key` of the mapping whose start is the current event;
    /// false when it has none (the parser is then at its end).
    private func enter(key: String) throws(RecordingError) -> Bool {
        try parser.advance()
        while parser.kind != .mappingEnd {
            let isKey = parser.kind == .scalar && parser.scalar.elementsEqual(key.utf8)
            try parser.skipNode()
            try parser.advance()
            if isKey { return true }
            try parser.skipNode()
            try parser.advance()
        }
        return false
    }

    /// The next event; nil after the last.
    mutating func next() throws(RecordingError) -> InputEvent? {
        while true {
            switch position {
            case .done:
                return nil
            case .frames:
                try parser.advance()
                if parser.kind == .mappingStart {
                    position = .frameKeys(sawEvdev: false)
                } else if parser.kind == .sequenceEnd {
                    position = .done
                } else if parser.kind == .frames {
                    if runEvents == nil { runEvents = FrameRunEvents(try parser.rereading()) }
                    try runEvents!.start(parser.takeFrames())
                    position = .run
                } else {
                    try parser.skipNode()
                }
            case .run:
                if let event = try runEvents!.next() { return event }
                position = .frames
            case .frameKeys(let sawEvdev):
                try parser.advance()
                if parser.kind == .mappingEnd {
                    position = .frames
                    continue
                }
                let isEvdev = !sawEvdev && parser.kind == .scalar && parser.scalar.elementsEqual("evdev".utf8)
                try parser.skipNode()
                try parser.advance()
                if isEvdev && parser.kind == .sequenceStart {
                    position = .tuples
                } else {
                    try parser.skipNode()
                }
                if isEvdev && parser.kind != .sequenceStart { position = .frameKeys(sawEvdev: true) }
            case .tuples:
                try parser.advance()
                if parser.kind == .sequenceEnd {
                    position = .frameKeys(sawEvdev: true)
                    continue
                }
                if let event = try tuple() { return event }
            }
        }
    }

    /// `[sec, usec, type, code, value]`, the current event starting it.
    private func tuple() throws(RecordingError) -> InputEvent? {
        guard parser.kind == .sequenceStart else {
            try parser.skipNode()
            return nil
        }
        var numbers: [Int64] = []
        numbers.reserveCapacity(5)
        try parser.advance()
        while parser.kind != .sequenceEnd {
            guard parser.kind == .scalar, let number: Int64 = YAMLInteger.parse(parser.scalar) else {
                throw RecordingError(file: parser.file, line: parser.line, message: "changed while it was replayed")
            }
            numbers.append(number)
            try parser.advance()
        }
        guard numbers.count == 5, let event = LibinputRecordParser.event(numbers) else {
            throw RecordingError(file: parser.file, line: parser.line, message: "changed while it was replayed")
        }
        return event
    }
}
