import TactileCore
import TactileProtocol

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
        try parser.checkBoundNames()
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
        /// What the daemon serves besides its stream: `touchegg = …`.
        case daemon
    }

    let file: String
    var configuration = Configuration()
    var section = Section.none
    /// Bindings of declared gestures, checked once every `[gestures]` line was read: a file may
    /// bind a gesture it declares further down.
    var boundNames: [(name: String, kind: GestureName?, line: ConfigurationLine, column: Int)] = []

    init(file: String) { self.file = file }

    mutating func parse(_ line: inout ConfigurationLine) throws(ConfigurationError) {
        line.skipSpaces()
        if line.peek == "[" {
            try header(&line)
            return
        }
        switch section {
        case .none: throw line.error("expected a section header: [tuning], [tuning \"DEVICE\"], [gestures], [bindings] or [daemon]")
        case .tuning: try tuningLine(&line)
        case .gestures: try gestureLine(&line)
        case .bindings: try bindingLine(&line)
        case .daemon: try daemonLine(&line)
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
        case "daemon"?: section = .daemon
        default: throw line.error("expected tuning, gestures, bindings or daemon as the section name", at: column)
        }
        try line.expect("]", "] to close the section header")
        try endOfLine(line)
    }

    /// `touchegg = unix:abstract=NAME | unix:path=PATH | on | off`.
    private mutating func daemonLine(_ line: inout ConfigurationLine) throws(ConfigurationError) {
        line.skipSpaces()
        let column = line.column
        guard line.word() == "touchegg" else { throw line.error("expected touchegg = ADDRESS, on or off", at: column) }
        try line.expect("=", "= after touchegg")
        line.skipSpaces()
        let valueColumn = line.column
        let value = line.rest()
        switch value {
        case "on": configuration.toucheggAddress = "unix:abstract=touchegg"
        case "off": configuration.toucheggAddress = nil
        case _ where value.hasPrefix("unix:abstract=") || value.hasPrefix("unix:path="):
            configuration.toucheggAddress = value
        default:
            throw line.error("expected on, off, unix:abstract=NAME or unix:path=PATH for touchegg, got '\(value)'", at: valueColumn)
        }
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
            // The unit may be written after the height: `293x165mm`.
            guard parts.count == 2, let width = Double(parts[0]),
                let height = Double(parts[1].hasSuffix("mm") ? parts[1].dropLast(2) : parts[1]),
                width > 0, height > 0, width.isFinite, height.isFinite
            else { throw line.error("expected the surface size as WIDTHxHEIGHT in mm, e.g. 293x165", at: valueColumn) }
            configuration.tuningSections[index].size = TuningSection.Size(width: width, height: height)
            return
        }
        if key == "calibration" {
            let numbers = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Double($0) }
            guard numbers.count == 6, numbers.allSatisfy({ $0?.isFinite == true }) else {
                throw line.error("expected the calibration matrix as six numbers, e.g. 0 -1 1 1 0 0", at: valueColumn)
            }
            configuration.tuningSections[index].calibration = numbers.map { $0! }
            return
        }
        if key == "edge-swipes" {
            configuration.tuningSections[index].edgeSwipes = try Self.word(value, line, at: valueColumn) as EdgeSwipes
            return
        }
        guard let (_, _, tunable) = GestureRegistry.tuningKeys.first(where: { $0.key == key }) else {
            let known = (["size", "calibration", "edge-swipes"] + GestureRegistry.tuningKeys.map(\.key))
                .joined(separator: ", ")
            throw line.error("unknown setting '\(key)'; expected one of \(known)", at: column)
        }
        guard let setting = TuningSetting.parse(tunable: tunable, key: key, value) else {
            throw line.error("expected \(tunable.expectation) for \(key), got '\(value)'", at: valueColumn)
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
        if GestureName(rawValue: name) != nil {
            throw line.error("'\(name)' is a gesture kind; a declared gesture needs a name of its own", at: column)
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
    /// Operators (`then`, `else`, `with`, `or`) one declared gesture may use. Each makes one level of
    /// composite that building, running and destroying the recognizer recurse through: a chain
    /// of 50,000 passed the parser and overflowed the stack when it was built. Declared gestures
    /// are a handful of primitives; 32 operators leave plenty of room.
    static let maximumOperators = 32
    /// Declared gestures compete in a chain of arenas as deep as their number: bounded too.
    static let maximumDeclaredGestures = 64

    /// `term (then|else|with|or term)*`, left to right; parentheses group. `operators` counts the
    /// operators of the whole declaration, parentheses included.
    private func expression(_ line: inout ConfigurationLine, depth: Int = 0, operators: inout Int)
        throws(ConfigurationError) -> GestureExpression {
        var result = try term(&line, depth: depth, operators: &operators)
        while true {
            line.skipSpaces()
            let saved = line
            let column = line.column
            let word = line.word()
            if word == "then" || word == "else" || word == "with" || word == "or" {
                operators += 1
                guard operators <= Self.maximumOperators else {
                    throw line.error("more than \(Self.maximumOperators) then/else/with/or in one gesture", at: column)
                }
            }
            switch word {
            case "then"?: result = .sequenced(result, try term(&line, depth: depth, operators: &operators))
            case "else"?: result = .exclusive(result, try term(&line, depth: depth, operators: &operators))
            case "with"?: result = .simultaneous(result, try term(&line, depth: depth, operators: &operators))
            case "or"?: result = .arena(result, try term(&line, depth: depth, operators: &operators))
            case nil: return result
            case let other?:
                line = saved
                throw line.error("expected then, else, with or or between gestures, got '\(other)'")
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
        guard let name = line.word(), let gesture = GestureRegistry.descriptor(named: name) else {
            throw line.error("expected a gesture: \(GestureRegistry.descriptors.map(\.name).listed(with: "or"))", at: column)
        }
        var primitive = GesturePrimitive(kind: gesture.kind)
        if line.consume("(") {
            var given: [String: Int] = [:]
            repeat {
                try argument(&line, into: &primitive, given: &given)
            } while line.consume(",")
            try line.expect(")", ") or , in the argument list")
        }
        return .primitive(primitive)
    }

    /// - Parameter given: the arguments read so far and their columns, to refuse one given twice.
    private func argument(_ line: inout ConfigurationLine, into primitive: inout GesturePrimitive,
                          given: inout [String: Int]) throws(ConfigurationError)
    {
        let (name, column, value, valueColumn) = try line.keyAndValue(separator: ":", what: "an argument name")
        try Self.refuseRepeated(name, separator: ":", in: "gesture", given: &given, line: line, at: column)
        let gesture = primitive.descriptor
        switch name {
        case "fingers":
            primitive.fingers = try Self.fingerRange(value, line, at: valueColumn, possible: gesture.possibleFingers,
                                                     of: gesture.name)
        case "count" where gesture.counts != nil:
            primitive.count = try Self.tapCount(value, line, at: valueColumn, possible: gesture.counts!)
        default:
            guard let tunable = gesture.tunable(named: name) else {
                let allowed = (["fingers"] + (gesture.counts == nil ? [] : ["count"]) + gesture.tunables.map(\.name))
                throw line.error("\(gesture.name) takes \(allowed.joined(separator: ", ")); got '\(name)'", at: column)
            }
            guard let setting = TuningSetting.parse(tunable: tunable, key: "\(gesture.name).\(name)", value) else {
                throw line.error("expected \(tunable.expectation) for \(name), got '\(value)'", at: valueColumn)
            }
            primitive.settings.append(setting)
        }
    }

    static let longestTimeout = Interval.seconds(86_400)

    /// `gesture [key=value …] => action`, or `declared-name [gesture] [key=value …] => action`: a
    /// command's argv, or a key action (`key super+Left`).
    private mutating func bindingLine(_ line: inout ConfigurationLine) throws(ConfigurationError) {
        line.skipSpaces()
        let column = line.column
        guard let name = line.word(), !name.contains("=") else {
            throw line.error("expected the gesture to bind: \(GestureName.allCases.map(\.rawValue).listed(with: "or")); "
                             + "or a declared gesture's name", at: column)
        }
        var binding: Binding
        if let gesture = GestureName(rawValue: name) {
            binding = Binding(gesture: gesture, action: .command([]), line: line.number, text: line.written)
        } else {
            // A declared gesture's events, of one of its kinds when a kind follows its name.
            var next = line
            let kind = next.word().flatMap(GestureName.init(rawValue:))
            if kind != nil { line = next }
            binding = Binding(gesture: kind, name: name, action: .command([]), line: line.number, text: line.written)
            boundNames.append((name, kind, line, column))
        }
        var given: [String: Int] = [:]
        while !line.consume("=>") {
            let (key, keyColumn, value, valueColumn) = try line.keyAndValue(
                separator: "=", what: "key=value or => before the command", quotable: ["device"])
            try Self.refuseRepeated(key, separator: "=", in: "binding", given: &given, line: line, at: keyColumn)
            try bindingOption(key, value, into: &binding, line: line, keyColumn: keyColumn, valueColumn: valueColumn)
        }
        line.skipSpaces()
        let actionColumn = line.column
        if let action = try line.keyAction() {
            binding.action = action
        } else {
            let command = try Self.argv(&line)
            guard !command.isEmpty else { throw line.error("expected a command after =>", at: actionColumn) }
            binding.action = .command(command)
        }
        if binding.every != nil && binding.phase != .changed {
            throw line.error("every= repeats a command while a gesture changes: it needs phase=changed", at: column)
        }
        switch binding.action {
        case .command: break
        case .keyDown where !BindingAction.holdsDownFor(binding.phase):
            throw line.error("key-down on phase=\(binding.phase.rawValue) would hold keys for a gesture that is over "
                             + "(they are released when it ends): use key, or key-down on phase=began", at: actionColumn)
        case .buttonDown where !BindingAction.holdsDownFor(binding.phase):
            throw line.error("button-down on phase=\(binding.phase.rawValue) would hold a button for a gesture that is over "
                             + "(it is released when it ends): use button, or button-down on phase=began", at: actionColumn)
        case .keyChord, .keyDown, .keyUp, .button, .buttonDown, .buttonUp:
            if let timeoutColumn = given["timeout"] {
                throw line.error("timeout= limits a command; key and button actions are done at once", at: timeoutColumn)
            }
        }
        configuration.bindings.append(binding)
    }

    /// Notes `key` at `column` in `given`, refusing it if it was there already: of
    /// `direction=up direction=down`, which one was meant is not for the parser to guess, and
    /// keeping either silently hid the mistake.
    private static func refuseRepeated(_ key: String, separator: String, in what: String, given: inout [String: Int],
                                       line: ConfigurationLine, at column: Int) throws(ConfigurationError) {
        if let first = given[key] {
            throw line.error("\(key)\(separator) is given twice in this \(what) (first at column \(first))", at: column)
        }
        given[key] = column
    }

    private func bindingOption(_ key: String, _ value: String, into binding: inout Binding, line: ConfigurationLine,
                               keyColumn: Int, valueColumn: Int) throws(ConfigurationError) {
        guard let kind = binding.gesture else {
            // A declared gesture's events of every kind: only what every kind has can be asked.
            switch key {
            case "fingers":
                binding.fingers = try Self.fingerRange(value, line, at: valueColumn, possible: 1...TouchFrame.capacity,
                                                       of: binding.name ?? "")
                return
            case "phase", "app", "timeout": break
            default:
                throw line.error("\(key)= needs one kind of \(binding.name ?? "")'s gestures: name it first, as in "
                                 + "'\(binding.name ?? "") drag \(key)=\(value)'", at: keyColumn)
            }
            return try anyKindOption(key, value, into: &binding, line: line, keyColumn: keyColumn, valueColumn: valueColumn)
        }
        let gesture = BindableGesture(kind)
        switch key {
        case "fingers":
            binding.fingers = try Self.fingerRange(value, line, at: valueColumn, possible: gesture.possibleFingers,
                                                   of: gesture.name.rawValue)
        case "direction":
            guard !gesture.directions.isEmpty else {
                throw line.error("\(gesture.name.rawValue) has no direction; direction= applies to \(BindableGesture.withDirection)",
                                 at: keyColumn)
            }
            guard let direction = BindingDirection(rawValue: value), gesture.directions.contains(direction) else {
                throw line.error("expected \(gesture.directions.map(\.rawValue).listed(with: "or"))", at: valueColumn)
            }
            binding.direction = direction
        case "phase":
            binding.phase = try Self.word(value, line, at: valueColumn)
        case "edge":
            guard gesture.hasEdge else {
                throw line.error("\(gesture.name.rawValue) has no edge; edge= applies to \(BindableGesture.withEdge)",
                                 at: keyColumn)
            }
            binding.edge = try Self.word(value, line, at: valueColumn)
        case "count":
            guard let counts = gesture.counts else {
                throw line.error("\(gesture.name.rawValue) has no count; count= applies to tap", at: keyColumn)
            }
            binding.count = try Self.tapCount(value, line, at: valueColumn, possible: counts)
        case "every":
            guard let unit = gesture.progressUnit else {
                throw line.error("\(gesture.name.rawValue) never changes, so every= cannot repeat on it", at: keyColumn)
            }
            // A sign counts one way only: `+` as the measure grows, `-` as it shrinks.
            let way = RepeatWay(sign: value.first)
            guard let signed = Quantity.parse(value)?.magnitude(in: unit), signed != 0, signed.isFinite else {
                throw line.error("every= on \(gesture.name.rawValue) is \(unit.noun) such as \(unit.example), got '\(value)'",
                                 at: valueColumn)
            }
            guard !(way == .shrinking && unit == .ticks) else {
                throw line.error("a long-press's ticks only grow, so every=\(value) would never fire", at: valueColumn)
            }
            binding.every = abs(signed)
            binding.everyWay = way
        case "app":
            // A value ends where a word's characters end; anything else glued to it (`?`, `[`, a
            // quote) would be read as the next condition, so say here what an app glob may hold.
            if let next = line.peek, !next.isWhitespace {
                throw line.error("app= is an application id glob of letters, digits, - . _ + and *; got '\(next)'",
                                 at: line.column)
            }
            binding.app = value
        case "device":
            guard !value.isEmpty else { throw line.error("expected a device name or a glob such as *Touchpad*", at: valueColumn) }
            binding.device = value
        case "source":
            binding.source = try Self.word(value, line, at: valueColumn)
        case "mods":
            guard let mods = ModifierSet(text: value) else {
                throw line.error("expected none, or modifiers joined by + from "
                                 + "\(ModifierSet.modifiers.map(\.word).listed(with: "and")), each once, such as ctrl+alt",
                                 at: valueColumn)
            }
            binding.mods = mods
        case "timeout":
            // At most a day: the deadline is the time now plus this, and a command left a day
            // is left for good; 9223372036000s once wrapped and killed the command at once.
            // More than 0: the first reap after the start would kill a command given 0s, so it
            // could never do anything.
            guard case .duration(let timeout)? = Quantity.parse(value), timeout <= Self.longestTimeout else {
                throw line.error("expected a duration such as 5s, at most \(Int(Self.longestTimeout.seconds))s (a day)",
                                 at: valueColumn)
            }
            guard timeout.microseconds > 0 else {
                throw line.error("expected a duration longer than 0s such as 5s: a command given \(value) would be "
                                 + "killed as it starts", at: valueColumn)
            }
            binding.timeout = timeout
        default:
            throw line.error("unknown binding option '\(key)'; expected fingers, direction, edge, phase, count, every, timeout, app, "
                             + "device, source or mods", at: keyColumn)
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

    /// `N` or `N-M`, within what a frame holds and what `gesture` can have.
    private static func fingerRange(_ text: String, _ line: ConfigurationLine, at column: Int,
                                    possible: ClosedRange<Int>, of gesture: String)
        throws(ConfigurationError) -> ClosedRange<Int>
    {
        let parts = text.split(separator: "-")
        let bounds = parts.compactMap { Int($0) }
        guard bounds.count == parts.count, (1...2).contains(bounds.count), let low = bounds.first, let high = bounds.last,
            low >= 1, high <= TouchFrame.capacity, low <= high
        else { throw line.error("expected a finger count 1–10 or a range such as 2-3", at: column) }
        guard possible.contains(low), possible.contains(high) else {
            throw line.error("\(gesture) has \(possible.lowerBound)–\(possible.upperBound) fingers; got \(text)", at: column)
        }
        return low...high
    }

    /// `text` as one of `Word`'s cases (a direction, a phase, an edge), or an error listing them.
    private static func word<Word: RawRepresentable & CaseIterable>(_ text: String, _ line: ConfigurationLine,
                                                                    at column: Int) throws(ConfigurationError) -> Word
        where Word.RawValue == String
    {
        guard let word = Word(rawValue: text) else {
            throw line.error("expected \(Word.allCases.map(\.rawValue).listed(with: "or"))", at: column)
        }
        return word
    }

    /// A tap count within `possible`.
    private static func tapCount(_ text: String, _ line: ConfigurationLine, at column: Int,
                                 possible: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let count = Int(text), possible.contains(count) else {
            throw line.error("expected a tap count of \(possible.map(String.init).listed(with: "or"))",
                             at: column)
        }
        return count
    }

    private func endOfLine(_ line: ConfigurationLine) throws(ConfigurationError) {
        var rest = line
        rest.skipSpaces()
        guard rest.isAtEnd else { throw rest.error("expected the end of the line") }
    }
}

extension ConfigurationParser {
    /// `phase=`, `app=` and `timeout=` of a binding of every kind of a declared gesture: the same
    /// as any binding's, read by the same code with a kind that has them all.
    fileprivate func anyKindOption(_ key: String, _ value: String, into binding: inout Binding, line: ConfigurationLine,
                                   keyColumn: Int, valueColumn: Int) throws(ConfigurationError) {
        var asKind = binding
        asKind.gesture = .recognized(.drag)
        try bindingOption(key, value, into: &asKind, line: line, keyColumn: keyColumn, valueColumn: valueColumn)
        asKind.gesture = nil
        binding = asKind
    }

    /// Every bound name is a declared gesture, and a kind named after it is one it can report.
    func checkBoundNames() throws(ConfigurationError) {
        for bound in boundNames {
            guard let declared = configuration.gestures.first(where: { $0.name == bound.name }) else {
                let declaredNames = configuration.gestures.map(\.name)
                let hint = declaredNames.isEmpty ? "no gesture is declared in [gestures]"
                    : "declared: \(declaredNames.listed(with: "and"))"
                throw bound.line.error("expected the gesture to bind: \(GestureName.allCases.map(\.rawValue).listed(with: "or")); "
                                       + "or a declared gesture's name ('\(bound.name)' is not one: \(hint))", at: bound.column)
            }
            if let kind = bound.kind, !declared.expression.kinds.contains(where: { GestureName.recognized($0) == kind }) {
                let kinds = declared.expression.kinds.map(\.rawValue)
                throw bound.line.error("\(bound.name) reports no \(kind.rawValue): it is made of \(kinds.listed(with: "and"))",
                                       at: bound.column)
            }
        }
    }
}
