import TactileConfiguration

/// fusuma's configuration (`~/.config/fusuma/config.yml`) as Tactile's. What its keys mean is read
/// from fusuma 3 (its detectors, `executors/executor.rb`, `config/searcher.rb`) and the READMEs of
/// fusuma, fusuma-plugin-sendkey, -keypress and -appmatcher.
///
/// A document is a gesture tree: `GESTURE: FINGERS: DIRECTION: {command|sendkey}`, where a
/// direction may hold `begin:`/`update:`/`end:` for the gesture's phases and `keypress:` for keys
/// held; documents after the first say with `context: {application: …}` where they apply.
enum FusumaImport {
    /// The keys a fusuma document's top level holds.
    static let topLevelKeys: Set<String> = ["swipe", "pinch", "rotate", "hold", "threshold", "interval", "plugin", "context"]

    /// A place in the tree that says what to run.
    struct Site {
        var kind: FusumaGestureKind
        var fingers: Int?
        var direction: String?
        /// `begin`, `update`, `end`, `cancelled`; nil for fusuma's "oneshot", run mid-gesture.
        var status: String?
        /// `keypress:`'s keys, `LEFTMETA+LEFTALT`.
        var keys: String?
        /// `command:` or `sendkey:`, with its line.
        var actionKey: String
        var action: YAMLNode
        var source: SourceLine
        /// The `interval:` and `threshold:` beside it, with their lines.
        var interval: (value: Double, line: SourceLine)?
        var threshold: SourceLine?
        var clearsModifiers = false

        /// What identifies it for fusuma's lookup, besides the document.
        var index: String { "\(kind.name) \(fingers.map(String.init) ?? "*") \(direction ?? "*") \(status ?? "*") \(keys ?? "")" }
    }

    /// A document's gestures, where it applies, and its global intervals.
    struct Document {
        var sites: [Site] = []
        /// `context: application:`; empty for the default document.
        var applications: [String] = []
        /// Why nothing of it converts: a context Tactile cannot ask for.
        var unconvertible: String?
        var intervals: [String: (value: Double, line: SourceLine)] = [:]
    }

    static func convert(_ text: String, file: String) -> ConvertedConfiguration {
        var result = ConvertedConfiguration(format: .fusuma, file: file)
        result.note("fusuma acted on libinput's gestures of touchpads; these bindings act on Tactile's drag, magnify, "
                    + "rotate and long-press on every touch device, touchscreens too (add source=touchpad to a binding to keep "
                    + "it to touchpads).")
        let roots: [YAMLNode]
        do {
            roots = try YAMLNode.documents(text)
        } catch {
            result.omit(SourceLine(error.line, "the whole file"), "fusuma could not read it either: \(error.message)")
            return result
        }
        var documents: [Document] = []
        var devices: [String] = []
        for (number, root) in roots.enumerated() {
            documents.append(read(root, isDefault: number == 0, devices: &devices, into: &result))
        }
        let defaultIndexes = Set(documents.first?.sites.map(\.index) ?? [])
        for (number, document) in documents.enumerated() {
            for site in document.sites {
                if let reason = document.unconvertible {
                    result.omit(site.source, reason)
                    omitSettings(of: site, usingInterval: false, into: &result)
                } else if number > 0 && defaultIndexes.contains(site.index) {
                    result.omit(site.source, "the first document binds this gesture too, and fusuma looks there first, so it never ran")
                    omitSettings(of: site, usingInterval: false, into: &result)
                } else {
                    convert(site, in: document, into: &result)
                }
            }
            for (gesture, interval) in document.intervals {
                if document.sites.contains(where: { $0.kind.name == gesture && $0.status == "update" && $0.interval == nil }) {
                    result.remark(interval.line, "read into the every= of the \(gesture) update: bindings")
                } else {
                    result.omit(interval.line, "the least time between two runs within one gesture: Tactile runs a binding once a gesture")
                }
            }
        }
        if !devices.isEmpty { result.limitBindings(toDevices: devices) }
        return result
    }

    /// A document's sites and settings; what it cannot read is omitted as it goes.
    private static func read(_ root: YAMLNode, isDefault: Bool, devices: inout [String],
                             into result: inout ConvertedConfiguration) -> Document {
        var document = Document()
        guard let entries = root.entries else {
            if root.text?.isEmpty != true { result.omit(SourceLine(root.line, "the document"), "not a mapping of gestures") }
            return document
        }
        for (key, keyLine, value) in entries {
            if let kind = FusumaGestureKind.named(key) {
                walk(value, kind: kind, site: nil, path: key, into: &document, &result)
                continue
            }
            switch key {
            case "context": context(value, keyLine, into: &document, &result)
            case "interval", "threshold": globalSettings(key, value, into: &document, &result)
            case "plugin": plugin(value, devices: &devices, into: &result)
            default: result.omit(SourceLine(keyLine, key), "not a key fusuma reads at the top")
            }
        }
        return document
    }

    /// Walks a gesture's tree, collecting sites. `site` holds what the path so far has fixed.
    private static func walk(_ node: YAMLNode, kind: FusumaGestureKind, site partial: Site?, path: String,
                             into document: inout Document, _ result: inout ConvertedConfiguration) {
        guard let entries = node.entries else {
            result.omit(SourceLine(node.line, path + ": " + (node.text ?? "")), "fusuma expects a mapping here")
            return
        }
        var here = partial ?? Site(kind: kind, actionKey: "", action: .scalar("", line: 0), source: SourceLine(0, ""))
        for (key, keyLine, value) in entries {
            let line = SourceLine(keyLine, value.text.map { "\(path): \(key): \($0)" } ?? "\(path): \(key)")
            switch key {
            case "interval":
                if let number = number(value) { here.interval = (number, line) } else { result.omit(line, "not a number") }
            case "threshold": here.threshold = line
            case "clearmodifiers": here.clearsModifiers = value.text == "true"
            default: break
            }
        }
        let hasAction = entries.contains { $0.key == "command" || $0.key == "sendkey" }
        if !hasAction {
            if let threshold = here.threshold { result.omit(threshold, thresholdReason) }
            if let interval = here.interval {
                result.omit(interval.line, "it is beside no command: fusuma reads an interval beside the command it spaces")
            }
        }
        for (key, keyLine, value) in entries {
            let line = SourceLine(keyLine, value.text.map { "\(path): \(key): \($0)" } ?? "\(path): \(key)")
            var next = here
            if key != "command" && key != "sendkey" { (next.interval, next.threshold, next.clearsModifiers) = (nil, nil, false) }
            switch key {
            case "interval", "threshold", "clearmodifiers": continue
            case "command", "sendkey":
                next.actionKey = key
                next.action = value
                next.source = line
                document.sites.append(next)
                continue
            case "keypress" where here.keys == nil:
                guard let presses = value.entries else {
                    result.omit(line, "fusuma expects keys such as LEFTMETA: under keypress:")
                    continue
                }
                for (keys, _, pressed) in presses {
                    next.keys = keys
                    walk(pressed, kind: kind, site: next, path: "\(path): keypress: \(keys)", into: &document, &result)
                }
                continue
            case _ where Int(key) != nil && here.fingers == nil && here.direction == nil && here.status == nil:
                next.fingers = Int(key)
            case _ where kind.directions[key] != nil && here.direction == nil && here.status == nil:
                next.direction = key
            case _ where kind.phases[key] != nil && here.status == nil:
                next.status = key
            default:
                result.omit(line, "not a key fusuma reads under \(path)")
                continue
            }
            walk(value, kind: kind, site: next, path: "\(path): \(key)", into: &document, &result)
        }
    }

    private static func context(_ value: YAMLNode, _ line: Int, into document: inout Document,
                                _ result: inout ConvertedConfiguration) {
        guard let entries = value.entries else {
            document.unconvertible = "its document's context is not one Tactile reads"
            return
        }
        for (key, keyLine, condition) in entries {
            guard key == "application" else {
                document.unconvertible = "its document's context \(key): is nothing Tactile can ask for"
                result.omit(SourceLine(keyLine, "context: \(key): \(condition.text ?? "")"), "nothing Tactile can ask for")
                continue
            }
            let names: [YAMLNode]
            if case .sequence(let items, _) = condition { names = items } else { names = [condition] }
            for name in names {
                guard let text = name.text, !text.isEmpty,
                      text.allSatisfy({ $0.isLetter || $0.isNumber || "-._+".contains($0) }) else {
                    document.unconvertible = "its document's application name is not one app= can hold"
                    result.omit(SourceLine(name.line, "context: application: \(name.text ?? "")"),
                                "app= holds letters, digits, - . _ and + only")
                    continue
                }
                document.applications.append(text)
            }
        }
    }

    /// `interval: {swipe: 0.75}` and `threshold: {pinch: 0.1}` for a whole document.
    private static func globalSettings(_ key: String, _ value: YAMLNode, into document: inout Document,
                                       _ result: inout ConvertedConfiguration) {
        guard let entries = value.entries else {
            result.omit(SourceLine(value.line, "\(key): \(value.text ?? "")"), "fusuma expects gestures under \(key):")
            return
        }
        for (gesture, keyLine, setting) in entries {
            let line = SourceLine(keyLine, "\(key): \(gesture): \(setting.text ?? "")")
            if key == "interval", let number = number(setting), FusumaGestureKind.named(gesture) != nil {
                document.intervals[gesture] = (number, line)
            } else if key == "threshold" {
                result.omit(line, thresholdReason)
            } else {
                result.omit(line, "not a gesture and number fusuma reads")
            }
        }
    }

    static let thresholdReason = "fusuma's threshold is how fast the fingers must move before it acts mid-gesture; "
        + "Tactile acts on each binding's phase (a drag's direction when it ends), with no speed to set"

    /// `plugin: filters: libinput_device_filter: keep_device_names:` limits every binding to
    /// those devices; the other plugin settings (a keyboard to send keys through, …) have no
    /// equivalent, Tactile typing through its own virtual keyboard.
    private static func plugin(_ value: YAMLNode, devices: inout [String], into result: inout ConvertedConfiguration) {
        let reason = "a setting of fusuma's plugins, which Tactile has no equivalent of"
        guard let sections = value.entries else { return result.omit(SourceLine(value.line, "plugin"), reason) }
        for (section, sectionLine, plugins) in sections {
            guard let plugins = plugins.entries else { result.omit(SourceLine(sectionLine, "plugin: \(section)"), reason); continue }
            for (name, nameLine, settings) in plugins {
                guard let settings = settings.entries else {
                    result.omit(SourceLine(nameLine, "plugin: \(section): \(name)"), reason)
                    continue
                }
                for (key, keyLine, names) in settings {
                    guard section == "filters", name == "libinput_device_filter", key == "keep_device_names" else {
                        result.omit(SourceLine(keyLine, "plugin: \(section): \(name): \(key)"), reason)
                        continue
                    }
                    let items: [YAMLNode]
                    if case .sequence(let list, _) = names { items = list } else { items = [names] }
                    for item in items {
                        guard let text = item.text, !text.isEmpty, !text.contains(where: { $0 == "\"" || $0.isNewline }) else {
                            result.omit(SourceLine(item.line, "keep_device_names: \(item.text ?? "")"), "not a name device= can hold")
                            continue
                        }
                        devices.append(text)
                        result.remark(SourceLine(item.line, "- \(text)"), "device=\"\(text)\" on every binding")
                    }
                }
            }
        }
    }

    private static func convert(_ site: Site, in document: Document, into result: inout ConvertedConfiguration) {
        let kind = site.kind
        omitSettings(of: site, usingInterval: site.status == "update", into: &result)
        guard site.fingers != nil || (site.status == nil && kind.countMayBeLeftOut) else {
            result.omit(site.source, "fusuma looks a \(kind.name)'s command up by its finger count, so without one it never ran")
            return
        }
        let converted = action(site)
        var notes: [String] = []
        let phase: String
        if let status = site.status {
            phase = kind.phases[status]!
        } else if kind.name == "hold" {
            phase = "began"
            notes.append("when the fingers have rested 0.5 s (long-press.minimum-duration); fusuma ran it after 0.7 s")
        } else {
            guard site.direction != nil else {
                result.omit(site.source, "fusuma runs a \(kind.name) command only under a direction, so this never ran")
                return
            }
            if case .success(let (actions, _)) = converted, actions.contains(where: \.holds) {
                // Held from the gesture's end they would be let go of at once: from its beginning
                // they are held while it lasts, as fusuma held them from mid-gesture.
                phase = "began"
                notes.append("when the \(kind.tactileName) begins, held until it ends; fusuma pressed them mid-gesture once "
                             + "the fingers moved fast enough")
            } else {
                phase = "ended"
                notes.append("once, when the \(kind.tactileName) ends; fusuma ran it mid-gesture once the fingers moved fast enough")
            }
        }
        let direction = site.direction.flatMap { kind.directions[$0] }
        if direction != nil && site.status == "update" {
            notes.append("within a \(kind.tactileName) that began \(direction!); fusuma ran it on each move that went that way")
        }
        var mods: String?
        if let keys = site.keys {
            guard let words = Self.modifierWords(keys) else {
                result.omit(site.source, "\(keys) is not among the modifiers mods= knows (ctrl, alt, shift, super, altgr, capslock)")
                return
            }
            mods = words
            if keys.includes("RIGHTCTRL") || keys.includes("RIGHTSHIFT") || keys.includes("META") || keys.includes("LEFTCTRL")
                || keys.includes("LEFTSHIFT") {
                notes.append("mods= takes either Ctrl, Shift or Super, where fusuma's keypress told left from right")
            }
        } else if document.sites.contains(where: {
            $0.keys != nil && $0.kind.name == kind.name && $0.fingers == site.fingers && $0.direction == site.direction
                && $0.status == site.status
        }) {
            // fusuma runs the keypress: variant while its keys are held, this one otherwise.
            mods = "none"
        }
        var every: String?
        if phase == "changed" {
            let repeatStep = kind.repeatStep!
            let interval = site.interval?.value ?? document.intervals[kind.name]?.value ?? 1
            let step = repeatStep.every * interval
            // Under a direction, each move that way: the measure growing, or a pinch in's and a
            // counterclockwise turn's shrinking.
            let sign = direction == nil ? "" : direction == "in" || direction == "counterclockwise" ? "-" : "+"
            every = sign + step.decimalText + repeatStep.unit
            notes.append("every \(every!): fusuma repeated every \((0.1 * interval).decimalText) s, "
                         + "as far as \(repeatStep.pace) goes in that time")
        }
        if site.clearsModifiers {
            notes.append("clearmodifiers: Tactile's virtual keyboard cannot let go of modifiers held on the keyboard")
        }
        let actions: [ConvertedAction]
        switch converted {
        case .success(let (converted, actionNotes)):
            actions = converted
            notes += actionNotes
        case .failure(let error):
            result.omit(site.source, error.reason)
            return
        }
        let fingerValues: [String]
        if let fingers = site.fingers {
            guard kind.fingers.contains(fingers) else {
                result.omit(site.source, "fusuma recognizes a \(kind.name) of \(kind.fingers.lowerBound) to "
                            + "\(kind.fingers.upperBound) fingers, so it never ran")
                return
            }
            fingerValues = ["\(fingers)"]
        } else {
            let named = Set(document.sites.filter {
                $0.kind.name == kind.name && $0.direction == site.direction && $0.status == site.status && $0.keys == site.keys
            }.compactMap(\.fingers))
            fingerValues = FingerCounts.remainder(of: kind.fingers, without: named)
        }
        let applications: [String?] = document.applications.isEmpty ? [nil] : document.applications
        for application in applications {
            for fingers in fingerValues {
                for action in actions {
                    let conditions: [(String, String?)] = [("fingers", fingers), ("direction", direction),
                                                           ("phase", phase == "ended" ? nil : phase), ("every", every),
                                                           ("mods", mods), ("app", application)]
                    result.add(ConvertedBinding(kind.tactileName, conditions, action, source: site.source, notes: notes))
                }
            }
        }
    }

    /// A site's `threshold:` has no equivalent, nor its `interval:` unless an `update:` repeats by it.
    static func omitSettings(of site: Site, usingInterval: Bool, into result: inout ConvertedConfiguration) {
        if let threshold = site.threshold { result.omit(threshold, thresholdReason) }
        if let interval = site.interval, !usingInterval {
            result.omit(interval.line, "the least time between two runs within one gesture: Tactile runs a binding once a gesture")
        }
    }

    /// fusuma-plugin-keypress's keys (`LEFTMETA+LEFTALT`) as `mods=` words, or nil for a key
    /// that is no modifier.
    static func modifierWords(_ keys: String) -> String? {
        let words = ["LEFTCTRL": "ctrl", "RIGHTCTRL": "ctrl", "LEFTALT": "alt", "RIGHTALT": "altgr", "LEFTSHIFT": "shift",
                     "RIGHTSHIFT": "shift", "LEFTMETA": "super", "RIGHTMETA": "super", "CAPSLOCK": "capslock"]
        var held: [String] = []
        for key in keys.split(separator: "+").map(String.init) {
            guard let word = words[key] else { return nil }
            if !held.contains(word) { held.append(word) }
        }
        return held.isEmpty ? nil : held.joined(separator: "+")
    }

    /// `command:` as xdotool's keys or the command fusuma ran; `sendkey:` as key actions (its
    /// names are the kernel's).
    private static func action(_ site: Site) -> Result<([ConvertedAction], [String]), Unconvertible> {
        if site.actionKey == "command" {
            guard let command = site.action.text, !command.trimmingWhitespace.isEmpty else {
                return .failure(Unconvertible("an empty command, which fusuma does not run"))
            }
            let argv = CommandWords.shellLine(command)
            if let keys = XdotoolCommand.keyActions(argv) { return .success(keys) }
            return .success(([.command(argv)], []))
        }
        let chords: [YAMLNode]
        if case .sequence(let items, _) = site.action { chords = items } else { chords = [site.action] }
        var actions: [ConvertedAction] = []
        for chord in chords {
            guard let text = chord.text, !text.isEmpty else { return .failure(Unconvertible("sendkey takes key names")) }
            var keys: [String] = []
            for name in text.split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
                guard KeyCode(named: name) != nil else {
                    return .failure(Unconvertible("\(name) is no key of linux/input-event-codes.h"))
                }
                keys.append(name.lowercased())
            }
            actions.append(.key(keys))
        }
        return .success((actions, []))
    }

    private static func number(_ node: YAMLNode) -> Double? {
        guard let text = node.text, let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }
}
