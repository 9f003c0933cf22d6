import CYaml

/// A node of a small YAML document, with the line it starts on: fusuma's configuration is a few
/// dozen lines, so it is read whole through libyaml's event parser (loaded on first use) into
/// these, and walked by its keys. Aliases stand for a copy of their anchor's node, and a `<<`
/// key merges a mapping into the one it is in, as Ruby's YAML reads them for fusuma.
indirect enum YAMLNode: Equatable {
    case scalar(String, line: Int)
    case sequence([YAMLNode], line: Int)
    /// Keys and values in the order written.
    case mapping([(key: YAMLNode, value: YAMLNode)], line: Int)

    var line: Int {
        switch self {
        case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line): line
        }
    }

    /// The text of a scalar; nil for a collection.
    var text: String? {
        if case .scalar(let text, _) = self { text } else { nil }
    }

    /// A mapping's entries whose keys are scalars; nil for anything else.
    var entries: [(key: String, keyLine: Int, value: YAMLNode)]? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.compactMap { pair in pair.key.text.map { ($0, pair.key.line, pair.value) } }
    }

    static func == (left: YAMLNode, right: YAMLNode) -> Bool {
        switch (left, right) {
        case (.scalar(let a, let x), .scalar(let b, let y)): a == b && x == y
        case (.sequence(let a, let x), .sequence(let b, let y)): a == b && x == y
        case (.mapping(let a, let x), .mapping(let b, let y)):
            x == y && a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The documents of `text`, each its root node; or where and why libyaml could not read it.
    static func documents(_ text: String) throws(YAMLError) -> [YAMLNode] {
        var reader = YAMLReader(text)
        return try reader.documents()
    }
}

/// A YAML text libyaml refuses, or one that would expand beyond what a configuration holds.
struct YAMLError: Error, Equatable {
    var line: Int
    var message: String
}

/// Builds `YAMLNode`s from libyaml's events.
private struct YAMLReader {
    /// Nodes an alias may copy, all told: a few aliases to aliases would otherwise expand a few
    /// lines into billions of nodes.
    static let maximumNodes = 100_000

    private let text: [UInt8]
    /// Where each `\n` is, counted in Unicode scalars as libyaml's marks count: a line as an
    /// editor numbers it, where libyaml's own count takes a lone CR, NEL, LS and PS for breaks too.
    private let newlines: [Int]
    private var anchors: [String: YAMLNode] = [:]
    private var nodes = 0

    init(_ text: String) {
        self.text = Array(text.utf8)
        newlines = text.unicodeScalars.enumerated().filter { $0.element == "\n" }.map(\.offset)
    }

    /// The 1-based line, counted by `\n`, of the scalar at `index`.
    func line(atScalar index: Int) -> Int {
        var (low, high) = (0, newlines.count)
        while low < high {
            let middle = (low + high) / 2
            if newlines[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }

    mutating func documents() throws(YAMLError) -> [YAMLNode] {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        precondition(yaml_parser_initialize(parser) == 1, "libyaml could not allocate a parser")
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        defer {
            yaml_parser_delete(parser)
            parser.deallocate()
            event.deallocate()
        }
        return try text.withUnsafeBufferPointer { bytes throws(YAMLError) in
            yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
            var events = EventSource(parser: parser, event: event, line: line(atScalar:))
            var documents: [YAMLNode] = []
            while true {
                let kind = try events.next()
                switch kind.type {
                case YAML_STREAM_END_EVENT: return documents
                case YAML_DOCUMENT_START_EVENT:
                    anchors = [:]
                    let root = try node(try events.next(), &events)
                    _ = try events.next()
                    documents.append(root)
                default: continue
                }
            }
        }
    }

    private mutating func node(_ event: EventSource.Event, _ events: inout EventSource) throws(YAMLError) -> YAMLNode {
        nodes += 1
        guard nodes <= Self.maximumNodes else {
            throw YAMLError(line: event.line, message: "more than \(Self.maximumNodes) nodes once its aliases are expanded")
        }
        let made: YAMLNode
        switch event.type {
        case YAML_SCALAR_EVENT: made = .scalar(event.scalar, line: event.line)
        case YAML_ALIAS_EVENT:
            guard let anchored = anchors[event.anchor ?? ""] else {
                throw YAMLError(line: event.line, message: "an alias to no anchor")
            }
            nodes += anchored.count
            return anchored
        case YAML_SEQUENCE_START_EVENT:
            var items: [YAMLNode] = []
            while true {
                let next = try events.next()
                if next.type == YAML_SEQUENCE_END_EVENT { break }
                items.append(try node(next, &events))
            }
            made = .sequence(items, line: event.line)
        case YAML_MAPPING_START_EVENT:
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            while true {
                let next = try events.next()
                if next.type == YAML_MAPPING_END_EVENT { break }
                let key = try node(next, &events)
                let value = try node(try events.next(), &events)
                if key.text == "<<" {
                    pairs += try Self.merged(value)
                } else {
                    pairs.removeAll { $0.key.text != nil && $0.key.text == key.text }
                    pairs.append((key, value))
                }
            }
            made = .mapping(pairs, line: event.line)
        default:
            throw YAMLError(line: event.line, message: "an unexpected YAML event")
        }
        if let anchor = event.anchor { anchors[anchor] = made }
        return made
    }

    /// The entries a `<<` key merges: one mapping's, or each of a sequence of mappings'.
    private static func merged(_ value: YAMLNode) throws(YAMLError) -> [(key: YAMLNode, value: YAMLNode)] {
        switch value {
        case .mapping(let pairs, _): return pairs
        case .sequence(let items, _):
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            for item in items { pairs += try merged(item) }
            return pairs
        case .scalar(_, let line): throw YAMLError(line: line, message: "<< merges a mapping, not a scalar")
        }
    }
}

extension YAMLNode {
    /// How many nodes it holds, itself included.
    var count: Int {
        switch self {
        case .scalar: 1
        case .sequence(let items, _): 1 + items.reduce(0) { $0 + $1.count }
        case .mapping(let pairs, _): 1 + pairs.reduce(0) { $0 + $1.key.count + $1.value.count }
        }
    }
}

/// libyaml's events one at a time, copied out of the parser's event before the next.
private struct EventSource {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    let event: UnsafeMutablePointer<yaml_event_t>
    /// The line of a mark's scalar index (`YAMLReader.line(atScalar:)`).
    let line: (Int) -> Int

    struct Event {
        var type: yaml_event_type_t
        /// 1-based.
        var line: Int
        var scalar = ""
        var anchor: String?
    }

    mutating func next() throws(YAMLError) -> Event {
        guard yaml_parser_parse(parser, event) == 1 else {
            let state = parser.pointee
            let problem = state.problem.map { String(cString: $0) } ?? "unknown error"
            let mark = state.problem_mark.line > 0 || state.problem_mark.column > 0 ? state.problem_mark : state.context_mark
            throw YAMLError(line: line(Int(mark.index)), message: "invalid YAML: \(problem)")
        }
        defer { yaml_event_delete(event) }
        let raw = event.pointee
        var made = Event(type: raw.type, line: line(Int(raw.start_mark.index)))
        switch raw.type {
        case YAML_SCALAR_EVENT:
            made.scalar = String(decoding: UnsafeRawBufferPointer(start: raw.data.scalar.value,
                                                                  count: Int(raw.data.scalar.length)), as: UTF8.self)
            made.anchor = raw.data.scalar.anchor.map { String(cString: $0) }
        case YAML_SEQUENCE_START_EVENT: made.anchor = raw.data.sequence_start.anchor.map { String(cString: $0) }
        case YAML_MAPPING_START_EVENT: made.anchor = raw.data.mapping_start.anchor.map { String(cString: $0) }
        case YAML_ALIAS_EVENT: made.anchor = raw.data.alias.anchor.map { String(cString: $0) }
        default: break
        }
        return made
    }
}
