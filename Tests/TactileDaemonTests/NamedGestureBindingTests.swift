import TactileConfiguration
import TactileCore
import TactileDaemon
import TactileProtocol
import Testing

/// Bindings of declared gestures: by name, of one of their kinds or of all, replacing the
/// bindings of the kind alone for the same event.
@Suite("Bindings of declared gestures")
struct NamedGestureBindingTests {
    static let configuration = """
        [bindings]
        drag fingers=1 direction=left => any-drag-left
        hold-then-swipe drag direction=left => hold-then-swipe-left
        hold-then-swipe phase=began => hold-then-swipe-began
        long-press phase=began => any-long-press
        [gestures]
        hold-then-swipe = long-press(fingers: 1) then drag(fingers: 1)
        """

    static func fired(_ gesture: GestureName, _ phase: GesturePhase, name: String?,
                      direction: SwipeDirection? = nil) throws -> [String] {
        var dispatcher = BindingDispatcher(bindings: try Configuration.parse(configuration, file: "test").bindings)
        var record = GestureRecord(gesture: gesture, phase: phase)
        record.fingers = 1
        record.direction = direction
        record.name = name
        return dispatcher.bindingsTriggered(by: record).map {
            guard case .command(let arguments) = $0.action else { return "not a command" }
            return arguments[0]
        }
    }

    @Test("a named binding fires for its gesture's events and replaces the kind's binding")
    func namedReplacesKind() throws {
        #expect(try Self.fired(.recognized(.drag), .ended, name: "hold-then-swipe", direction: .left) == ["hold-then-swipe-left"])
        #expect(try Self.fired(.recognized(.longPress), .began, name: "hold-then-swipe") == ["hold-then-swipe-began"])
    }

    @Test("events of no declared gesture, or of another, fire only the kind's bindings")
    func unnamedEventsFireKindBindings() throws {
        #expect(try Self.fired(.recognized(.drag), .ended, name: nil, direction: .left) == ["any-drag-left"])
        #expect(try Self.fired(.recognized(.drag), .ended, name: "other", direction: .left) == ["any-drag-left"])
        #expect(try Self.fired(.recognized(.longPress), .began, name: nil) == ["any-long-press"])
    }

    @Test("mistakes are refused with their line and column", arguments: [
        ("[bindings]\nnope => true\n", "test:2:1: expected the gesture to bind: "
         + GestureName.allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + GestureName.allCases.last!.rawValue
         + "; or a declared gesture's name ('nope' is not one: no gesture is declared in [gestures])"),
        ("[gestures]\nx = tap(fingers: 2)\n[bindings]\nx drag => true\n", "test:4:1: x reports no drag: it is made of tap"),
        ("[gestures]\nx = tap(fingers: 2)\n[bindings]\nx direction=left => true\n",
         "test:4:3: direction= needs one kind of x's gestures: name it first, as in 'x drag direction=left'"),
        ("[gestures]\ndrag = tap(fingers: 2)\n", "test:2:1: 'drag' is a gesture kind; a declared gesture needs a name of its own"),
    ])
    func mistakes(text: String, message: String) {
        #expect(throws: ConfigurationError.self) { try Configuration.parse(text, file: "test") }
        do {
            _ = try Configuration.parse(text, file: "test")
        } catch {
            #expect(error.description == "\(message)")
        }
    }
}
