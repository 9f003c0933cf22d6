import Foundation
import TactileSystem

/// tactile: a gesture recognition engine for Linux touchpads and touchscreens.
let usage = """
    usage: tactile replay FILE [--desc FILE] [--config FILE] [--frames] [--size WIDTHxHEIGHT] [--svg OUT.svg]
           tactile run [--device PATH]... [--seat SEAT] [--touchpad-source raw|libinput|both] [--verbose]
                       [--replay FILE [--desc FILE] [--speed X] [--await-clients N]]
                       [--socket PATH [--socket-group GROUP] [--client-queue-limit BYTES]]
                       [--config FILE] [--bindings]
           tactile listen [--socket PATH] [--once] [--bindings [--config FILE]]
           tactile devices [--device PATH]... [--seat SEAT]
           tactile record [--device PATH] [--seat SEAT] -o FILE
           tactile check [FILE]
           tactile config --default
           tactile help

    replay   print the gestures in a recording (evemu, libinput record YAML, evtest) as JSON Lines
    run      the daemon: gestures of live touch devices (seat0, or the --device nodes) or of a paced
             recording, as JSON Lines on stdout or to every client of a Unix socket
    listen   print the daemon's stream, or run the commands bound to gestures (--bindings);
             reconnects when the daemon goes away, unless --once
    devices  list the touch devices: node, kind, name, size, slots, raw contacts
    record   write what a touch device sends as libinput record YAML, until Ctrl-C
    check    validate a configuration file (the one in use when none is named)
    config   print the embedded default configuration
    """

// A reader that went away (`tactile run | head -1`, a closed stderr) makes write() fail with
// EPIPE, which each writer reports; the default SIGPIPE would kill the process on the spot,
// leaving its socket file behind. Bound commands get the default back (CommandRunner).
signal(SIGPIPE, SIG_IGN)

// The long-running commands take their signals on the event loop; block them before any thread
// exists, or a thread Foundation starts could take SIGHUP and die of it.
if ["run", "listen", "record"].contains(CommandLine.arguments.dropFirst().first) { EventLoop.blockHandledSignals() }

var arguments = Arguments(CommandLine.arguments.dropFirst())
do {
    switch arguments.next() {
    case "replay"?: try ReplayCommand(&arguments).run()
    case "run"?: try RunCommand(&arguments).run()
    case "devices"?: try DevicesCommand(&arguments).run()
    case "record"?: try RecordCommand(&arguments).run()
    case "listen"?: try ListenCommand(&arguments).run()
    case "check"?: try CheckCommand(&arguments).run()
    case "config"?: try ConfigCommand(&arguments).run()
    case "help"?, "--help"?, "-h"?: print(usage)
    case let other?: throw UsageError("unknown command '\(other)'")
    case nil: throw UsageError("missing command")
    }
} catch let error as UsageError {
    StandardError.write("tactile: \(error.message)\n\(usage)\n")
    exit(2)
} catch {
    StandardError.write("tactile: \(error)\n")
    exit(1)
}
