import Glibc
import TactileSystem

/// tactile: a gesture recognition engine for Linux touchpads and touchscreens.

// A reader that went away (`tactile run | head -1`, a closed stderr) makes write() fail with
// EPIPE, which each writer reports; the default SIGPIPE would kill the process on the spot,
// leaving its socket file behind. Bound commands get the default back (CommandRunner).
signal(SIGPIPE, SIG_IGN)

// The long-running commands take their signals on the event loop; block them before any thread
// exists, or a thread a library starts (libinput's, sd-bus's) could take SIGHUP and die of it.
if ["run", "listen", "record"].contains(CommandLine.arguments.dropFirst().first) { EventLoop.blockHandledSignals() }

// The command's own locals, not globals: without Concurrency imported (Package.swift), top-level
// variables would be unisolated shared state, which Swift 6 refuses.
func runCommand() {
    var arguments = Arguments(CommandLine.arguments.dropFirst())
    var command: CommandDescription?
    do {
        switch arguments.next() {
        case "--help"?, "-h"?:
            StandardOutput.write(HelpText.overview)
        case "--version"?:
            StandardOutput.write("tactile \(Version.current)\n")
        case let name?:
            guard let described = CommandDescription.named(name) else { throw UsageError("unknown command '\(name)'") }
            command = described
            switch try ArgumentCheck.check(CommandLine.arguments.dropFirst(2), for: described) {
            case .help: StandardOutput.write(HelpText.command(described))
            case .parse: try described.parse(&arguments).run()
            }
        case nil: throw UsageError("missing command")
        }
    } catch let error as UsageError {
        let usage = command.map { HelpText.synopsis($0, prefix: "usage: ").joined(separator: "\n")
            + "\n'tactile \($0.name) --help' lists its options." } ?? HelpText.overview
        StandardError.write("tactile: \(error.message)\n\(usage)\n")
        exit(2)
    } catch is ReaderWentAway {
        ReaderWentAway.endQuietly()
    } catch {
        StandardError.write("tactile: \(error)\n")
        exit(1)
    }
}

runCommand()
