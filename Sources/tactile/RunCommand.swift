import TactileCore
import TactileLinux
import TactileOutput

/// `tactile run [--seat SEAT] [--device PATH]... [--touchpad-source raw|libinput|both] [--verbose]`: recognises gestures on live devices and
/// prints them as JSON Lines on stdout, one write per line. SIGINT and SIGTERM end gestures in
/// flight with `cancelled`, flush, and exit 0.
struct RunCommand {
    var seat = "seat0"
    var devicePaths: [String] = []
    var verbose = false
    var touchpadSources = LiveInput.TouchpadSources.both

    init(_ arguments: inout Arguments) throws(UsageError) {
        while let argument = arguments.next() {
            switch argument {
            case "--device": devicePaths.append(try arguments.value(for: argument))
            case "--seat": seat = try arguments.value(for: argument)
            case "--verbose": verbose = true
            case "--touchpad-source":
                switch try arguments.value(for: argument) {
                case "raw": touchpadSources = .raw
                case "libinput": touchpadSources = .libinput
                case "both": touchpadSources = .both
                case let other: throw UsageError("--touchpad-source expects raw, libinput or both, got '\(other)'")
                }
            default: throw UsageError("unknown option '\(argument)' for run")
            }
        }
    }

    func run() throws {
        let loop = try EventLoop()
        let input = try LiveInput(devicePaths.isEmpty ? .seat(seat) : .devices(devicePaths), loop: loop,
                                  touchpadSources: touchpadSources, verbose: verbose)
        var encoders: [Int: JSONLinesEncoder] = [:]
        // One buffer for every line: encoding and writing allocate nothing once it has grown.
        var line: [UInt8] = []
        line.reserveCapacity(512)
        input.onDeviceAdded = { id, info in
            encoders[id] = JSONLinesEncoder(deviceName: info.name)
            StandardError.write("tactile: \(info.node): \(info.kind.rawValue) \"\(info.name)\"\n")
        }
        input.onDeviceRemoved = { id in
            encoders[id] = nil
        }
        input.onGesture = { id, event in
            guard let encoder = encoders[id] else { return }
            line.removeAll(keepingCapacity: true)
            encoder.encode(event, into: &line)
            do {
                try FileDescriptor.standardOutput.writeAll(line[...])
            } catch {
                StandardError.write("tactile: cannot write to standard output: \(error)\n")
                loop.stop()
            }
        }
        input.onWarning = { StandardError.write("tactile: \($0)\n") }
        loop.onSignal = { signal in
            switch signal {
            case .interrupt, .terminate:
                input.finish()
                loop.stop()
            case .hangUp:
                StandardError.write("tactile: SIGHUP: no configuration file is in use, nothing to reload\n")
            case .childExited:
                break
            }
        }
        try input.start()
        try loop.run()
    }
}
