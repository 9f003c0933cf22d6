import TactileConfiguration
import TactileCore
import TactileDaemon
import TactileProtocol
import Testing

/// `BindingExplainer`: what it says of each event beside what the dispatcher fires, and which
/// `changed` events it says nothing of.
@Suite("Binding explanations")
struct BindingExplainerTests {
    /// The explanations of `events` through `bindings`, nil for an event left unexplained; and
    /// the bindings each fired, which must be what a dispatcher without an explainer fires.
    static func explained(_ bindings: String, _ events: [GestureRecord], application: String? = nil,
                          format: ExplanationFormat = .human) throws -> [String?] {
        let parsed = try Configuration.parse(bindings, file: "c").bindings
        var explaining = BindingDispatcher(bindings: parsed)
        var plain = BindingDispatcher(bindings: parsed)
        var explainer = BindingExplainer(format: format)
        return events.map { record in
            let (fired, explanation) = explainer.bindingsTriggered(by: record, application: application, through: &explaining)
            #expect(fired == plain.bindingsTriggered(by: record, application: application))
            return explanation
        }
    }

    static func drag(_ phase: GesturePhase, dx: Double, fingers: Int = 3, sequence: UInt64 = 1) -> GestureRecord {
        var record = BindingDirectionTests.event(.recognized(.drag), phase, sequence: sequence, fingers: fingers, dx: dx,
                                                 direction: phase == .ended ? (dx < 0 ? .left : .right) : nil)
        record.timeMicroseconds = 1_500_000
        return record
    }

    @Test("a signed repeat not yet due says how far it went the counted way, and fires when it is")
    func signedRepeat() throws {
        // A drag's measure is its distance from where it began: 30 mm, back to 27, then to 15.
        let explanations = try Self.explained("[bindings]\ndrag phase=changed every=-10mm => back\n",
                                              [Self.drag(.began, dx: 30), Self.drag(.changed, dx: 27), Self.drag(.changed, dx: 15)])
        #expect(explanations[1] == """
            bindings: 1.500000 s, seq 1, drag changed, 3 fingers
              missed line 2: drag phase=changed every=-10mm => back — every= -10 mm not yet travelled (3 of 10)
              nothing fired

            """)
        #expect(explanations[2]?.contains("  fired line 2: drag phase=changed every=-10mm => back\n") == true)
    }

    @Test("changed events: explained only when a binding of the gesture is on changed, and as their outcome changes")
    func changedEvents() throws {
        let ended = "[bindings]\ndrag fingers=3 direction=left => left\n"
        let noChanged = try Self.explained(ended, [Self.drag(.began, dx: 1), Self.drag(.changed, dx: -5), Self.drag(.ended, dx: -9)])
        #expect(noChanged.map { $0 != nil } == [true, false, true])
        #expect(noChanged[2]?.contains("fired line 2: drag fingers=3 direction=left => left") == true)

        let onChanged = "[bindings]\ndrag fingers=3 phase=changed => moving\n"
        let changes = [Self.drag(.began, dx: 1), Self.drag(.changed, dx: 2), Self.drag(.changed, dx: 3),
                       Self.drag(.changed, dx: 4, fingers: 4), Self.drag(.changed, dx: 5, fingers: 4), Self.drag(.changed, dx: 6)]
        let explained = try Self.explained(onChanged, changes)
        // Fired, fired again (unsaid), fingers 3 ≠ 4, the same (unsaid), fired again.
        #expect(explained.map { $0 != nil } == [true, true, false, true, false, true])
        #expect(explained[3]?.contains("— fingers 3 ≠ 4\n") == true)
    }

    @Test("a binding of the declared gesture's name replaces the kind's, and says so; other gestures' bindings are never near")
    func replacedByName() throws {
        let configuration = """
            [bindings]
            drag fingers=1 direction=left => any-drag-left
            hold-then-swipe drag direction=left => hold-then-swipe-left
            tap => tap
            [gestures]
            hold-then-swipe = long-press(fingers: 1) then drag(fingers: 1)
            """
        var record = Self.drag(.ended, dx: -20, fingers: 1)
        record.name = "hold-then-swipe"
        let text = try #require(try Self.explained(configuration, [record]).first ?? nil)
        #expect(text == """
            bindings: 1.500000 s, seq 1, "hold-then-swipe" drag ended, 1 finger
              fired line 3: hold-then-swipe drag direction=left => hold-then-swipe-left
              missed line 2: drag fingers=1 direction=left => any-drag-left — replaced by line 3 (name "hold-then-swipe")

            """)
        let json = try #require(try Self.explained(configuration, [record], format: .json).first ?? nil)
        #expect(json.contains(#""name":"hold-then-swipe","phase":"ended""#))
        #expect(json.contains(#""failed":[{"condition":"replaced","by":3,"because":"name"}]"#))
    }

    @Test("an event of a gesture nothing binds says so")
    func unbound() throws {
        var tap = GestureRecord(gesture: .recognized(.tap), phase: .ended)
        (tap.fingers, tap.count, tap.sequence) = (2, 1, 7)
        let text = try #require(try Self.explained("[bindings]\ndrag => drag\n", [tap]).first ?? nil)
        #expect(text == "bindings: 0.000000 s, seq 7, tap ended, 2 fingers\n  no binding of tap\n")
    }

    @Test("the JSON form escapes a device's name as the stream does: quotes, backslashes, control characters")
    func jsonEscapesNames() throws {
        var record = Self.drag(.ended, dx: 20)
        record.device = "Pad \"7\"\\\u{1}\n"
        let json = try #require(try Self.explained("[bindings]\ndrag => key a\n", [record], format: .json).first ?? nil)
        #expect(json.contains(#""device":"Pad \"7\"\\\u0001\n","#), "\(json)")
        var line: [UInt8] = []
        JSONLinesEncoder(deviceName: record.device, surface: nil).encode(record, into: &line)
        #expect(String(decoding: line, as: UTF8.self).contains(#""device":"Pad \"7\"\\\u0001\n","#))
    }

    @Test("the human form writes control characters in an application's and a device's name as \\u{…}")
    func humanEscapesNames() throws {
        var record = Self.drag(.ended, dx: 20)
        record.device = "Pad\u{1B}]0;owned\u{7}"
        let text = try #require(try Self.explained("[bindings]\ndrag app=firefox device=Pad => key a\n", [record],
                                                   application: "fire\u{1B}[2J\nfox").first ?? nil)
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(text)")
        #expect(text.contains(#"device "Pad\u{1B}]0;owned\u{7}""#), "\(text)")
        #expect(text.contains(#"app "fire\u{1B}[2J\u{A}fox""#), "\(text)")
    }

    @Test("at most three misses, fewest failed conditions first, every condition that failed named")
    func nearest() throws {
        let configuration = """
            [bindings]
            drag fingers=1 direction=up source=touchpad => a
            drag fingers=4 => b
            drag direction=right mods=ctrl => c
            drag device=*Touchpad* => d
            drag phase=began fingers=2 => e
            """
        var record = Self.drag(.ended, dx: -20)
        (record.device, record.surface) = ("Atmel maXTouch", .touchscreen)
        let text = try #require(try Self.explained(configuration, [record]).first ?? nil)
        #expect(text == """
            bindings: 1.500000 s, seq 1, drag ended, 3 fingers, device "Atmel maXTouch"
              missed line 3: drag fingers=4 => b — fingers 4 ≠ 3
              missed line 5: drag device=*Touchpad* => d — device "*Touchpad*" ≠ "Atmel maXTouch"
              missed line 4: drag direction=right mods=ctrl => c — direction right ≠ left, mods ctrl ≠ none
              nothing fired

            """)
    }

    @Test("the newer conditions: in/out, clockwise, a diagonal judged in eight ways, signed and unsigned units, mods=, source=")
    func newerConditions() throws {
        func ended(_ gesture: GestureName, dx: Double = 0, dy: Double = 0, scale: Double = 1, angle: Double = 0) -> GestureRecord {
            BindingDirectionTests.event(gesture, .ended, dx: dx, dy: dy, scale: scale, angle: angle, direction: dx == 0 ? nil : .right)
        }
        func reasons(_ binding: String, _ record: GestureRecord) throws -> String? {
            let text = try Self.explained("[bindings]\n" + binding + "\n", [record]).first ?? nil
            return text?.split(separator: "\n").first { $0.hasPrefix("  missed") }?.components(separatedBy: " — ").last
        }
        #expect(try reasons("magnify direction=in => key ctrl+minus", ended(.recognized(.magnify), scale: 1.3)) == "direction in ≠ out")
        #expect(try reasons("rotate direction=clockwise => key ctrl+r", ended(.recognized(.rotate), angle: -20))
            == "direction clockwise ≠ counterclockwise")
        // A diagonal binding judges this drag's ending in eight ways: down-right, not the stream's right.
        #expect(try reasons("drag fingers=2 direction=up-left => button left", ended(.recognized(.drag), dx: 10, dy: 9))
            == "direction up-left ≠ down-right")
        #expect(try reasons("drag mods=ctrl+alt source=touchpad => button right", ended(.recognized(.drag), dx: 10))
            == "source touchpad ≠ none, mods ctrl+alt ≠ none")
        var rotate = BindingDirectionTests.event(.recognized(.rotate), .changed, angle: 4)
        rotate.sequence = 1
        let turns = try Self.explained("[bindings]\nrotate phase=changed every=+15deg => key ctrl+r\n",
                                       [BindingDirectionTests.event(.recognized(.rotate), .began, angle: 1), rotate])
        #expect(turns[1]?.contains("— every= +15° not yet turned (3 of 15)\n") == true)
    }
}
