/// `tactile help [COMMAND]`: the overview, or one command's usage and options, on stdout.
struct HelpCommand: RunnableCommand {
    let command: CommandDescription?

    init(_ arguments: inout Arguments) throws(UsageError) {
        guard let name = arguments.next() else {
            command = nil
            return
        }
        guard let command = CommandDescription.named(name) else { throw UsageError("no command '\(name)' to help with") }
        guard arguments.next() == nil else { throw UsageError("help takes one command") }
        self.command = command
    }

    func run() {
        StandardOutput.write(command.map(HelpText.command) ?? HelpText.overview)
    }
}
