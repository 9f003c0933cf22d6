import CYaml

/// A YAML document as a tree of scalars, sequences and mappings, each with the 1-based line
/// it starts on, built with libyaml's document loader.
indirect enum YAMLNode {
    case scalar(String, line: Int)
    case sequence([YAMLNode], line: Int)
    case mapping([(key: String, value: YAMLNode)], line: Int)

    var line: Int {
        switch self {
        case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line): line
        }
    }

    /// How error messages name this kind of node.
    var kind: String {
        switch self {
        case .scalar(let text, _): text.isEmpty ? "nothing" : "the scalar \"\(text.prefix(30))\""
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// An empty plain scalar: a key with no value, such as `events:` with no events.
    var isNull: Bool {
        if case .scalar(let text, _) = self { return text.isEmpty || text == "~" || text == "null" }
        return false
    }

    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first(where: { $0.key == key })?.value
    }

    /// Parses the first document of `text`; nil for a stream without documents.
    /// - Parameter lineNumbers: maps libyaml's 0-based line to the line reported in errors,
    ///   for text that was extracted from a larger file.
    static func load(_ text: String, file: String, lineNumbers: (Int) -> Int) throws(RecordingError) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw RecordingError(file: file, message: "libyaml could not start a parser")
        }
        defer { yaml_parser_delete(&parser) }
        var document = yaml_document_t()
        let bytes = Array(text.utf8)
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(&parser, &document)
        }
        guard loaded == 1 else {
            let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
            let mark = parser.problem_mark.line > 0 || parser.problem_mark.column > 0 ? parser.problem_mark : parser.context_mark
            throw RecordingError(file: file, line: lineNumbers(Int(mark.line)), message: "invalid YAML: \(problem)")
        }
        defer { yaml_document_delete(&document) }
        guard let root = yaml_document_get_root_node(&document) else { return nil }
        var visited = [Bool](repeating: false, count: document.nodes.top - document.nodes.start)
        return try node(root, in: &document, visited: &visited, file: file, lineNumbers: lineNumbers)
    }

    /// libyaml resolves an alias (`*name`) to the very node its anchor (`&name`) marks, so a node
    /// can be reached twice, or from inside itself (`&a [*a]`: endless recursion), and a few
    /// lines of aliases of aliases expand to billions of nodes. `libinput record` never writes
    /// aliases, so a node met a second time is an error; `visited` is indexed like the document's nodes.
    private static func node(_ pointer: UnsafeMutablePointer<yaml_node_t>, in document: inout yaml_document_t,
                             visited: inout [Bool], file: String,
                             lineNumbers: (Int) -> Int) throws(RecordingError) -> YAMLNode {
        let node = pointer.pointee
        let line = lineNumbers(Int(node.start_mark.line))
        let index = pointer - document.nodes.start
        guard !visited[index] else {
            throw RecordingError(file: file, line: line, message: "invalid libinput record: YAML aliases (*name) are not supported")
        }
        visited[index] = true
        switch node.type {
        case YAML_SEQUENCE_NODE:
            var items: [YAMLNode] = []
            var item = node.data.sequence.items.start
            while let current = item, current != node.data.sequence.items.top {
                if let child = yaml_document_get_node(&document, current.pointee) {
                    items.append(try self.node(child, in: &document, visited: &visited, file: file,
                                               lineNumbers: lineNumbers))
                }
                item = current + 1
            }
            return .sequence(items, line: line)
        case YAML_MAPPING_NODE:
            var pairs: [(key: String, value: YAMLNode)] = []
            var pair = node.data.mapping.pairs.start
            while let current = pair, current != node.data.mapping.pairs.top {
                if let key = yaml_document_get_node(&document, current.pointee.key),
                   let value = yaml_document_get_node(&document, current.pointee.value),
                   case .scalar(let name, _) = try self.node(key, in: &document, visited: &visited, file: file,
                                                             lineNumbers: lineNumbers) {
                    pairs.append((name, try self.node(value, in: &document, visited: &visited, file: file,
                                                      lineNumbers: lineNumbers)))
                }
                pair = current + 1
            }
            return .mapping(pairs, line: line)
        default:
            let scalar = node.data.scalar
            let buffer = UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length))
            return .scalar(String(decoding: buffer, as: UTF8.self), line: line)
        }
    }
}
