/// Touchégg's configuration (`~/.config/touchegg/touchegg.conf`) as Tactile's. What its elements
/// mean is read from Touchégg 2's source (`src/config/xml-config-loader.cpp`, `src/actions/*`:
/// `RepeatedAction` for `repeat`, `times` and `on`, `SendKeys`, `RunCommand`, `MouseClick`) and
/// README: `<application name="A,B">` holds `<gesture type fingers direction>`s, each with an
/// `<action type>` whose child elements are its settings.
enum ToucheggImport {
    /// Touchégg's gesture types and directions as Tactile's gestures and directions.
    static let gestures = ["SWIPE": "drag", "PINCH": "magnify", "TAP": "tap"]
    static let directions = ["UP": "up", "DOWN": "down", "LEFT": "left", "RIGHT": "right", "IN": "in", "OUT": "out"]
    /// Actions on windows and desktops, which Touchégg's client does itself.
    static let windowActions: Set<String> = ["MAXIMIZE_RESTORE_WINDOW", "MINIMIZE_WINDOW", "TILE_WINDOW", "FULLSCREEN_WINDOW",
                                             "CLOSE_WINDOW", "CHANGE_DESKTOP", "SHOW_DESKTOP"]
    /// `MOUSE_CLICK`'s X buttons Tactile's virtual pointer has.
    static let buttons = ["1": "left", "2": "middle", "3": "right"]
    /// The settings that only shape an animation.
    static let animationSettings: Set<String> = ["animate", "color", "borderColor", "animation", "animationPosition"]

    /// A `<gesture>` with its `<action>`, as far as the conversion needs them.
    struct Gesture {
        var type: String
        /// Tactile's gesture.
        var tactileName: String
        var fingers: Int
        /// Tactile's direction; nil for a tap.
        var direction: String?
        var applications: [String]
        var source: SourceLine
    }

    static func convert(_ text: String, file: String) -> ConvertedConfiguration {
        var result = ConvertedConfiguration(format: .touchegg, file: file)
        result.note("Touchégg's window actions are done by its own client on X11: keep it, and run tactile run --touchegg, "
                    + "which serves it the gestures Touchégg's daemon did.")
        let root: XMLElement
        do {
            root = try XMLElement.root(of: text)
        } catch {
            result.omit(SourceLine(error.line, "the whole file"), "Touchégg could not read it either: \(error.message)")
            return result
        }
        guard root.name == "touchégg" || root.name == "touchegg" else {
            result.omit(SourceLine(root.line, "<\(root.name)>"), "Touchégg reads a <touchégg> element")
            return result
        }
        for child in root.children {
            switch child.name {
            case "settings":
                for property in child.children {
                    let name = property.attribute("name") ?? property.name
                    result.omit(SourceLine(property.line, "<property name=\"\(name)\">\(property.trimmedText)</property>"),
                                settingReason(name))
                }
            case "application": application(child, into: &result)
            default: result.omit(SourceLine(child.line, "<\(child.name)>"), "not an element Touchégg reads")
            }
        }
        return result
    }

    static func settingReason(_ name: String) -> String {
        switch name {
        case "action_execute_threshold":
            "how far a gesture must go before its action at the end runs; Tactile runs it when a drag ends with a direction, "
                + "a pinch with its scale changed"
        default: "it shapes Touchégg's animations, and Tactile draws none"
        }
    }

    private static func application(_ element: XMLElement, into result: inout ConvertedConfiguration) {
        let names = (element.attribute("name") ?? "").split(separator: ",").map { $0.trimmingWhitespace }
        var applications: [String] = []
        for name in names where name != "All" {
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-._+".contains($0) }) else {
                result.omit(SourceLine(element.line, "<application name=\"\(element.attribute("name") ?? "")\">"),
                            "\(name) is not a name app= can hold (letters, digits, - . _ +): its gestures are left out")
                return
            }
            applications.append(name)
        }
        for child in element.children {
            guard child.name == "gesture" else {
                result.omit(SourceLine(child.line, "<\(child.name)>"), "not an element Touchégg reads in an application")
                continue
            }
            gesture(child, applications: applications, into: &result)
        }
    }

    private static func gesture(_ element: XMLElement, applications: [String], into result: inout ConvertedConfiguration) {
        let type = element.attribute("type") ?? ""
        let attributes = element.attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
        let actions = element.children.filter { $0.name == "action" }
        let actionType = actions.first?.attribute("type") ?? ""
        let source = SourceLine(element.line, "<gesture\(attributes)> \(actionType)")
        guard let tactileName = gestures[type] else {
            result.omit(source, "Touchégg's gestures are SWIPE, PINCH and TAP")
            return
        }
        let possible = type == "PINCH" ? 2...10 : 1...10
        guard let fingers = Int(element.attribute("fingers") ?? ""), possible.contains(fingers) else {
            result.omit(source, "a \(type) needs fingers= from \(possible.lowerBound) to 10")
            return
        }
        var direction: String?
        if type != "TAP" {
            guard let word = directions[element.attribute("direction") ?? ""] else {
                result.omit(source, "a \(type) needs a direction Touchégg knows")
                return
            }
            direction = word
        }
        guard let action = actions.first, actions.count == 1 else {
            result.omit(source, actions.isEmpty ? "a gesture with no action" : "Touchégg runs one action a gesture")
            return
        }
        let gesture = Gesture(type: type, tactileName: tactileName, fingers: fingers, direction: direction,
                              applications: applications, source: source)
        if windowActions.contains(actionType) {
            result.omit(source, "a window action, which Touchégg's client does on X11 (see the top of this file)")
            return
        }
        var settings: [String: XMLElement] = [:]
        for setting in action.children { settings[setting.name] = setting }
        let animates = settings["animate"]?.trimmedText == "true"
        for setting in action.children where animationSettings.contains(setting.name) && animates {
            result.omit(SourceLine(setting.line, "<\(setting.name)>\(setting.trimmedText)</\(setting.name)>"),
                        "it shapes Touchégg's animation, and Tactile draws none")
        }
        switch actionType {
        case "SEND_KEYS", "RUN_COMMAND": repeatedAction(actionType, settings, gesture, into: &result)
        case "MOUSE_CLICK": mouseClick(settings, gesture, into: &result)
        default: result.omit(source, "not an action Touchégg has")
        }
    }

    /// The moments `on` names: `begin`, `end` or both; Touchégg's default is `begin`.
    static func moments(_ settings: [String: XMLElement]) -> [String]? {
        switch settings["on"]?.trimmedText ?? "begin" {
        case "begin": ["began"]
        case "end": ["ended"]
        case "begin-and-end": ["began", "ended"]
        default: nil
        }
    }

    private static func repeatedAction(_ type: String, _ settings: [String: XMLElement], _ gesture: Gesture,
                                       into result: inout ConvertedConfiguration) {
        if settings["repeat"]?.trimmedText == "true" {
            repeatedly(type, settings, gesture, into: &result)
            return
        }
        guard let moments = moments(settings) else {
            result.omit(gesture.source, "on is begin, end or begin-and-end")
            return
        }
        if type == "SEND_KEYS" {
            guard let modifiers = keys(settings["modifiers"]), let keys = keys(settings["keys"]),
                !(modifiers.isEmpty && keys.isEmpty)
            else {
                result.omit(gesture.source, "SEND_KEYS names a keysym with no key of its own on a US keyboard, or none at all")
                return
            }
            if gesture.type == "TAP" {
                // A tap is over as it begins: the modifiers go down with the keys.
                add(.key(modifiers + keys), at: moments, gesture, into: &result)
                return
            }
            // Touchégg holds the modifiers from the gesture's beginning to its end.
            if !modifiers.isEmpty { add(.keyDown(modifiers), at: ["began"], gesture, into: &result) }
            if !keys.isEmpty { add(.key(keys), at: moments, gesture, into: &result) }
        } else {
            guard let command = settings["command"]?.trimmedText, !command.isEmpty else {
                result.omit(gesture.source, "RUN_COMMAND with no command")
                return
            }
            let notes = command.includes("TOUCHEGG_")
                ? ["Tactile sets no TOUCHEGG_* variables; a bound command sees TACTILE_PHASE, TACTILE_GESTURE and the other TACTILE_* ones"]
                : []
            add(.command(CommandWords.shellLine(command)), at: moments, gesture, notes: notes, into: &result)
        }
    }

    /// `repeat`: the action each `100 / times` % (10 %) the gesture goes on, the decrease each
    /// step it comes back; SEND_KEYS's modifiers held from its beginning to its end.
    private static func repeatedly(_ type: String, _ settings: [String: XMLElement], _ gesture: Gesture,
                                   into result: inout ConvertedConfiguration) {
        guard gesture.type != "TAP" else {
            result.omit(gesture.source, "a tap never goes on, so Touchégg never repeats on it")
            return
        }
        let times = settings["times"].flatMap { Int($0.trimmedText) }.map { min(max($0, 2), 15) }
        let percent = Double(times.map { 100 / $0 } ?? 10)
        // A pinch's percentage is |scale − 1| × 100; a swipe's, its travel past a start over a
        // size-dependent length, 100 % after about 10 mm on a touchpad and 50 mm on a screen.
        let (step, notes) = gesture.type == "PINCH"
            ? ((percent / 100).decimalText, [String]())
            : ("\((percent / 2).decimalText)mm", ["every \((percent / 2).decimalText) mm: Touchégg repeated each \(Int(percent)) % of the "
                + "swipe, 1 mm on a 100 mm touchpad and 5 mm on a 300 mm screen for 10 %, and at most \(Int(100 / percent)) times"])
        // The percentage grows as a pinch in closes, as anything else goes on.
        let (on, back) = gesture.direction == "in" ? ("-", "+") : ("+", "-")
        if type == "SEND_KEYS" {
            guard let modifiers = keys(settings["modifiers"]), let keys = keys(settings["keys"]),
                let decrease = self.keys(settings["decreaseKeys"]), !keys.isEmpty
            else {
                result.omit(gesture.source, "SEND_KEYS names a keysym with no key of its own on a US keyboard, or no keys")
                return
            }
            if !modifiers.isEmpty { add(.keyDown(modifiers), at: ["began"], gesture, into: &result) }
            add(.key(keys), at: ["changed"], gesture, every: on + step, notes: notes, into: &result)
            if !decrease.isEmpty { add(.key(decrease), at: ["changed"], gesture, every: back + step, notes: notes, into: &result) }
        } else {
            guard let command = settings["command"]?.trimmedText, !command.isEmpty else {
                result.omit(gesture.source, "RUN_COMMAND with no command")
                return
            }
            add(.command(CommandWords.shellLine(command)), at: ["changed"], gesture, every: on + step, notes: notes, into: &result)
            if let decrease = settings["decreaseCommand"]?.trimmedText, !decrease.isEmpty {
                add(.command(CommandWords.shellLine(decrease)), at: ["changed"], gesture, every: back + step, notes: notes,
                    into: &result)
            }
        }
    }

    /// A setting's keysyms as kernel keys; none for no setting, nil for a keysym with no key.
    private static func keys(_ setting: XMLElement?) -> [String]? {
        guard let text = setting?.trimmedText, !text.isEmpty else { return [] }
        return KeysymChord.keys(text, sentBy: .touchegg)
    }

    private static func mouseClick(_ settings: [String: XMLElement], _ gesture: Gesture, into result: inout ConvertedConfiguration) {
        let number = settings["button"]?.trimmedText ?? "1"
        guard let button = buttons[number] else {
            result.omit(gesture.source, "button \(number): Tactile's virtual pointer has left, middle and right")
            return
        }
        guard let moments = moments(settings) else {
            result.omit(gesture.source, "on is begin, end or begin-and-end")
            return
        }
        if moments.count == 2 && gesture.type != "TAP" {
            // Down as it begins; Tactile lets go of what a gesture holds as it ends.
            add(.buttonDown(button), at: ["began"], gesture, notes: ["released as the gesture ends, as Touchégg did"],
                into: &result)
            return
        }
        // A tap is over as it begins: begin-and-end is one click.
        add(.button(button), at: [moments[0]], gesture, into: &result)
    }

    /// Bindings of `action` at each of `moments` (`began`, `ended`), for every application.
    private static func add(_ action: ConvertedAction, at moments: [String], _ gesture: Gesture, every: String? = nil,
                            notes: [String] = [], into result: inout ConvertedConfiguration) {
        // A tap's one event is its end.
        let phases = gesture.type == "TAP" ? Array(repeating: "ended", count: moments.count) : moments
        let applications: [String?] = gesture.applications.isEmpty ? [nil] : gesture.applications
        for application in applications {
            for phase in phases {
                result.add(ConvertedBinding(gesture.tactileName, [("fingers", "\(gesture.fingers)"), ("direction", gesture.direction),
                                                                  ("phase", phase == "ended" ? nil : phase), ("every", every),
                                                                  ("app", application)],
                                            action, source: gesture.source, notes: notes))
            }
        }
    }
}
