import TactileConfiguration
import TactileCore
import TactileDaemon
import TactileProtocol
import Testing

/// The per-application rule of `BindingDispatcher`, one row per event: which bindings fire
/// for a gesture while an application (or none) has the focus.
@Suite("Per-application bindings")
struct ApplicationBindingTests {
    /// Each binding's command is its name, so a row names what fires.
    static let configuration = """
        [bindings]
        drag fingers=2 direction=left => generic-back
        drag fingers=2 direction=left app=firefox => firefox-back
        drag fingers=2 direction=left app=org.mozilla.* => mozilla-back
        drag fingers=3 direction=left => generic-workspace
        tap fingers=2 => generic-tap
        tap fingers=2 app=foot => foot-tap
        tap fingers=2 phase=ended app=nothing-has-this => never
        """

    /// The program a binding runs.
    static func commandName(_ binding: Binding) -> String {
        guard case .command(let arguments) = binding.action else { return "not a command" }
        return arguments[0]
    }

    struct Row: CustomTestStringConvertible, Sendable {
        let application: String?
        let gesture: GestureName
        let fingers: Int
        let direction: SwipeDirection?
        let fired: [String]
        var testDescription: String {
            "\(gesture.rawValue) \(fingers) \(direction?.rawValue ?? "") in \(application ?? "no application") → \(fired)"
        }
    }

    @Test("an application's binding replaces the generic ones for the same event, and only those", arguments: [
        // No application known: app= bindings never fire, the generic ones do.
        Row(application: nil, gesture: .recognized(.drag), fingers: 2, direction: .left, fired: ["generic-back"]),
        // Another application: as without one.
        Row(application: "foot", gesture: .recognized(.drag), fingers: 2, direction: .left, fired: ["generic-back"]),
        // The application's binding replaces the generic one (which does not also run).
        Row(application: "firefox", gesture: .recognized(.drag), fingers: 2, direction: .left, fired: ["firefox-back"]),
        // Case does not matter.
        Row(application: "Firefox", gesture: .recognized(.drag), fingers: 2, direction: .left, fired: ["firefox-back"]),
        // Several app globs that match all fire, in file order; the generic one still does not.
        Row(application: "org.mozilla.firefox", gesture: .recognized(.drag), fingers: 2, direction: .left, fired: ["mozilla-back"]),
        // What the application does not bind keeps its generic binding there.
        Row(application: "firefox", gesture: .recognized(.drag), fingers: 3, direction: .left, fired: ["generic-workspace"]),
        Row(application: "firefox", gesture: .recognized(.tap), fingers: 2, direction: nil, fired: ["generic-tap"]),
        Row(application: "foot", gesture: .recognized(.tap), fingers: 2, direction: nil, fired: ["foot-tap"]),
        // An event no binding of the application matches: nothing replaces the generic ones.
        Row(application: "firefox", gesture: .recognized(.drag), fingers: 2, direction: .right, fired: []),
    ])
    func override(row: Row) throws {
        var dispatcher = BindingDispatcher(bindings: try Configuration.parse(Self.configuration, file: "c").bindings)
        var record = GestureRecord(gesture: row.gesture, phase: .ended)
        record.fingers = row.fingers
        record.direction = row.direction
        if row.gesture == .recognized(.tap) { record.count = 1 }
        let fired = dispatcher.bindingsTriggered(by: record, application: row.application).map(Self.commandName)
        #expect(fired == row.fired)
    }

    @Test("a repeating app= binding replaces the generic one step by step, counting from where the gesture was")
    func repeatingBindings() throws {
        var dispatcher = BindingDispatcher(bindings: try Configuration.parse("""
            [bindings]
            drag phase=changed every=10mm => generic-step
            drag phase=changed every=10mm app=firefox => firefox-step
            """, file: "c").bindings)
        func event(_ phase: GesturePhase, dy: Double, in application: String?) -> [String] {
            var record = GestureRecord(gesture: .recognized(.drag), phase: phase)
            record.sequence = 1
            record.fingers = 2
            record.dy = dy
            return dispatcher.bindingsTriggered(by: record, application: application).map(Self.commandName)
        }
        #expect(event(.began, dy: 5, in: nil) == [])
        #expect(event(.changed, dy: 15, in: nil) == ["generic-step"])
        // The focus moves to firefox mid-gesture: its binding counts from where the drag began,
        // and the generic one, replaced, stays silent.
        #expect(event(.changed, dy: 16, in: "firefox") == ["firefox-step"])
        #expect(event(.changed, dy: 20, in: "firefox") == [])
        #expect(event(.changed, dy: 26, in: "firefox") == ["firefox-step"])
        // Back to no application: the generic one fires from its own last step (15 mm).
        #expect(event(.changed, dy: 27, in: nil) == ["generic-step"])
    }
}
