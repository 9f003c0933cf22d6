import TactileConfiguration
import TactileProtocol

/// Carries out what the bindings an event triggered ask for — commands through the runner, keys
/// and buttons through the virtual keyboard — then lets go of the keys of a gesture that is over.
/// Nothing here waits for anything: a command is spawned, a keystroke is one write to uinput.
public struct BindingActions {
    public let runner: CommandRunner
    public let keyboard: VirtualKeyboard

    public init(runner: CommandRunner, keyboard: VirtualKeyboard) {
        self.runner = runner
        self.keyboard = keyboard
    }

    /// Performs `bindings` (in file order) for `record` while `application` has the focus (for
    /// `TACTILE_APP`); returns whether a command started, whose timeout must then be watched.
    @discardableResult
    public func perform(_ bindings: [Binding], for record: GestureRecord, application: String? = nil) -> Bool {
        var startedCommand = false
        for binding in bindings {
            switch binding.action {
            case .command(let arguments):
                runner.start(arguments, of: binding, for: record, application: application)
                startedCommand = true
            case .keyChord, .keyDown, .keyUp, .button, .buttonDown, .buttonUp:
                keyboard.perform(binding.action, for: record)
            }
        }
        keyboard.settle(after: record)
        return startedCommand
    }
}
