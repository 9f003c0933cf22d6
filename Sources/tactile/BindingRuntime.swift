import TactileCore
import TactileSystem
import TactileProtocol
import TactileConfiguration
import TactileDaemon
import TactileFocus

/// The bindings at work, in `tactile run --bindings` (records from its own recognizers) and in
/// `tactile listen --bindings` (records read from the daemon's stream) alike: which bindings a
/// record triggers, the keys they type on a virtual keyboard and the commands they start, each
/// command's timeout watched on the event loop.
final class BindingRuntime: GestureOutput {
    private var dispatcher: BindingDispatcher
    private let keyboard = VirtualKeyboard(log: { Log.warning($0) })
    private let runner = CommandRunner(log: { Log.warning($0) })
    private let loop: EventLoop
    /// Fires at the earliest running command's timeout.
    private var commandTimeouts: EventLoop.Timer!
    /// Where `app=` bindings learn the focused application (`listen` only: the daemon serves
    /// every session and never knows it).
    var focus: FocusSource?
    /// `--explain`: says on stderr why each record fired its bindings or not.
    var explainer: BindingExplainer?

    /// Throws when the bindings type keys and /dev/uinput cannot be opened.
    init(_ bindings: [Binding], loop: EventLoop) throws(UinputError) {
        dispatcher = BindingDispatcher(bindings: bindings)
        self.loop = loop
        try keyboard.prepare(for: bindings)
        commandTimeouts = loop.addTimer { [unowned self] in commandsExited() }
    }

    var actsOnRecords: Bool { true }

    func deliver(_ record: GestureRecord, from device: GestureSink.Device) {
        act(on: record)
    }

    /// Types the keys and starts the commands of the bindings `record` triggers.
    func act(on record: GestureRecord) {
        let application = focus?.application
        // Mutated in place: a copy taken out and written back made every event copy its state.
        let triggered: [Binding]
        if explainer != nil {
            let explanation: String?
            (triggered, explanation) = explainer!.bindingsTriggered(by: record, application: application, through: &dispatcher)
            if let explanation { StandardError.write(explanation) }
        } else {
            triggered = dispatcher.bindingsTriggered(by: record, application: application)
        }
        if BindingActions(runner: runner, keyboard: keyboard).perform(triggered, for: record, application: application) {
            watchCommands()
        }
    }

    /// New bindings (a reload); when their keys need a new virtual keyboard that cannot be made,
    /// the old bindings stay.
    func replaceBindings(_ bindings: [Binding]) throws(UinputError) {
        try keyboard.prepare(for: bindings)
        dispatcher = BindingDispatcher(bindings: bindings)
    }

    var bindingCount: Int { dispatcher.bindings.count }

    /// Whether a binding asks for the focused application (`app=`).
    var hasApplicationBindings: Bool { dispatcher.bindings.contains { $0.app != nil } }

    /// SIGCHLD, or a timeout passed: collects the commands that ended, stops those overdue.
    func commandsExited() {
        runner.reap()
        watchCommands()
    }

    /// The stream was cut (the daemon went away): its gestures will never end, so the keys they
    /// hold go up now.
    func releaseKeys() {
        keyboard.releaseAll()
    }

    func finish(terminated: Bool) {
        // Stopped, running commands get a short grace; at the input's end they may finish.
        if terminated { runner.stopAll() } else { runner.finishAll() }
    }

    /// Keys still down go up, however the process stops.
    func close() {
        keyboard.close()
    }

    private func watchCommands() {
        try? loop.setDeadline(runner.nextDeadline, for: commandTimeouts)
    }
}
