/// libinput-gestures' configuration as Tactile's. What each line means is read from its script
/// (`libinput-gestures`, version 2.80: `get_conf_line`, the `SWIPE`, `PINCH` and `HOLD` handlers,
/// `COMMAND`): `gesture TYPE MOTION [FINGERS] COMMAND`, `device NAME`, `swipe_threshold DOTS`,
/// `timeout SECONDS`, each keyword optionally followed by `:`.
enum LibinputGesturesImport {
    /// The keywords its lines start with.
    static let keywords: Set<String> = ["gesture", "device", "swipe_threshold", "timeout"]

    /// The finger counts libinput reports each gesture with on a touchpad: a pinch takes two, a
    /// hold one, a swipe two on a pad that scrolls by its edge.
    static let reportedFingers: [String: ClosedRange<Int>] = ["swipe": 2...5, "pinch": 2...5, "hold": 1...5]

    /// The counts a line without one stands for: those, but a swipe's three or more, as two
    /// fingers scroll on most pads.
    static let fingerSpans: [String: ClosedRange<Int>] = ["swipe": 3...5, "pinch": 2...5, "hold": 1...5]

    /// libinput's gesture deltas are those of a 1000-dpi touchpad: a dot is 0.0254 mm.
    static let millimetresPerDot = 0.0254

    /// A `gesture` line, parsed.
    struct GestureLine {
        var source: SourceLine
        /// `swipe`, `pinch`, `hold`.
        var type: String
        /// `up`, `left_down`, `in`, `clockwise`, `on`, `on+1.5`.
        var motion: String
        var fingers: Int?
        var command: String
    }

    static func convert(_ text: String, file: String) -> ConvertedConfiguration {
        var result = ConvertedConfiguration(format: .libinputGestures, file: file)
        result.note("libinput-gestures acted on libinput's gestures of one touchpad; these bindings act on Tactile's "
                    + "drag, magnify, rotate and long-press on every touch device, touchscreens too (add source=touchpad to a "
                    + "binding to keep it to touchpads).")
        result.note("libinput-gestures ignored a swipe or pinch that took longer than its timeout (1.5 s unless set); "
                    + "Tactile has no such limit.")
        var gestures: [GestureLine] = []
        var deviceSeen = false
        var device: String?
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.trimmingWhitespace
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let source = SourceLine(number, line)
            let keyword = line.prefix { !$0.isWhitespace }
            let arguments = line.dropFirst(keyword.count).trimmingWhitespace
            switch keyword.hasSuffix(":") ? String(keyword.dropLast()) : String(keyword) {
            case "gesture":
                switch parseGesture(arguments, source) {
                case .success(let gesture): gestures.append(gesture)
                case .failure(let error): result.omit(source, error.reason)
                }
            case "device":
                // The first device line counts; libinput-gestures ignores the others.
                defer { deviceSeen = true }
                device = self.device(arguments, source, first: !deviceSeen, into: &result) ?? device
            case "swipe_threshold": swipeThreshold(arguments, source, into: &result)
            case "timeout": timeout(arguments, source, into: &result)
            default:
                result.omit(source, "not a line libinput-gestures reads (gesture, device, swipe_threshold or timeout)")
            }
        }
        convertGestures(gestures, into: &result)
        if let device { result.limitBindings(toDevices: [device]) }
        return result
    }

    private static func parseGesture(_ arguments: String, _ source: SourceLine) -> Result<GestureLine, Unconvertible> {
        // `lineargs.split(maxsplit=2)`, then a single digit first in the command is the count.
        let type = arguments.prefix { !$0.isWhitespace }
        let afterType = arguments.dropFirst(type.count).trimmingWhitespace
        let motion = afterType.prefix { !$0.isWhitespace }
        var command = afterType.dropFirst(motion.count).trimmingWhitespace
        guard !type.isEmpty, !motion.isEmpty, !command.isEmpty else {
            return .failure(Unconvertible("libinput-gestures refuses it: a gesture line needs a type, a motion and a command"))
        }
        var fingers: Int?
        let first = command.prefix { !$0.isWhitespace }
        if first.count == 1, let digit = Int(first) {
            fingers = digit
            command = command.dropFirst(1).trimmingWhitespace
            guard !command.isEmpty else { return .failure(Unconvertible("libinput-gestures refuses it: no command")) }
        }
        let gesture = GestureLine(source: source, type: type.lowercased(), motion: motion.lowercased(), fingers: fingers,
                                  command: command)
        guard let motions = supportedMotions[gesture.type] else {
            return .failure(Unconvertible("libinput-gestures refuses it: gestures are swipe, pinch or hold"))
        }
        let motionKey = gesture.type == "hold" ? String(gesture.motion.prefix { $0 != "+" }) : gesture.motion
        guard motions.contains(motionKey) else {
            return .failure(Unconvertible("libinput-gestures refuses it: \(gesture.type) takes "
                                                 + motions.joined(separator: ", ")))
        }
        if gesture.type == "hold", gesture.motion != "on", holdDelay(gesture.motion) == nil {
            return .failure(Unconvertible("libinput-gestures refuses it: a hold's delay is a number of seconds"))
        }
        return .success(gesture)
    }

    static let supportedMotions: [String: [String]] = [
        "swipe": ["left", "right", "up", "down", "left_up", "right_up", "left_down", "right_down"],
        "pinch": ["in", "out", "clockwise", "anticlockwise"],
        "hold": ["on"],
    ]

    /// `on+1.5` → 1.5; `on` → 0.
    static func holdDelay(_ motion: String) -> Double? {
        guard motion.hasPrefix("on") else { return nil }
        let rest = motion.dropFirst(2)
        if rest.isEmpty { return 0 }
        guard rest.hasPrefix("+"), let delay = Double(rest.dropFirst()), delay >= 0, delay.isFinite else { return nil }
        return delay
    }

    private static func convertGestures(_ lines: [GestureLine], into result: inout ConvertedConfiguration) {
        // The last line for a gesture, motion and count wins (`self.motions[key] = …`).
        var kept: [GestureLine] = []
        for (index, line) in lines.enumerated() {
            if let later = lines[(index + 1)...].first(where: {
                $0.type == line.type && $0.motion == line.motion && $0.fingers == line.fingers
            }) {
                result.omit(line.source, "line \(later.source.number) binds the same gesture, and libinput-gestures keeps the last")
            } else {
                kept.append(line)
            }
        }
        // One hold delay for all: Tactile's long-press begins after one duration.
        let delays = kept.filter { $0.type == "hold" }.compactMap { holdDelay($0.motion) }
        let keptDelay = delays.min()
        if let keptDelay, keptDelay > 0, let first = kept.first(where: { $0.type == "hold" && holdDelay($0.motion) == keptDelay }) {
            result.add(ConvertedSetting(key: "long-press.minimum-duration", value: "\(keptDelay.decimalText)s", source: first.source,
                                        notes: ["a hold of at least \(keptDelay.decimalText) s, as libinput-gestures' on+\(keptDelay.decimalText)"]))
        }
        for line in kept {
            if line.type == "hold", let delay = holdDelay(line.motion), delay != keptDelay {
                result.omit(line.source, "a second hold delay: Tactile's long-press bindings cannot tell one hold's length "
                            + "from another's, and on+\((keptDelay ?? 0).decimalText) was kept")
                continue
            }
            convert(line, among: kept, into: &result)
        }
    }

    private static func convert(_ line: GestureLine, among lines: [GestureLine], into result: inout ConvertedConfiguration) {
        guard let target = gesture(for: line, among: lines) else {
            result.omit(line.source, "libinput-gestures refuses it")
            return
        }
        let fingerValues: [String]
        if let fingers = line.fingers {
            let reported = reportedFingers[line.type]!
            guard reported.contains(fingers) else {
                result.omit(line.source, "libinput reports a \(line.type) of \(reported.lowerBound) to \(reported.upperBound) "
                            + "fingers, so it never runs")
                return
            }
            fingerValues = ["\(fingers)"]
        } else {
            let named = Set(lines.filter { $0.type == line.type && $0.motion == line.motion }.compactMap(\.fingers))
            fingerValues = FingerCounts.remainder(of: fingerSpans[line.type]!, without: named)
        }
        let actions: [ConvertedAction]
        var notes = target.notes
        switch action(for: line.command) {
        case .success(let (converted, actionNotes)):
            actions = converted
            notes += actionNotes
        case .failure(let error):
            result.omit(line.source, error.reason)
            return
        }
        for fingers in fingerValues {
            for action in actions {
                result.add(ConvertedBinding(target.gesture, [("fingers", fingers)] + target.conditions, action,
                                            source: line.source, notes: notes))
            }
        }
    }

    /// The Tactile gesture and conditions a line's type and motion become, or nil for those
    /// Tactile's bindings cannot tell apart.
    private static func gesture(for line: GestureLine, among lines: [GestureLine])
        -> (gesture: String, conditions: [(String, String?)], notes: [String])? {
        switch (line.type, line.motion) {
        case ("swipe", _):
            // `left_up` is `up-left`; with any configured, both tools judge in eight directions.
            let parts = line.motion.split(separator: "_").map(String.init)
            return ("drag", [("direction", parts.reversed().joined(separator: "-"))], [])
        case ("pinch", "in"), ("pinch", "out"):
            // With a turn configured, libinput-gestures took a pinch turned over 15° for a turn only.
            let turns = lines.contains { $0.type == "pinch" && $0.motion.hasSuffix("clockwise") }
            return ("magnify", [("direction", line.motion)],
                    turns ? ["libinput-gestures took a pinch that also turned 15° for a turn only; Tactile's magnify and "
                             + "rotate each recognize theirs"] : [])
        case ("pinch", "clockwise"), ("pinch", "anticlockwise"):
            return ("rotate", [("direction", line.motion == "clockwise" ? "clockwise" : "counterclockwise")], [])
        case ("hold", _):
            let delay = holdDelay(line.motion) ?? 0
            return ("long-press", [("phase", "ended")],
                    [delay == 0 ? "when a hold of at least 0.5 s ends (long-press.minimum-duration); libinput-gestures ran it "
                        + "after any hold" : "when the hold ends, as libinput-gestures ran it"])
        default:
            return nil
        }
    }

    /// A line's command as Tactile actions: `_internal` as its wmctrl calls, xdotool's keys as
    /// key actions, anything else as the argv libinput-gestures started.
    static func action(for command: String) -> Result<([ConvertedAction], [String]), Unconvertible> {
        guard let argv = CommandWords.shellSplit(command), let program = argv.first else {
            return .failure(Unconvertible("libinput-gestures refuses it: a quote is not closed"))
        }
        if program == "_internal" {
            switch InternalWorkspaceCommand.parse(Array(argv.dropFirst())) {
            case .success(let workspace):
                return .success(([.command(workspace.argv)],
                                 ["_internal \(argv.dropFirst().joined(separator: " ")): libinput-gestures' own workspace switch, "
                                  + "as the wmctrl calls it made (X11 and XWayland)"]))
            case .failure(let error): return .failure(Unconvertible("_internal: " + error.reason))
            }
        }
        if let keys = XdotoolCommand.keyActions(argv) { return .success(keys) }
        // libinput-gestures expands `~` and variables in the program's name.
        if program.hasPrefix("~") || program.contains("$") {
            guard program.allSatisfy({ $0.isLetter || $0.isNumber || "~$/{}_.-".contains($0) }) else {
                return .failure(Unconvertible("its program's name needs expanding that only a shell could do, "
                                                     + "and holds characters a shell would read otherwise"))
            }
            let line = (["exec", program] + argv.dropFirst().map(CommandWords.shellQuoted)).joined(separator: " ")
            return .success(([.command(["sh", "-c", line])], ["through sh, which expands \(program) as libinput-gestures did"]))
        }
        return .success(([.command(argv)], []))
    }

    /// The device a `device` line names, for `device=`; nil for `all`, a path, a second line.
    private static func device(_ name: String, _ source: SourceLine, first: Bool,
                               into result: inout ConvertedConfiguration) -> String? {
        guard first else {
            result.omit(source, "a second device line, which libinput-gestures ignores")
            return nil
        }
        guard !name.isEmpty else {
            result.omit(source, "libinput-gestures refuses it: no device is named")
            return nil
        }
        if name == "all" {
            result.remark(source, "every touchpad: Tactile reads every touch device")
            return nil
        }
        guard !name.hasPrefix("/") else {
            result.omit(source, "device= matches a device's name, not its path: tactile devices lists the names")
            return nil
        }
        guard !name.contains("\"") else {
            result.omit(source, "a name with a double quote, which device= cannot hold")
            return nil
        }
        result.remark(source, "device=\"\(name)\" on every binding below")
        return name
    }

    private static func swipeThreshold(_ value: String, _ source: SourceLine, into result: inout ConvertedConfiguration) {
        guard let dots = Int(value), dots >= 0 else {
            result.omit(source, "libinput-gestures refuses it: the threshold is a whole number of dots")
            return
        }
        let millimetres = Double(dots) * millimetresPerDot
        if millimetres <= 5 {
            result.remark(source, "\(dots) dots are \(millimetres.decimalText) mm; Tactile's drags already need 5 mm "
                          + "(drag.minimum-distance)")
            return
        }
        result.add(ConvertedSetting(key: "drag.minimum-distance", value: "\(millimetres.decimalText)mm", source: source,
                                    notes: ["\(dots) dots of libinput's 1000-dpi gesture units"]))
    }

    private static func timeout(_ value: String, _ source: SourceLine, into result: inout ConvertedConfiguration) {
        guard let seconds = Double(value), seconds >= 0, seconds.isFinite else {
            result.omit(source, "libinput-gestures refuses it: the timeout is a number of seconds")
            return
        }
        if seconds == 0 {
            result.remark(source, "no time limit, as in Tactile")
            return
        }
        result.omit(source, "Tactile's bindings put no time limit on a gesture")
    }
}
