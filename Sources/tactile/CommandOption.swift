/// One option a command accepts, as its help, the man page and the shell completions show it.
struct CommandOption: Sendable {
    /// Every spelling, the long one last: `["-o", "--output"]`.
    let names: [String]
    /// What follows the option, if anything.
    let value: OptionValue?
    /// One line for `--help`.
    let summary: String
    /// May be given more than once (`--device`).
    var repeatable = false
    /// The value may be left out (`--touchegg [ADDRESS]`): the next argument is its value only
    /// when it is not an option.
    var valueIsOptional = false
    /// A value that may follow the name after `=` only (`--explain=json`): with a separate
    /// argument, a following operand would be taken for it.
    var attachedValue: OptionValue?

    init(_ name: String, value: OptionValue? = nil, repeatable: Bool = false, _ summary: String) {
        self.names = [name]
        self.value = value
        self.repeatable = repeatable
        self.summary = summary
    }

    /// An option with a short spelling too: `CommandOption("-o", "--output", …)`.
    init(_ short: String, _ long: String, value: OptionValue? = nil, _ summary: String) {
        self.names = [short, long]
        self.value = value
        self.summary = summary
    }

    /// The long spelling, as the man page and the completions name the option.
    var name: String { names.last! }
}

/// The value after an option, or a command's operand: its placeholder, and what a shell should
/// offer to complete it.
struct OptionValue: Sendable {
    enum Completion: Equatable, Sendable {
        /// Any file (a recording, a configuration, an output).
        case file
        /// `/dev/input/event*`.
        case eventNode
        /// Exactly these words (`--touchpad-source raw|libinput|both`).
        case words([String])
        /// A group on this machine.
        case group
        /// A command of tactile (`tactile help COMMAND`).
        case command
        /// Nothing to offer: a number, a size, a name.
        case none
    }

    let placeholder: String
    let completion: Completion

    static func file(_ placeholder: String = "FILE") -> OptionValue { OptionValue(placeholder: placeholder, completion: .file) }
    static let eventNode = OptionValue(placeholder: "PATH", completion: .eventNode)
    static func words(_ words: [String]) -> OptionValue {
        OptionValue(placeholder: words.joined(separator: "|"), completion: .words(words))
    }
    static func text(_ placeholder: String) -> OptionValue { OptionValue(placeholder: placeholder, completion: .none) }
}
