import TactileProtocol
import Testing
@testable import TactileConfiguration

/// `Binding.matches` is every `BindingCondition` met, each by `Binding.meets`, which `--explain`
/// also asks: an event that fails exactly one condition is no match, and that condition is the
/// one `meets` says failed, with the values `--explain` prints.
@Suite("Binding conditions, one at a time")
struct BindingConditionCheckTests {
    /// A four-finger drag down a touchscreen, ended, with ctrl held, in firefox.
    static var event: GestureRecord {
        var record = GestureRecord(gesture: .recognized(.drag), phase: .ended)
        (record.fingers, record.dy, record.direction, record.name) = (4, 30, .down, "swipe-in")
        (record.device, record.surface, record.modifiers) = ("Atmel maXTouch", .touchscreen, .ctrl)
        return record
    }

    static let context = BindingMatchContext(application: "firefox")

    /// For each condition, a binding the event meets in everything but it, and the values said.
    static let misses: [(condition: BindingCondition, binding: String, wanted: String, actual: String?)] = [
        (.gesture, "magnify => true", "magnify", "drag"),
        (.name, "other drag => true", "other", "swipe-in"),
        (.phase, "swipe-in drag phase=began => true", "began", "ended"),
        (.fingers, "swipe-in drag fingers=2-3 => true", "2-3", "4"),
        (.direction, "swipe-in drag direction=up => true", "up", "down"),
        (.edge, "edge-swipe edge=top => true", "top", nil),
        (.count, "tap count=2 => true", "2", "0"),
        (.source, "swipe-in drag source=touchpad => true", "touchpad", "touchscreen"),
        (.mods, "swipe-in drag mods=none => true", "none", "ctrl"),
        (.device, "swipe-in drag device=*Touchpad* => true", "*Touchpad*", "Atmel maXTouch"),
        (.app, "swipe-in drag app=foot => true", "foot", "firefox"),
    ]

    static func binding(_ line: String) throws -> Binding {
        let text = "[gestures]\nswipe-in = drag(fingers: 4)\nother = drag(fingers: 4)\n[bindings]\n\(line)\n"
        return try #require(try Configuration.parse(text, file: "c").bindings.first)
    }

    @Test("matches checks every condition, each once")
    func everyConditionChecked() {
        #expect(Set(BindingCondition.checkOrder) == Set(BindingCondition.allCases))
        #expect(BindingCondition.checkOrder.count == BindingCondition.allCases.count)
        #expect(Set(Self.misses.map(\.condition)) == Set(BindingCondition.allCases))
    }

    @Test("an event failing one condition is no match, and meets names that condition and its values",
          arguments: misses.indices)
    func oneFailure(index: Int) throws {
        let miss = Self.misses[index]
        var event = Self.event
        // The gesture kind the binding names, where that is not the condition failing.
        if miss.condition != .gesture, let kind = try Self.binding(miss.binding).gesture { event.gesture = kind }
        let binding = try Self.binding(miss.binding)
        #expect(!binding.matches(event, in: Self.context))
        #expect(BindingCondition.checkOrder.filter { !binding.meets($0, event, in: Self.context) } == [miss.condition])
        #expect(binding.wanted(miss.condition) == miss.wanted)
        #expect(binding.actual(miss.condition, event, in: Self.context) == miss.actual)
    }

    @Test("the same binding with that condition met matches")
    func allMet() throws {
        let binding = try Self.binding("swipe-in drag fingers=4 direction=down source=touchscreen mods=ctrl device=Atmel* app=fire* => true")
        #expect(binding.matches(Self.event, in: Self.context))
        #expect(BindingCondition.checkOrder.allSatisfy { binding.meets($0, Self.event, in: Self.context) })
    }
}
