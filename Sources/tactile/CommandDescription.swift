/// A command of tactile: its name, what it does, its options, and how to parse it. `--help`,
/// the man page test and the completion tests all read these, so they cannot drift apart.
struct CommandDescription: Sendable {
    let name: String
    /// The usage line(s) after `tactile `, e.g. `run [--device PATH]...`.
    let synopsis: [String]
    /// One line for `tactile --help`.
    let summary: String
    /// A few sentences for `tactile COMMAND --help`.
    let details: String
    /// The operand, for commands that take one (`replay FILE`, `check [FILE]`).
    let operand: OptionValue?
    let options: [CommandOption]
    /// Parses the arguments after the command's name.
    let parse: @Sendable (inout Arguments) throws(UsageError) -> any RunnableCommand

    func option(named name: String) -> CommandOption? {
        options.first { option in
            option.names.contains(name)
                || (option.attachedValue != nil && option.names.contains { name.hasPrefix($0 + "=") })
        }
    }
}

/// What every command is once parsed.
protocol RunnableCommand {
    func run() throws
}
