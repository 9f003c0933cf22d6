/// The text of `tactile --help` and `tactile COMMAND --help`, made from the command table.
enum HelpText {
    /// Options every command understands, listed in every help.
    static let helpOption = CommandOption("-h", "--help", "print this help and exit")
    static let versionOption = CommandOption("--version", "print the version and exit")

    /// Every command's usage, then what each is for.
    static var overview: String {
        var lines: [String] = []
        for (index, command) in CommandDescription.all.enumerated() {
            lines += synopsis(command, prefix: index == 0 ? "usage: " : "       ")
        }
        lines.append("       tactile --version")
        lines.append("")
        lines.append("commands:")
        let width = CommandDescription.all.map(\.name.count).max()!
        for command in CommandDescription.all {
            lines.append("  " + padded(command.name, width) + "  " + command.summary)
        }
        lines.append("")
        lines.append("'tactile COMMAND --help' or 'tactile help COMMAND' lists a command's options.")
        lines.append("See tactile(1) and tactile.conf(5).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's usage, what it does, and its options.
    static func command(_ command: CommandDescription) -> String {
        var lines = synopsis(command, prefix: "usage: ")
        lines.append("")
        lines.append(command.summary + ".")
        lines += command.details.split(separator: "\n").map(String.init)
        lines.append("")
        lines.append("options:")
        let options = command.options + [helpOption]
        let labels = options.map(label)
        let width = labels.map(\.count).max()!
        for (option, label) in zip(options, labels) {
            lines.append("  " + padded(label, width) + "  " + option.summary)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `usage: tactile run [--device PATH]...` and its continuation lines, aligned.
    static func synopsis(_ command: CommandDescription, prefix: String) -> [String] {
        command.synopsis.enumerated().map { index, line in
            (index == 0 ? prefix + "tactile " : String(repeating: " ", count: prefix.count + 8)) + line
        }
    }

    /// `-o, --output FILE`.
    static func label(_ option: CommandOption) -> String {
        option.names.joined(separator: ", ")
            + (option.value.map { option.valueIsOptional ? " [\($0.placeholder)]" : " " + $0.placeholder } ?? "")
            + (option.attachedValue.map { "[=\($0.placeholder)]" } ?? "")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
