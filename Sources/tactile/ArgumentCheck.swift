/// Holds a command's arguments to its table before the command parses them: an option the
/// table does not list is refused here, so no command can accept an option its help, man page
/// and completions do not show; and `--help` anywhere (not as an option's value) asks for help.
enum ArgumentCheck {
    enum Outcome: Equatable {
        case parse
        case help
    }

    static func check(_ arguments: ArraySlice<String>, for command: CommandDescription) throws(UsageError) -> Outcome {
        var remaining = arguments
        while let argument = remaining.popFirst() {
            if HelpText.helpOption.names.contains(argument) { return .help }
            if let option = command.option(named: argument) {
                if option.value != nil { _ = remaining.popFirst() }
            } else if argument.hasPrefix("-") && argument != "-" {
                throw UsageError("unknown option '\(argument)' for \(command.name)")
            }
        }
        return .parse
    }
}
