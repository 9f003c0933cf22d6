import Foundation
import TactileTestSupport
import Testing
@testable import TactileConfiguration
import TactileCore
import TactileProtocol

/// tactile.conf(5) against what the configuration parser accepts: the sections, every tuning
/// key with its unit and default, the recognizers and their arguments, the composition words,
/// the binding gestures and conditions and the `TACTILE_*` variables. The lists are read from
/// the code (its key table, its error messages, the variables a bound command gets), so the
/// page cannot lose or gain one unnoticed.
@Suite("tactile.conf(5)")
struct ConfigurationManPageTests {
    let page: ManPage

    init() throws { page = try ManPage("tactile.conf.5") }

    /// The words of the list an error message ends with: "expected a, b or c" → a, b, c.
    static func listedWords(in message: String, after marker: String, before end: String? = nil) throws -> [String] {
        var text = try #require(message.range(of: marker).map { String(message[$0.upperBound...]) }, "\(message)")
        if let end, let range = text.range(of: end) { text = String(text[..<range.lowerBound]) }
        return text.replacingOccurrences(of: " or ", with: ", ").components(separatedBy: ", ")
    }

    /// The message of the error `text` gives.
    static func error(_ text: String) throws -> String {
        do {
            _ = try Configuration.parse(text, file: "test")
        } catch {
            return error.message
        }
        Issue.record("'\(text)' parsed")
        return ""
    }

    @Test func everySectionTheParserKnows() throws {
        let sections = try Self.listedWords(in: try Self.error("[nope]\n"), after: "expected ", before: " as the section name")
        #expect(sections == ["tuning", "gestures", "bindings", "daemon"])
        let tags = page.entries(of: "SECTIONS").map(\.tag)
        for section in sections { #expect(tags.contains("[\(section)]"), "[\(section)]") }
        #expect(tags.contains("[tuning \"PATTERN\"]"), "\(tags)")
    }

    @Test func exactlyTheTuningKeysOfTheRegistry() throws {
        let keys = GestureRegistry.tuningKeys.map(\.key) + ["size", "calibration", "edge-swipes"]
        #expect(page.tags(of: "TUNING") == keys)
        // The parser's own list, in its message for an unknown key, is the same.
        let listed = try Self.listedWords(in: try Self.error("[tuning]\nno.such-key = 1\n"), after: "expected one of ")
        #expect(Set(listed) == Set(keys))
    }

    /// The placeholder the page writes for a unit.
    static func placeholder(_ unit: Tunable.Unit) -> String {
        switch unit {
        case .duration: "DURATION"
        case .millimetres: "DISTANCE"
        case .degrees: "ANGLE"
        case .scale: "SCALE"
        case .ticks: "TICKS"
        }
    }

    /// `how long a tap may last (…)` as the page begins a sentence with it.
    static func sentence(_ summary: String) -> String { summary.prefix(1).uppercased() + summary.dropFirst() }

    @Test func everyKeyWithItsUnitItsRegistrySummaryAndItsDefault() throws {
        let entries = Dictionary(uniqueKeysWithValues: page.entries(of: "TUNING").map {
            (String($0.tag.prefix { $0 != " " }), $0)
        })
        for (key, _, tunable) in GestureRegistry.tuningKeys {
            let entry = try #require(entries[key])
            #expect(entry.tag == "\(key) \(Self.placeholder(tunable.unit))")
            #expect(entry.body.contains(Self.sentence(tunable.summary)), "\(key): \(entry.body)")
        }
        #expect(entries["size"]?.tag == "size WIDTHxHEIGHT")
        // The defaults the page states are those `tactile config --default` prints.
        let defaults = Configuration.defaultText.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, GestureRegistry.tuningKeys.contains(where: { $0.key == parts[0] }) else { return nil }
            return (parts[0], parts[1])
        }
        #expect(defaults.count == GestureRegistry.tuningKeys.count)
        for (key, value) in defaults {
            #expect(entries[key]?.body.contains("Default \(value).") == true, "\(key) = \(value)")
        }
    }

    @Test("edge-swipes: the values the parser takes, and the default tactile config --default prints")
    func edgeSwipesValuesAndDefault() throws {
        let values = try Self.listedWords(in: try Self.error("[tuning]\nedge-swipes = nope\n"), after: "expected ")
        #expect(values == EdgeSwipes.allCases.map(\.rawValue))
        let entry = try #require(page.entries(of: "TUNING").first { $0.tag.hasPrefix("edge-swipes ") })
        #expect(entry.tag == "edge-swipes " + values.joined(separator: "|"))
        let line = try #require(Configuration.defaultText.split(separator: "\n").first { $0.hasPrefix("edge-swipes = ") })
        #expect(entry.body.contains("Default \(line.dropFirst("edge-swipes = ".count))."))
    }

    @Test func everyRecognizerWithItsSummaryArgumentsAndTheCompositionWords() throws {
        let entries = page.entries(of: "GESTURES")
        let recognizers = entries.filter { !$0.tag.contains(" ") }
        #expect(recognizers.map(\.tag) == GestureRegistry.descriptors.map(\.name))
        for (gesture, entry) in zip(GestureRegistry.descriptors, recognizers) {
            #expect(entry.body.contains(Self.sentence(gesture.summary)), "\(gesture.name): \(entry.body)")
            let arguments = ["fingers"] + (gesture.counts == nil ? [] : ["count"]) + gesture.tunables.map(\.name)
            for argument in arguments { #expect(entry.body.contains(argument), "\(gesture.name) \(argument)") }
            // The parser says the same list for a wrong argument.
            let message = try Self.error("[gestures]\nx = \(gesture.name)(nope: 1)\n")
            #expect(try Self.listedWords(in: message, after: " takes ", before: "; got") == arguments)
        }
        let words = try Self.listedWords(in: try Self.error("[gestures]\nx = tap nope tap\n"),
                                         after: "expected ", before: " between gestures")
        #expect(words == ["then", "else", "with", "or"])
        for word in words { #expect(entries.contains { $0.tag == "A \(word) B" }, "\(word)") }
        #expect(page.plainText(of: "GESTURES").contains("default = off"))
    }

    @Test func everyBindingGestureConditionAndValue() throws {
        let gestures = try Self.listedWords(in: try Self.error("[bindings]\nnope => true\n"), after: "the gesture to bind: ",
                                            before: "; ")
        #expect(gestures == GestureName.allCases.map(\.rawValue))
        let text = page.plainText(of: "BINDINGS")
        let words = Set(text.split { !$0.isLetter && $0 != "-" }.map(String.init))
        for gesture in gestures { #expect(words.contains(gesture), "\(gesture)") }

        let conditions = try Self.listedWords(in: try Self.error("[bindings]\ntap nope=1 => true\n"), after: "; expected ")
        let entries = page.entries(of: "BINDINGS")
        // every= counts in each changing gesture's own unit; the page says which for each.
        let every = try #require(entries.first { $0.tag.hasPrefix("every=") })
        for gesture in GestureRegistry.descriptors where gesture.progressUnit != nil {
            #expect(every.body.contains(gesture.name), "every= for \(gesture.name)")
        }
        #expect(entries.map { String($0.tag.prefix { $0 != "=" }) } == conditions)
        // Each gesture's directions, as the parser lists them, are in the entry.
        let direction = try #require(entries.first { $0.tag.hasPrefix("direction=") })
        #expect(direction.tag == "direction=DIRECTION")
        for gesture in GestureName.allCases {
            guard let message = try? Self.error("[bindings]\n\(gesture.rawValue) direction=x => true\n"),
                message.hasPrefix("expected ") else { continue }
            for word in try Self.listedWords(in: message, after: "expected ") {
                #expect(direction.body.contains(word) && direction.body.contains(gesture.rawValue), "\(gesture.rawValue) \(word)")
            }
        }
        let phases = try Self.listedWords(in: try Self.error("[bindings]\ndrag phase=x => true\n"), after: "expected ")
        #expect(entries.first { $0.tag.hasPrefix("phase=") }?.tag == "phase=" + phases.joined(separator: "|"))
        #expect(text.contains("=> COMMAND") && text.contains("posix_spawn"))
    }

    @Test func everyKeyActionAliasAndButton() throws {
        #expect(page.tags(of: "KEYS AND BUTTONS") == ConfigurationLine.keyActionWords)
        let text = page.plainText(of: "KEYS AND BUTTONS")
        let words = Set(text.split { !$0.isLetter && $0 != "-" && $0 != "_" }.map(String.init))
        for alias in KeyCode.aliases.keys { #expect(words.contains(alias), "\(alias)") }
        let buttons = try #require(page.entries(of: "KEYS AND BUTTONS").last).tag
        #expect(buttons == "button " + PointerButton.allCases.map(\.rawValue).joined(separator: "|"))
        #expect(text.contains("udev/70-tactile-uinput.rules") && text.contains("Tactile virtual keyboard"))
        // The example's key bindings are ones the parser takes.
        let example = page.plainText(of: "EXAMPLES").split(separator: "\n").filter { $0.contains("=> key") }
        #expect(example.count == 4, "three key bindings and a per-application one")
        _ = try Configuration.parse("[bindings]\n" + example.joined(separator: "\n"), file: "tactile.conf.5")
    }

    @Test func everyVariableABoundCommandSees() throws {
        let gestures = try Self.listedWords(in: try Self.error("[bindings]\nnope => true\n"), after: "the gesture to bind: ",
                                            before: "; ")
        #expect(gestures == GestureName.allCases.map(\.rawValue))
        var variables = Set<String>()
        for gesture in GestureName.allCases {
            for phase in [GesturePhase.began, .changed, .ended, .cancelled] {
                var record = GestureRecord(gesture: gesture, phase: phase)
                record.modifiers = .ctrl  // without one, TACTILE_MODS is unset
                variables.formUnion(record.environment.map { String($0.prefix { $0 != "=" }) })
            }
        }
        // The focused application is no field of the stream: listen adds it.
        variables.insert(Binding.applicationVariable)
        // A declared gesture's name, on its events only.
        variables.insert(GestureRecord.nameVariable)
        let documented = Set(page.entries(of: "ENVIRONMENT").flatMap { $0.tag.matches(of: /TACTILE_[A-Z]+/) }
            .map { String($0.output) })
        #expect(documented == variables)
    }
}
