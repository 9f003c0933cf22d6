import TactileCore

extension Configuration {
    /// Parses a configuration file's text; every error names file, line and column.
    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> Configuration {
        var parser = ConfigurationParser(file: file)
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = ConfigurationLine(file: file, number: number, text: rawLine)
            guard !line.isBlank else { continue }
            try parser.parse(&line)
        }
        return parser.configuration
    }
}

/// Reads a configuration line by line: `[section]` headers, then lines whose form depends on
/// the section.
private struct ConfigurationParser {
    enum Section {
        /// Before any header: nothing may be written there.
        case none
        case tuning
        case gestures
        case bindings
    }

    let file: String
    var configuration = Configuration()
    var section = Section.none

    init(file: String) { self.file = file }

    mutating func parse(_ line: inout ConfigurationLine) throws(ConfigurationError) {
        line.skipSpaces()
        if line.peek == "[" {
            try header(&line)
            return
        }
        switch section {
        case .none: throw line.error("expected a section header: [tuning], [tuning \"DEVICE\"], [gestures] or [bindings]")
        case .tuning: try tuningLine(&line)
        case .gestures: try gestureLine(&line)
        case .bindings: try bindingLine(&line)
        }
    }

    private mutating func header(_ line: inout ConfigurationLine) throws(ConfigurationError) {
        _ = line.consume("[")
        let column = line.column
        switch line.word() {
        case "tuning"?:
            let pattern = try line.quoted()
            configuration.tuningSections.append(TuningSection(devicePattern: pattern))
            section = .tuning
        case "gestures"?: section = .gestures
        case "bindings"?: section = .bindings
        default: throw line.error("expected tuning, gestures or bindings as the section name", at: column)
        }
        try line.expect("]", "] to close the section header")
        try endOfLine(line)
    }

    private mutating func tuningLine(_ line: inout ConfigurationLine) throws(ConfigurationError) {
        line.skipSpaces()
        let column = line.column
        guard let key = line.word() else { throw line.error("expected a setting name such as drag.minimum-distance") }
        try line.expect("=", "= after \(key)")
        line.skipSpaces()
        let valueColumn = line.column
        let value = line.rest()
        let index = configuration.tuningSections.count - 1
        if key == "size" {
            let parts = value.split(separator: "x")
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1].replacing("mm", with: "")),
                width > 0, height > 0
            else { throw line.error("expected the surface size as WIDTHxHEIGHT in mm, e.g. 293x165", at: valueColumn) }
            configuration.tuningSections[index].size = TuningSection.Size(width: width, height: height)
            return
        }
        guard let settingKey = TuningSetting.Key(rawValue: key) else {
            let known = (["size"] + TuningSetting.Key.allCases.map(\.rawValue)).joined(separator: ", ")
            throw line.error("unknown setting '\(key)'; expected one of \(known)", at: column)
        }
        guard let quantity = Quantity.parse(value), let setting = TuningSetting(key: settingKey, value: quantity) else {
            throw line.error("expected \(settingKey.expectation) for \(key), got '\(value)'", at: valueColumn)
        }
        configuration.tuningSections[index].settings.append(setting)
    }

    private mutating func gestureLine(_ line: inout ConfigurationLine) throws(ConfigurationError) {
        line.skipSpaces()
        let column = line.column
        guard let name = line.word() else { throw line.error("expected a gesture name, or default = on|off") }
        try line.expect("=", "= after \(name)")
        if name == "default" {
            let valueColumn = line.column + 1
            switch line.word() {
            case "on"?: configuration.includesDefaultGestures = true
            case "off"?: configuration.includesDefaultGestures = false
            default: throw line.error("expected on or off", at: valueColumn)
            }
            try endOfLine(line)
            return
        }
        if configuration.gestures.contains(where: { $0.name == name }) {
            throw line.error("gesture '\(name)' is declared twice", at: column)
        }
        guard configuration.gestures.count < Self.maximumDeclaredGestures else {
            throw line.error("more than \(Self.maximumDeclaredGestures) declared gestures", at: column)
        }
        var operators = 0
        let expression = try self.expression(&line, operators: &operators)
        try endOfLine(line)
        configuration.gestures.append(Configuration.DeclaredGesture(name: name, expression: expression))
    }

    /// Parentheses may nest this deep: each level is a recursion of the parser, and thousands
    /// of `(` on one line overflowed the stack.
    static let maximumNesting = 16
    /// Operators (`then`, `else`, `with`) one declared gesture may use. Each makes one level of
    /// composite that building, running and destroying the recognizer recurse through: a chain
    /// of 50,000 passed the parser and overflowed the stack when it was built. Declared gestures
    /// are a handful of primitives; 32 operators leave plenty of room.
    static let maximumOperators = 32
    /// Declared gestures compete in a chain of arenas as deep as their number: bounded too.
    static let maximumDeclaredGestures = 64

    /// `term (then|else|with term)*`, left to right; parentheses group. `operators` counts the
    /// operators of the whole declaration, parentheses included.
    private func expression(_ line: inout ConfigurationLine, depth: Int = 0, operators: inout Int)
        throws(ConfigurationError) -> GestureExpression {
        var result = try term(&line, depth: depth, operators: &operators)
        while true {
            line.skipSpaces()
            let saved = line
            let column = line.column
            let word = line.word()
            if word == "then" || word == "else" || word == "with" {
                operators += 1
                guard operators <= Self.maximumOperators else {
                    throw line.error("more than \(Self.maximumOperators) then/else/with in one gesture", at: column)
                }
            }
            switch word {
            case "then"?: result = .sequenced(result, try term(&line, depth: depth, operators: &operators))
            case "else"?: result = .exclusive(result, try term(&line, depth: depth, operators: &operators))
            case "with"?: result = .simultaneous(result, try term(&line, depth: depth, operators: &operators))
            case nil: return result
            case let other?:
                line = saved
                throw line.error("expected then, else or with between gestures, got '\(other)'")
            }
        }
    }

    private func term(_ line: inout ConfigurationLine, depth: Int, operators: inout Int) throws(ConfigurationError)
        -> GestureExpression {
        if line.consume("(") {
            guard depth < Self.maximumNesting else {
                throw line.error("parentheses nested more than \(Self.maximumNesting) deep", at: line.column - 1)
            }
            let inner = try expression(&line, depth: depth + 1, operators: &operators)
            try line.expect(")", ") to close the group")
            return inner
        }
        line.skipSpaces()
        let column = line.column
        guard let name = line.word(), let kind = GesturePrimitive.Kind(rawValue: name) else {
            throw line.error("expected a gesture: tap, long-press, drag, magnify or rotate", at: column)
        }
        var primitive = GesturePrimitive(kind: kind)
        if line.consume("(") {
            repeat {
                try argument(&line, into: &primitive)
            } while line.consume(",")
            try line.expect(")", ") or , in the argument list")
        }
        return .primitive(primitive)
    }

    private func argument(_ line: inout ConfigurationLine, into primitive: inout GesturePrimitive)
        throws(ConfigurationError)
    {
        let (name, column, value, valueColumn) = try line.keyAndValue(separator: ":", what: "an argument name")
        switch name {
        case "fingers":
            primitive.fingers = try Self.fingerRange(value, line, at: valueColumn)
        case "count" where primitive.kind == .tap:
            guard let count = Int(value), (1...3).contains(count) else {
                throw line.error("expected a tap count of 1, 2 or 3", at: valueColumn)
            }
            primitive.count = count
        default:
            guard primitive.kind.argumentNames.contains(name), let key = primitive.settingKey(for: name) else {
                let allowed = (["fingers"] + primitive.kind.argumentNames).joined(separator: ", ")
                throw line.error("\(primitive.kind.rawValue) takes \(allowed); got '\(name)'", at: column)
            }
            guard let quantity = Quantity.parse(value), let setting = TuningSetting(key: key, value: quantity) else {
                throw line.error("expected \(key.expectation) for \(name), got '\(value)'", at: valueColumn)
            }
            primitive.settings.append(setting)
        }
    }

    static let longestTimeout = Interval.seconds(86_400)

    /// `[gesture] [key=value …] => command argv…`
    private mutating func bindingLine(_ line: inout ConfigurationLine) throws(ConfigurationError) {
        line.skipSpaces()
        let column = line.column
        guard let name = line.word(), let gesture = GestureKind(rawValue: name) else {
            throw line.error("expected the gesture to bind: tap, long-press, drag, magnify, rotate, swipe, pinch or hold",
                             at: column)
        }
        var binding = Binding(gesture: gesture, command: [], line: line.number)
        while !line.consume("=>") {
            let (key, keyColumn, value, valueColumn) = try line.keyAndValue(
                separator: "=", what: "key=value or => before the command")
            try bindingOption(key, value, into: &binding, line: line, keyColumn: keyColumn, valueColumn: valueColumn)
        }
        line.skipSpaces()
        let commandColumn = line.column
        binding.command = try Self.argv(&line)
        guard !binding.command.isEmpty else { throw line.error("expected a command after =>", at: commandColumn) }
        if binding.every != nil && binding.phase != .changed {
            throw line.error("every= repeats a command while a gesture changes: it needs phase=changed", at: column)
        }
        configuration.bindings.append(binding)
    }

    private func bindingOption(_ key: String, _ value: String, into binding: inout Binding, line: ConfigurationLine,
                               keyColumn: Int, valueColumn: Int) throws(ConfigurationError) {
        switch key {
        case "fingers":
            binding.fingers = try Self.fingerRange(value, line, at: valueColumn)
        case "direction":
            guard let direction = SwipeDirection(rawValue: value) else {
                throw line.error("expected up, down, left or right", at: valueColumn)
            }
            binding.direction = direction
        case "phase":
            guard let phase = GesturePhase(rawValue: value) else {
                throw line.error("expected began, changed, ended or cancelled", at: valueColumn)
            }
            binding.phase = phase
        case "count":
            guard let count = Int(value), count > 0 else { throw line.error("expected a tap count", at: valueColumn) }
            binding.count = count
        case "every":
            switch Quantity.parse(value) {
            case .millimetres(let v)? where v > 0: binding.every = v
            case .degrees(let v)? where v > 0: binding.every = v
            case .number(let v)? where v > 0: binding.every = v
            default: throw line.error("expected a positive step such as 10mm, 15deg, 0.1 or 5 (ticks)", at: valueColumn)
            }
        case "timeout":
            // At most a day: the deadline is the time now plus this, and a command left a day
            // is left for good; 9223372036000s once wrapped and killed the command at once.
            guard case .duration(let timeout)? = Quantity.parse(value), timeout.microseconds > 0,
                timeout <= Self.longestTimeout
            else {
                throw line.error("expected a duration such as 5s, at most \(Int(Self.longestTimeout.seconds))s (a day)",
                                 at: valueColumn)
            }
            binding.timeout = timeout
        default:
            throw line.error("unknown binding option '\(key)'; expected fingers, direction, phase, count, every or timeout",
                             at: keyColumn)
        }
    }

    /// Splits a command into words: spaces separate, quotes group, nothing else is special.
    private static func argv(_ line: inout ConfigurationLine) throws(ConfigurationError) -> [String] {
        var words: [String] = []
        while true {
            if let quoted = try line.quoted() {
                words.append(quoted)
            } else if let word = line.unquotedWord() {
                words.append(word)
            } else {
                return words
            }
        }
    }

    /// `N` or `N-M`, within what a frame holds.
    private static func fingerRange(_ text: String, _ line: ConfigurationLine, at column: Int)
        throws(ConfigurationError) -> ClosedRange<Int>
    {
        let parts = text.split(separator: "-")
        let bounds = parts.compactMap { Int($0) }
        guard bounds.count == parts.count, (1...2).contains(bounds.count), let low = bounds.first, let high = bounds.last,
            low >= 1, high <= TouchFrame.capacity, low <= high
        else { throw line.error("expected a finger count 1–10 or a range such as 2-3", at: column) }
        return low...high
    }

    private func endOfLine(_ line: ConfigurationLine) throws(ConfigurationError) {
        var rest = line
        rest.skipSpaces()
        guard rest.isAtEnd else { throw rest.error("expected the end of the line") }
    }
}
