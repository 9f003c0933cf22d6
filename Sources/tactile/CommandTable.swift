import TactileImport
import TactileProtocol
/// Every command tactile has, with every option it accepts: the single definition that
/// `--help`, the argument check, the man page test and the completion tests read.
extension CommandDescription {
    static let all: [CommandDescription] = [replay, run, listen, devices, record, check, config, `import`, help]

    static func named(_ name: String) -> CommandDescription? { all.first { $0.name == name } }

    static let configOption = CommandOption("--config", value: .file(),
                                            "read this configuration instead of the one in use")
    /// `--explain[=human|json]`: why each gesture was or was not recognized, on stderr.
    static let explainOption: CommandOption = {
        var option = CommandOption("--explain", "also say on stderr why each gesture was recognized or not, and with --bindings why it fired "
                                   + "its bindings or not (docs/explain.md)")
        option.attachedValue = .words(ExplanationFormat.allCases.map(\.rawValue))
        return option
    }()
    static let seatOption = CommandOption("--seat", value: .text("SEAT"), "the udev seat to read (seat0)")

    static let replay = CommandDescription(
        name: "replay",
        synopsis: ["replay FILE... [--desc FILE] [--config FILE] [--frames] [--size WIDTHxHEIGHT] [--svg OUT.svg]",
                   "    [--explain[=human|json]]"],
        summary: "print the gestures in a recording (evemu, libinput record YAML, evtest) as JSON Lines",
        details: """
            Recognizes on virtual time, so a file gives the same output on every run and machine. It uses
            the embedded default gestures unless --config names a configuration, never the user's own.
            Several files are replayed one after the other, each as if alone, and every line then starts
            with "file":"FILE"; a file that cannot be read is reported and the others still replayed.
            --explain says on stderr why each gesture was or was not recognized, stdout unchanged.
            """,
        operand: .file("FILE"),
        options: [
            CommandOption("--desc", value: .file(), "the device description of an events-only evemu file (of every FILE)"),
            CommandOption("--config", value: .file(), "recognize with this configuration's tuning and gestures"),
            CommandOption("--frames", "print the decoded touch frames instead of gestures"),
            CommandOption("--size", value: .text("WIDTHxHEIGHT"), "the surface's size in mm, for devices without a resolution"),
            CommandOption("--svg", value: .file("OUT.svg"), "also draw the contacts and gestures into this SVG file (one FILE only)"),
            explainOption,
        ],
        parse: { arguments throws(UsageError) in try ReplayCommand(&arguments) })

    /// `--touchegg [ADDRESS]`: the address may be left out.
    static let toucheggOption: CommandOption = {
        var option = CommandOption("--touchegg", value: OptionValue(placeholder: "ADDRESS", completion: .words([Touchegg.defaultAddress])),
                                   "also serve Touchégg's D-Bus protocol there (unix:abstract=touchegg)")
        option.valueIsOptional = true
        return option
    }()

    static let run = CommandDescription(
        name: "run",
        synopsis: [
            "run [--device PATH]... [--seat SEAT] [--touchpad-source raw|libinput|both] [--verbose]",
            "    [--replay FILE [--desc FILE] [--speed X] [--await-clients N]]",
            "    [--socket PATH [--socket-group GROUP] [--client-queue-limit BYTES]] [--touchegg [ADDRESS]]",
            "    [--config FILE] [--bindings] [--explain[=human|json]]",
        ],
        summary: "the daemon: gestures of live touch devices or of a paced recording, on stdout or a socket",
        details: """
            Reads every touch device on the seat (or only the --device nodes), as they come and go, and
            prints gestures as JSON Lines, or serves them to every client of a Unix socket. SIGHUP reloads
            the configuration; SIGINT and SIGTERM cancel gestures in flight and exit 0. --touchegg also
            serves Touchégg's D-Bus protocol, for GNOME's X11 Gestures extension, Gala, Cinnamon and
            Touchégg's client.
            """,
        operand: nil,
        options: [
            CommandOption("--device", value: .eventNode, repeatable: true,
                          "read only this event node (no hot-plug); repeatable"),
            seatOption,
            CommandOption("--touchpad-source", value: .words(["raw", "libinput", "both"]),
                          "touchpad gestures from raw contacts, libinput's own, or both (both)"),
            CommandOption("--verbose", "add libinput's own log, for touchpads whose gestures pass through"),
            CommandOption("--replay", value: .file(), "use a recording as the input device, paced as if live"),
            CommandOption("--desc", value: .file(), "with --replay: the description of an events-only evemu file"),
            CommandOption("--speed", value: .text("X"), "with --replay: X times real time, 0.001 to 1000, or 0 as fast as possible (1)"),
            CommandOption("--await-clients", value: .text("N"), "with --replay: start once N socket and D-Bus clients connected"),
            CommandOption("--socket", value: .file("PATH"), "serve the stream on this Unix socket instead of stdout"),
            CommandOption("--socket-group", value: OptionValue(placeholder: "GROUP", completion: .group),
                          "make the socket 0660 and owned by this group, whose members --touchegg admits too"),
            CommandOption("--client-queue-limit", value: .text("BYTES"),
                          "disconnect a client that falls this far behind (262144, at least 4096)"),
            toucheggOption,
            configOption,
            CommandOption("--bindings", "run the commands and type the keys the configuration binds to gestures"),
            explainOption,
        ],
        parse: { arguments throws(UsageError) in try RunCommand(&arguments) })

    /// `listen --bindings --explain[=human|json]`: why each gesture event fired its bindings or not.
    static let explainBindingsOption: CommandOption = {
        var option = CommandOption("--explain", "with --bindings: say on stderr why each gesture fired its bindings or not (docs/explain.md)")
        option.attachedValue = .words(ExplanationFormat.allCases.map(\.rawValue))
        return option
    }()

    static let listen = CommandDescription(
        name: "listen",
        synopsis: ["listen [--socket PATH] [--once] [--bindings [--explain[=human|json]] [--config FILE]]"],
        summary: "print the daemon's stream, or run the commands and type the keys bound to gestures (--bindings)",
        details: """
            A client of the daemon's socket ($TACTILE_SOCKET, else /run/tactile/tactile.sock). When the
            daemon goes away it reconnects, waiting up to 5 s between attempts; it exits 0 on SIGINT or
            SIGTERM, or with --once when the daemon closes the stream. With --bindings, SIGHUP reloads
            the bindings, and the focused application for app= bindings comes from sway, i3, Hyprland
            or niri.
            """,
        operand: nil,
        options: [
            CommandOption("--socket", value: .file("PATH"), "the daemon's socket (/run/tactile/tactile.sock)"),
            CommandOption("--once", "end when the daemon closes the stream instead of reconnecting"),
            CommandOption("--bindings", "run the bound commands and type the bound keys instead of printing the stream"),
            explainBindingsOption,
            CommandOption("--config", value: .file(), "with --bindings: read the bindings from this file"),
        ],
        parse: { arguments throws(UsageError) in try ListenCommand(&arguments) })

    static let devices = CommandDescription(
        name: "devices",
        synopsis: ["devices [--device PATH]... [--seat SEAT]"],
        summary: "list the touch devices: node, kind, name, size, slots, raw contacts",
        details: "Lists what tactile run would read, one device per line, tab-separated.",
        operand: nil,
        options: [
            CommandOption("--device", value: .eventNode, repeatable: true, "describe only this event node; repeatable"),
            seatOption,
        ],
        parse: { arguments throws(UsageError) in try DevicesCommand(&arguments) })

    static let record = CommandDescription(
        name: "record",
        synopsis: ["record [--device PATH] [--seat SEAT] -o FILE"],
        summary: "write what a touch device sends as libinput record YAML, until Ctrl-C",
        details: """
            Without --device it records the first touch device on the seat and says which. Every frame is
            written as it arrives, so a killed recorder loses nothing.
            """,
        operand: nil,
        options: [
            CommandOption("--device", value: .eventNode, "the event node to record (the seat's first touch device)"),
            seatOption,
            CommandOption("-o", "--output", value: .file(), "the file to write"),
        ],
        parse: { arguments throws(UsageError) in try RecordCommand(&arguments) })

    static let check = CommandDescription(
        name: "check",
        synopsis: ["check [FILE]"],
        summary: "validate a configuration file (the one in use when none is named)",
        details: "Prints FILE: OK and what it holds, or FILE:LINE:COLUMN: what was expected, and exits 1.",
        operand: .file("FILE"),
        options: [],
        parse: { arguments throws(UsageError) in try CheckCommand(&arguments) })

    static let config = CommandDescription(
        name: "config",
        synopsis: ["config --default"],
        summary: "print the embedded default configuration",
        details: "The configuration tactile uses when there is no file: a commented start for your own.",
        operand: nil,
        options: [CommandOption("--default", "print the embedded default configuration")],
        parse: { arguments throws(UsageError) in try ConfigCommand(&arguments) })

    static let `import` = CommandDescription(
        name: "import",
        synopsis: ["import FILE [--from libinput-gestures|fusuma|touchegg]"],
        summary: "convert a libinput-gestures, fusuma or Touchégg configuration into Tactile's, on stdout",
        details: """
            Writes the bindings the file's gestures become, each under a comment naming the line it came
            from and what it does differently. Every line with no equivalent is reported on stderr as
            FILE:LINE: what it said: why, and the exit status is then 1. The format is told by the
            file's content unless --from names it.
            """,
        operand: .file("FILE"),
        options: [
            CommandOption("--from", value: .words(ImportFormat.allCases.map(\.rawValue)),
                          "the file's format, when its content does not tell"),
        ],
        parse: { arguments throws(UsageError) in try ImportCommand(&arguments) })

    static let help = CommandDescription(
        name: "help",
        synopsis: ["help [COMMAND]"],
        summary: "print the usage of tactile, or of one command with its options",
        details: "The same as tactile --help, or tactile COMMAND --help.",
        operand: OptionValue(placeholder: "COMMAND", completion: .command),
        options: [],
        parse: { arguments throws(UsageError) in try HelpCommand(&arguments) })
}

extension ReplayCommand: RunnableCommand {}
extension RunCommand: RunnableCommand {}
extension ListenCommand: RunnableCommand {}
extension DevicesCommand: RunnableCommand {}
extension RecordCommand: RunnableCommand {}
extension CheckCommand: RunnableCommand {}
extension ConfigCommand: RunnableCommand {}
extension ImportCommand: RunnableCommand {}
