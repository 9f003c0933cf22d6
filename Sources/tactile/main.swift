import Foundation

/// tactile: a gesture recognition engine for Linux touchpads and touchscreens.
let usage = """
    usage: tactile replay FILE [--desc FILE] [--frames] [--size WIDTHxHEIGHT]
           tactile run [--device PATH]... [--seat SEAT] [--touchpad-source raw|libinput|both] [--verbose]
           tactile devices [--device PATH]... [--seat SEAT]
           tactile help

    replay   print the gestures in a recording (evemu, libinput record YAML, evtest) as JSON Lines
    run      print the gestures of live touch devices (seat0, or the --device nodes) as JSON Lines
    devices  list the touch devices: node, kind, name, size, slots, raw contacts
    """

var arguments = Arguments(CommandLine.arguments.dropFirst())
do {
    switch arguments.next() {
    case "replay"?: try ReplayCommand(&arguments).run()
    case "run"?: try RunCommand(&arguments).run()
    case "devices"?: try DevicesCommand(&arguments).run()
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
