import TactileProtocol
import Testing
@testable import TactileConfiguration

/// The conditions and actions bindings gained for what libinput-gestures, fusuma and Touchégg
/// configurations say: what each parses to, and the FILE:LINE:COLUMN errors `tactile check`
/// gives for their mistakes.
@Suite("Binding conditions")
struct BindingConditionTests {
    static func binding(_ line: String) throws -> Binding {
        try #require(try Configuration.parse("[bindings]\n\(line)\n", file: "c").bindings.first)
    }

    @Test("direction= takes each gesture's own words: in and out on magnify, a turn on rotate, both on pinch")
    func directions() throws {
        #expect(try Self.binding("magnify direction=in => true").direction == .in)
        #expect(try Self.binding("rotate direction=counterclockwise phase=changed every=10deg => true").direction == .counterclockwise)
        #expect(try Self.binding("pinch direction=clockwise => true").direction == .clockwise)
        #expect(try Self.binding("drag direction=left phase=began => key-down alt").direction == .left)
        #expect(try Self.binding("edge-swipe direction=down-right => true").direction == .downRight)
    }

    @Test("every= with a sign counts one way: + as the measure grows, - as it shrinks")
    func signedRepeats() throws {
        let growing = try Self.binding("drag phase=changed every=+10mm => true")
        #expect(growing.every == 10 && growing.everyWay == .growing)
        let shrinking = try Self.binding("rotate phase=changed every=-15deg => true")
        #expect(shrinking.every == 15 && shrinking.everyWay == .shrinking)
        let either = try Self.binding("magnify phase=changed every=0.1 => true")
        #expect(either.every == 0.1 && either.everyWay == .either)
        #expect(try Self.binding("long-press phase=changed every=+5 => true").everyWay == .growing)
    }

    @Test("device= takes a glob of a device's name, quoted when it holds spaces; source= a kind of device")
    func devices() throws {
        let quoted = try Self.binding(#"drag device="ELAN Touchscreen" source=touchscreen => true"#)
        #expect(quoted.device == "ELAN Touchscreen" && quoted.source == .touchscreen)
        #expect(try Self.binding("tap device=*Touchpad* => true").device == "*Touchpad*")
        var record = GestureRecord(gesture: .recognized(.tap), phase: .ended)
        (record.device, record.surface) = ("SynPS/2 Synaptics TouchPad", .touchpad)
        #expect(try Self.binding("tap device=*TouchPad source=touchpad => true").matches(record, application: nil))
        #expect(try !Self.binding("tap device=*Touchpad => true").matches(record, application: nil), "case counts, as in [tuning]")
        #expect(try !Self.binding("tap source=touchscreen => true").matches(record, application: nil))
        record.surface = nil
        #expect(try !Self.binding("tap source=touchpad => true").matches(record, application: nil), "a stream without surfaces")
    }

    @Test("button-down and button-up hold a button as key-down and key-up hold keys")
    func heldButtons() throws {
        #expect(try Self.binding("drag phase=began => button-down left").action == .buttonDown(.left))
        #expect(try Self.binding("drag phase=changed every=50mm => button-up left").action == .buttonUp(.left))
        #expect(try Self.binding("drag phase=began => button-down middle").action.keys == [PointerButton.middle.code])
    }

    @Test("mods= is the exact set held as the gesture began; none, that nothing was")
    func modifiers() throws {
        let ctrlAlt = try Self.binding("drag mods=alt+ctrl => true")
        #expect(ctrlAlt.mods == [.ctrl, .alt])
        var record = GestureRecord(gesture: .recognized(.drag), phase: .ended)
        record.modifiers = [.ctrl, .alt]
        #expect(ctrlAlt.matches(record, application: nil))
        #expect(try !Self.binding("drag mods=ctrl => true").matches(record, application: nil), "ctrl+alt is not ctrl")
        #expect(try !Self.binding("drag mods=none => true").matches(record, application: nil))
        record.modifiers = []
        #expect(try Self.binding("drag mods=none => true").matches(record, application: nil))
        #expect(try Self.binding("drag => true").matches(record, application: nil))
    }

    @Test("each mistake is reported at its line and column", arguments: [
        ("tap mods=ctrl+meta => true", "c:2:10: expected none, or modifiers joined by + from ctrl, alt, shift, super, altgr and capslock, each once, such as ctrl+alt"),
        ("tap mods=ctrl+ctrl => true", "c:2:10: expected none, or modifiers joined by + from ctrl, alt, shift, super, altgr and capslock, each once, such as ctrl+alt"),
        ("tap nope=1 => true", "c:2:5: unknown binding option 'nope'; expected fingers, direction, edge, phase, count, every, timeout, app, device, source or mods"),
        ("drag => button-down left", "c:2:9: button-down on phase=ended would hold a button for a gesture that is over (it is released when it ends): use button, or button-down on phase=began"),
        ("drag phase=began => button-down thumb", "c:2:33: expected left, right or middle after button-down"),
        ("drag phase=began timeout=1s => button-up left", "c:2:18: timeout= limits a command; key and button actions are done at once"),
        ("tap source=pen => true", "c:2:12: expected touchpad or touchscreen"),
        (#"tap device="" => true"#, "c:2:12: expected a device name or a glob such as *Touchpad*"),
        (#"tap device="ELAN => true"#, "c:2:12: expected a closing \" for the string that starts here"),
        (#"tap app="foot" => true"#, "c:2:9: expected a value for app"),
        ("magnify direction=left => true", "c:2:19: expected in or out"),
        ("drag direction=left-up => true", "c:2:16: expected up, down, left, right, up-left, up-right, down-left or down-right"),
        ("rotate direction=in => true", "c:2:18: expected clockwise or counterclockwise"),
        ("pinch direction=up => true", "c:2:17: expected in, out, clockwise or counterclockwise"),
        ("long-press phase=changed every=-5 => true", "c:2:32: a long-press's ticks only grow, so every=-5 would never fire"),
        ("drag phase=changed every=-0mm => true", "c:2:26: every= on drag is a distance such as 5mm, got '-0mm'"),
        ("magnify phase=changed every=+2deg => true", "c:2:29: every= on magnify is a scale change such as 0.15, got '+2deg'"),
        ("long-press direction=in => true", "c:2:12: long-press has no direction; direction= applies to \(BindableGesture.withDirection)"),
    ])
    func errors(line: String, expected: String) {
        do {
            _ = try Configuration.parse("[bindings]\n\(line)\n", file: "c")
            Issue.record("'\(line)' parsed")
        } catch {
            #expect(error.description == expected)
        }
    }
}
