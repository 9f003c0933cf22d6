import Foundation
@testable import TactileConfiguration
import TactileCore
import TactileProtocol
import Testing

@Suite("Configuration file")
struct ConfigurationTests {
    @Test("the embedded default parses and changes nothing")
    func defaultParses() throws {
        let configuration = try Configuration.parse(Configuration.defaultText, file: "default")
        #expect(configuration.bindings.isEmpty && configuration.gestures.isEmpty)
        #expect(configuration.includesDefaultGestures)
        let tuning = configuration.tuning(forDevice: "any", base: GestureTuning())
        #expect(tuning[duration: .tapWindow] == GestureDefaults.tapWindow)
        #expect(tuning[.dragMinimumDistance] == GestureDefaults.dragMinimumDistanceMillimetres)
        #expect(tuning[.rotateMinimumAngle] == GestureDefaults.rotateMinimumAngleDegrees)
    }

    @Test("edge-swipes: touchscreens unless a section says; a later matching section wins")
    func edgeSwipesPerDevice() throws {
        let configuration = try Configuration.parse("""
            [tuning]
            edge-swipes = touchscreens
            [tuning "SynPS/2*"]
            edge-swipes = on
            [tuning "Wacom*Finger"]
            edge-swipes = off
            """, file: "c")
        var touchpad = GestureTuning()
        touchpad.surfaceIsTouchscreen = false
        let touchscreen = GestureTuning()
        #expect(!Configuration().tuning(forDevice: "SynPS/2 Synaptics TouchPad", base: touchpad).hasEdgeSwipes)
        #expect(Configuration().tuning(forDevice: "Wacom DTH2242 Finger", base: touchscreen).hasEdgeSwipes)
        #expect(configuration.tuning(forDevice: "SynPS/2 Synaptics TouchPad", base: touchpad).hasEdgeSwipes)
        #expect(!configuration.tuning(forDevice: "ELAN1206:00 Touchpad", base: touchpad).hasEdgeSwipes)
        #expect(!configuration.tuning(forDevice: "Wacom DTH2242 Finger", base: touchscreen).hasEdgeSwipes)
        #expect(configuration.tuning(forDevice: "ELAN Touchscreen", base: touchscreen).hasEdgeSwipes)
    }

    @Test("per-device sections apply, in file order, only to matching devices")
    func perDeviceTuning() throws {
        let configuration = try Configuration.parse("""
            [tuning]
            drag.minimum-distance = 7mm
            [tuning "Wacom*Finger"]
            drag.minimum-distance = 9mm
            long-press.interval = 0.25s
            size = 293x165
            """, file: "c")
        let wacom = configuration.tuning(forDevice: "Wacom DTH2242 Finger", base: GestureTuning())
        #expect(wacom[.dragMinimumDistance] == 9)
        #expect(wacom[duration: .longPressInterval] == .milliseconds(250))
        let other = configuration.tuning(forDevice: "Wacom DTH2242 Pen", base: GestureTuning())
        #expect(other[.dragMinimumDistance] == 7)
        #expect(configuration.size(forDevice: "Wacom Cintiq Finger") == TuningSection.Size(width: 293, height: 165))
        #expect(configuration.size(forDevice: "Synaptics") == nil)
    }

    @Test("a calibration matrix applies to matching devices, the last matching section winning")
    func calibration() throws {
        let configuration = try Configuration.parse("""
            [tuning]
            calibration = 1 0 0 0 1 0
            [tuning "Atmel*"]
            calibration = 0 -1 1 1 0 0   # mounted a quarter turn clockwise
            """, file: "c")
        #expect(configuration.calibration(forDevice: "Atmel maXTouch Touchscreen") == [0, -1, 1, 1, 0, 0])
        #expect(configuration.calibration(forDevice: "Wacom") == [1, 0, 0, 0, 1, 0])
        #expect(try Configuration.parse("[tuning]\n", file: "c").calibration(forDevice: "Wacom") == nil)
    }

    @Test("declared gestures compose with then, else, with and parentheses")
    func declaredGestures() throws {
        let configuration = try Configuration.parse("""
            [gestures]
            default = off
            hold-then-pan = long-press(fingers: 1, minimum-duration: 400ms) then drag(fingers: 1)
            zoom = (magnify with rotate(minimum-angle: 20deg)) else tap(count: 2, fingers: 2-3)
            """, file: "c")
        #expect(!configuration.includesDefaultGestures)
        #expect(configuration.gestures.map(\.name) == ["hold-then-pan", "zoom"])
        guard case .sequenced(.primitive(let hold), .primitive(let pan)) = configuration.gestures[0].expression else {
            Issue.record("expected long-press then drag, got \(configuration.gestures[0].expression)")
            return
        }
        #expect(hold.kind == .longPress && hold.fingers == 1...1 && pan.kind == .drag)
        guard case .exclusive(.simultaneous, .primitive(let tap)) = configuration.gestures[1].expression else {
            Issue.record("expected (magnify with rotate) else tap")
            return
        }
        #expect(tap.fingers == 2...3 && tap.count == 2)
    }

    @Test("a declared gesture recognizes what it says")
    func declaredGestureRuns() throws {
        let configuration = try Configuration.parse("""
            [gestures]
            default = off
            quick-hold = long-press(minimum-duration: 200ms, interval: 50ms)
            """, file: "c")
        var engine = Engine(configuration.makeGestureSet(forDevice: "pad", base: GestureTuning()))
        var events = GestureEventBuffer()
        engine.process(TouchFrame(time: Instant(microseconds: 0), contacts: [Contact(id: 0, x: 5, y: 5)]), into: &events)
        engine.advance(to: Instant(microseconds: 300_000), into: &events)
        #expect(events.events.map(\.phase) == [.began, .changed, .changed])
        #expect(events.events.map(\.time.microseconds) == [200_000, 250_000, 300_000])
    }

    @Test("bindings: match options and the argv, quotes grouping words")
    func bindings() throws {
        let configuration = try Configuration.parse("""
            [bindings]
            drag fingers=3 direction=left => xdotool key super+Left
            tap fingers=2 count=2 timeout=2s => notify-send "two fingers" 'twice'
            rotate phase=changed every=15deg => sh -c 'echo $TACTILE_ANGLE'
            """, file: "c")
        #expect(configuration.bindings.count == 3)
        let drag = configuration.bindings[0]
        #expect(drag.gesture == .recognized(.drag) && drag.fingers == 3...3 && drag.direction == .left && drag.phase == .ended)
        #expect(drag.action == .command(["xdotool", "key", "super+Left"]))
        #expect(configuration.bindings[1].action == .command(["notify-send", "two fingers", "twice"]))
        #expect(configuration.bindings[1].timeout == .seconds(2))
        #expect(configuration.bindings[2].every == 15 && configuration.bindings[2].action == .command(["sh", "-c", "echo $TACTILE_ANGLE"]))
    }

    @Test("app= is valid on every gesture and matches the application id as a glob, ignoring case")
    func applicationCondition() throws {
        for gesture in GestureName.allCases {
            let binding = try #require(try Configuration.parse("[bindings]\n\(gesture.rawValue) app=org.Mozilla.* => true",
                                                               file: "c").bindings.first)
            #expect(binding.app == "org.Mozilla.*")
        }
        let binding = try #require(try Configuration.parse("[bindings]\ntap app=org.Mozilla.* => true", file: "c").bindings.first)
        let tap = GestureRecord(gesture: .recognized(.tap), phase: .ended)
        #expect(binding.matches(tap, application: "org.mozilla.firefox"))
        #expect(binding.matches(tap, application: "ORG.MOZILLA.Thunderbird"))
        #expect(!binding.matches(tap, application: "org.gnome.Nautilus"))
        #expect(!binding.matches(tap, application: nil), "no application known: an app= binding never fires")
        let generic = try #require(try Configuration.parse("[bindings]\ntap => true", file: "c").bindings.first)
        #expect(generic.matches(tap, application: nil) && generic.matches(tap, application: "foot"))
    }

    @Test("every error names file, line, column and what was expected", arguments: [
        ("drag.minimum-distance = 5mm", "c:1:1: expected a section header"),
        ("[tunning]", "c:1:2: expected tuning, gestures, bindings or daemon as the section name"),
        ("[daemon]\ntouchegg = tcp:host=x", "c:2:12: expected on, off, unix:abstract=NAME or unix:path=PATH for touchegg, got 'tcp:host=x'"),
        ("[daemon]\nsocket = x", "c:2:1: expected touchegg = ADDRESS, on or off"),
        ("[tuning]\ndrag.minimum-distance = 5ms", "c:2:25: expected a distance such as 5mm for drag.minimum-distance, got '5ms'"),
        ("[tuning]\ndrag.minimum-distance = off", "c:2:25: expected a distance such as 5mm for drag.minimum-distance, got 'off'"),
        ("[tuning]\ndrag.together-distance = 5ms",
         "c:2:26: expected a distance such as 5mm or off for drag.together-distance, got '5ms'"),
        ("[tuning]\ntap.speed = 3", "c:2:1: unknown setting 'tap.speed'"),
        ("[tuning]\nsize = big", "c:2:8: expected the surface size as WIDTHxHEIGHT in mm"),
        ("[tuning]\ncalibration = 0 -1 1 1 0", "c:2:15: expected the calibration matrix as six numbers"),
        ("[tuning]\ncalibration = 0 -1 1 1 0 inf", "c:2:15: expected the calibration matrix as six numbers"),
        ("[gestures]\nx = swipe", "c:2:5: expected a gesture: \(GestureKind.allCases.map(\.rawValue).listed(with: "or"))"),
        ("[gestures]\nx = tap(count: 4)", "c:2:16: expected a tap count of 1, 2 or 3"),
        ("[gestures]\nx = drag(fingers: 0)", "c:2:19: expected a finger count 1–10"),
        ("[gestures]\nx = drag(minimum-angle: 3deg)", "c:2:10: drag takes fingers, minimum-distance, together-distance; got 'minimum-angle'"),
        ("[gestures]\nx = tap and drag", "c:2:9: expected then, else, with or or between gestures, got 'and'"),
        ("[gestures]\nx = (tap then drag", "c:2:19: expected ) to close the group"),
        ("[gestures]\nx = tap\nx = drag", "c:3:1: gesture 'x' is declared twice"),
        ("[bindings]\nswipe-left => true", "c:2:1: expected the gesture to bind"),
        ("[bindings]\ndrag direction=north => true", "c:2:16: expected up, down, left, right, up-left, up-right, down-left or down-right"),
        ("[bindings]\ndrag fingers=3", "c:2:15: expected key=value or => before the command"),
        ("[bindings]\ndrag =>", "c:2:8: expected a command after =>"),
        ("[bindings]\ndrag every=5mm => true", "c:2:1: every= repeats a command while a gesture changes: it needs phase=changed"),
        ("[bindings]\ntap => echo \"unterminated", "c:2:13: expected a closing \" for the string that starts here"),
        ("[bindings]\ntap timeout=9223372036000s => true", "c:2:13: expected a duration such as 5s, at most 86400s (a day)"),
        ("[gestures]\nx = " + Array(repeating: "tap", count: 34).joined(separator: " then "),
         "c:2:297: more than 32 then/else/with/or in one gesture"),
        ("[gestures]\nx = (tap with (tap else tap)) " + Array(repeating: "then tap", count: 31).joined(separator: " "),
         "c:2:301: more than 32 then/else/with/or in one gesture"),
        ("[gestures]\n" + (1...65).map { "g\($0) = tap" }.joined(separator: "\n"), "c:66:1: more than 64 declared gestures"),
        // Bindings that could never fire, told apart by the gesture registry.
        ("[bindings]\ndrag phase=changed every=15deg => true", "c:2:26: every= on drag is a distance such as 5mm, got '15deg'"),
        ("[bindings]\nrotate phase=changed every=10mm => true", "c:2:28: every= on rotate is an angle such as 15deg"),
        ("[bindings]\nmagnify phase=changed every=2mm => true", "c:2:29: every= on magnify is a scale change such as 0.15"),
        ("[bindings]\nlong-press phase=changed every=2.5 => true", "c:2:32: every= on long-press is a number of ticks such as 5"),
        ("[bindings]\ntap phase=changed every=1 => true", "c:2:19: tap never changes, so every= cannot repeat on it"),
        ("[bindings]\ndrag count=2 => true", "c:2:6: drag has no count; count= applies to tap"),
        ("[bindings]\ntap count=4 => true", "c:2:11: expected a tap count of 1, 2 or 3"),
        ("[bindings]\ntap direction=left => true", "c:2:5: tap has no direction; direction= applies to \(BindableGesture.withDirection)"),
        ("[bindings]\nmagnify fingers=1 => true", "c:2:17: magnify has 2–10 fingers; got 1"),
        ("[bindings]\npinch fingers=6-7 => true", "c:2:15: pinch has 2–5 fingers; got 6-7"),
        ("[bindings]\ndrag phase=sideways => true", "c:2:12: expected began, changed, ended or cancelled"),
        ("[bindings]\ndrag edge=left => true", "c:2:6: drag has no edge; edge= applies to edge-swipe"),
        ("[bindings]\nedge-swipe edge=middle => true", "c:2:17: expected top, bottom, left or right"),
        ("[bindings]\ntap app= => true", "c:2:10: expected a value for app"),
        ("[bindings]\ntap app=fire?fox => true", "c:2:13: app= is an application id glob of letters, digits"),
        ("[bindings]\ntap app=\"firefox\" => true", "c:2:9: expected a value for app"),
        ("[bindings]\ntap app=a[bc] => true", "c:2:10: app= is an application id glob"),
        ("[gestures]\nx = rotate(fingers: 1)", "c:2:21: rotate has 2–10 fingers; got 1"),
        ("[tuning]\nsize = infx100", "c:2:8: expected the surface size as WIDTHxHEIGHT in mm"),
        ("[tuning]\nsize = 100x0", "c:2:8: expected the surface size as WIDTHxHEIGHT in mm"),
    ])
    func errors(text: String, expected: String) {
        #expect(throws: ConfigurationError.self) { try Configuration.parse(text, file: "c") }
        do {
            _ = try Configuration.parse(text, file: "c")
        } catch {
            #expect(error.description.hasPrefix(expected), "got \(error.description)")
        }
    }

    @Test("a condition or argument given twice, and a timeout of 0s, are errors with file, line and column",
          arguments: [(String, String)]([
        ("[bindings]\ndrag direction=up direction=down => true", "c:2:19: direction= is given twice in this binding (first at column 6)"),
        ("[bindings]\nswipe fingers=3 fingers=4 => true", "c:2:17: fingers= is given twice in this binding (first at column 7)"),
        ("[bindings]\ndrag phase=changed every=5mm every=10mm => true", "c:2:30: every= is given twice in this binding"),
        ("[bindings]\ntap timeout=1s timeout=2s => true", "c:2:16: timeout= is given twice in this binding"),
        ("[gestures]\nx = tap(count: 2, count: 3)", "c:2:19: count: is given twice in this gesture (first at column 9)"),
        ("[bindings]\ntap timeout=0s => true", "c:2:13: expected a duration longer than 0s such as 5s"),
    ]))
    func repeatedConditions(text: String, expected: String) {
        errors(text: text, expected: expected)
    }
}

/// The repository's README, which tests hold to what the code accepts.
func readmeText() throws -> String {
    try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../README.md"), encoding: .utf8)
}

@Suite("The README's configuration example")
struct ReadmeConfigurationTests {
    @Test("parses, with the gestures and bindings it shows")
    func readmeExample() throws {
        let readme = try readmeText()
        let start = try #require(readme.range(of: "```ini\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let configuration = try Configuration.parse(String(readme[start.upperBound..<end.lowerBound]), file: "README.md")
        #expect(configuration.gestures.map(\.name)
            == ["hold-then-swipe", "two-finger-double-tap", "press-then-pinch", "hold-then-circle"])
        #expect(configuration.bindings.count == 9)
        #expect(configuration.bindings[0].action == .keyChord([KeyCode(named: "leftmeta")!, KeyCode(named: "pagedown")!]))
        #expect(configuration.bindings[1].name == "hold-then-swipe" && configuration.bindings[1].gesture == .recognized(.drag))
        #expect(configuration.bindings[2].action == .keyDown([KeyCode(named: "leftalt")!]))
        #expect(configuration.bindings[4].action == .button(.middle))
        // Each declared gesture of the example is bound by its name.
        #expect(configuration.bindings[5].name == "two-finger-double-tap" && configuration.bindings[5].count == 2)
        #expect(configuration.bindings[6].name == "press-then-pinch" && configuration.bindings[6].gesture == .recognized(.magnify))
        #expect(configuration.bindings[7].name == "hold-then-circle" && configuration.bindings[7].gesture == .recognized(.circle)
            && configuration.bindings[7].every == 30)
        #expect(configuration.tuning(forDevice: "any", base: GestureTuning())[.dragMinimumDistance] == 6)
    }
}

@Suite("Configuration and what a device can measure")
struct ConfigurationDeviceLimitTests {
    /// Two fingers spreading from 20 mm to 40 mm apart around a still centroid.
    private func pinchKinds(measuresFingerPositions: Bool) throws -> Set<GestureKind> {
        let configuration = try Configuration.parse(Configuration.defaultText, file: "default")
        var base = GestureTuning()
        base.measuresFingerPositions = measuresFingerPositions
        var engine = Engine(configuration.makeGestureSet(forDevice: "pad", base: base))
        var events = GestureEventBuffer()
        for step in 0...10 {
            let half = 10 + Double(step)
            let frame = TouchFrame(time: Instant(microseconds: Int64(step) * 10_000),
                                   contacts: [Contact(id: 0, x: 50 - half, y: 30), Contact(id: 1, x: 50 + half, y: 30)])
            engine.process(frame, into: &events)
        }
        return Set(events.events.map(\.kind))
    }

    @Test("the default configuration's pinch thresholds do not switch magnify back on for a semi-MT pad")
    func semiMTStaysWithoutPinch() throws {
        #expect(try pinchKinds(measuresFingerPositions: true).contains(.magnify))
        #expect(try !pinchKinds(measuresFingerPositions: false).contains(.magnify))
    }
}

@Suite("The gesture registry is the documentation")
struct RegistryDocumentationTests {
    @Test("every tuning key the registry lists is accepted, at its built-in value, and is in the default text")
    func everyKeyParses() throws {
        let tuning = GestureTuning()
        for (key, _, tunable) in GestureRegistry.tuningKeys {
            let line = "\(key) = \(tunable.unit.written(tuning[tunable]))"
            _ = try Configuration.parse("[tuning]\n" + line, file: "c")
            #expect(Configuration.defaultText.contains(line + "\n"))
        }
    }
}

@Suite("Edge-swipe bindings")
struct EdgeSwipeBindingTests {
    @Test("edge= on an edge swipe binds to that edge only, and the zone is a per-device tunable")
    func edgeCondition() throws {
        let configuration = try Configuration.parse("""
            [tuning "Phone*"]
            edge-swipe.zone = 8mm
            [bindings]
            edge-swipe edge=left fingers=1 => back
            """, file: "c")
        let binding = try #require(configuration.bindings.first)
        #expect(binding.gesture == .recognized(.edgeSwipe) && binding.edge == .left && binding.fingers == 1...1)
        var record = GestureRecord(gesture: .recognized(.edgeSwipe), phase: .ended)
        record.fingers = 1
        record.edge = .left
        #expect(binding.matches(record, application: nil))
        record.edge = .right
        #expect(!binding.matches(record, application: nil))
        #expect(configuration.tuning(forDevice: "Phone screen", base: GestureTuning())[.edgeSwipeZone] == 8)
        #expect(configuration.tuning(forDevice: "Touchpad", base: GestureTuning())[.edgeSwipeZone] == 5)
    }
}
