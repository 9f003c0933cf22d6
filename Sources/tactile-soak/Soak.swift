import Glibc

/// The daemon under a session's worth of everything at once, for `inputMinutes` of recorded
/// input replayed `speed` times faster: socket clients and D-Bus peers connecting, some reading
/// and some stalling, then leaving; a configuration swapped and reloaded every few seconds; and
/// `listen --bindings` typing through an emulated uinput for every drag. Its descriptors and
/// memory are read at the start, the middle and the end, and must not grow; the two clients that
/// stay must get the same lines, every gesture that began ended or was cancelled, the keyboard
/// must type once for every drag that ended and leave no key down.
struct Soak {
    let tactile: String
    let repository: String
    let inputMinutes: Double
    let speed: Double

    /// How much the daemon's RSS may grow, in KiB, between the start and the end.
    static let residentSlack = 4096
    /// The corpus recording repeated: a 2.2 s one-finger drag.
    static let recording = "Recordings/evd-atmel-maxtouch.1-finger-drag-up-down.evemu"
    /// What the bound keys type: KEY_T for every drag that ended (with ctrl), KEY_LEFTSHIFT held
    /// from a drag's beginning to its end.
    static let typedKey = "20"

    /// Runs it, prints the figures; whether everything held.
    func run() -> Bool {
        var template = Array("/tmp/tactile-soak-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fail("cannot make a scratch directory") }
        let directory = String(cString: made)
        let recording = directory + "/soak.evemu"
        let repetitions = SoakRecording.write(from: repository + "/" + Self.recording, minutes: inputMinutes, to: recording)
        let config = directory + "/daemon.conf"
        let variants = ["[tuning]\ndrag.minimum-distance = 6mm\n", "[tuning]\ndrag.minimum-distance = 5mm\n"]
        writeText(variants[0], to: config)
        let keys = directory + "/keys.conf"
        writeText("[bindings]\ndrag phase=began => key-down leftshift\ndrag => key ctrl+t\n", to: keys)
        let socket = directory + "/tactile.sock"
        let busName = "tactile-soak-\(getpid())"

        let daemon = ChildProcess([tactile, "run", "--replay", recording, "--speed", "\(speed)", "--socket", socket,
                                   "--touchegg", "unix:abstract=\(busName)", "--await-clients", "3", "--config", config],
                                  directory: directory, name: "daemon")
        var stayers: [SoakClient] = []
        let connectBy = now() + 10
        while stayers.count < 2 && now() < connectBy && daemon.isRunning {
            if let client = SoakClient(socketPath: socket, keeps: true) { stayers.append(client) } else { usleep(20_000) }
        }
        guard stayers.count == 2 else { fail("the daemon did not listen at \(socket): \(daemon.errors)") }
        let keyboard = EmulatedKeyboard(repository: repository, directory: directory)
        let listener = ChildProcess([tactile, "listen", "--once", "--socket", socket, "--bindings", "--config", keys],
                                    directory: directory, name: "listen", environment: keyboard.environment)
        let replayStarts = now() + 10
        while stayers[0].received.isEmpty && now() < replayStarts { Self.keepReading(stayers, for: 0.01) }
        let started = now()
        let start = ProcessFigures(of: daemon.processID)
        let duration = inputMinutes * 60 / speed

        var visitors: [(client: SoakClient, leaves: Double, reads: Bool)] = []
        var socketVisitors = 0, busVisitors = 0, hangUps = 0, tick = 0
        var middle: ProcessFigures?
        while now() < started + duration - 3 && daemon.isRunning {
            tick += 1
            stayers.forEach { $0.readAvailable() }
            // A visitor every 100 ms, on the socket and on D-Bus in turn; half read, the others
            // never do; each stays 0.1–2 s.
            let visitor = tick % 2 == 0 ? SoakClient(socketPath: socket) : SoakClient(abstractName: busName)
            if let visitor {
                visitors.append((visitor, now() + 0.1 * Double(tick % 20 + 1), tick % 4 < 2))
                if tick % 2 == 0 { socketVisitors += 1 } else { busVisitors += 1 }
            }
            for visitor in visitors where visitor.reads { visitor.client.readAvailable() }
            visitors.removeAll { visitor in
                guard visitor.leaves < now() else { return false }
                visitor.client.close()
                return true
            }
            // A configuration swapped and reloaded every 3 s.
            if tick % 30 == 0 {
                hangUps += 1
                writeText(variants[hangUps % 2], to: config)
                daemon.signal(SIGHUP)
            }
            if middle == nil && now() > started + duration / 2 { middle = ProcessFigures(of: daemon.processID) }
            Self.keepReading(stayers, for: 0.1)
        }
        visitors.forEach { $0.client.close() }
        // Quiet again: what the visitors held is let go.
        let settleBy = now() + 2
        var end = ProcessFigures(of: daemon.processID)
        while (end.descriptors > start.descriptors) && now() < settleBy {
            Self.keepReading(stayers, for: 0.05)
            end = ProcessFigures(of: daemon.processID)
        }
        let elapsed = now() - started

        let stayersEnd = now() + 60
        while !stayers.allSatisfy(\.closed) && now() < stayersEnd { Self.keepReading(stayers, for: 0.05) }
        let daemonStatus = daemon.wait(seconds: 10)
        let listenerStatus = listener.wait(seconds: 10)

        let lines = String(decoding: stayers[0].received, as: UTF8.self).split(separator: "\n")
        func drags(_ phase: String) -> Int {
            let field = Array(#""gesture":"drag","phase":"\#(phase)""#.utf8)
            return lines.count { line in
                let bytes = Array(line.utf8)
                return bytes.count >= field.count
                    && (0...(bytes.count - field.count)).contains { bytes[$0..<($0 + field.count)].elementsEqual(field) }
            }
        }
        let (began, ended, cancelled) = (drags("began"), drags("ended"), drags("cancelled"))
        let (presses, leftDown) = keyboard.keys()
        let typing = "EV_KEY \(Self.typedKey) 1"
        let typed = readText(keyboard.log).split(separator: "\n").count { $0 == typing[...] }
        // Lines one stayer got and the other did not: both stayed from the first line to the last.
        let otherLines = String(decoding: stayers[1].received, as: UTF8.self).split(separator: "\n")
        let lost = stayers[0].received == stayers[1].received ? 0 : max(1, abs(lines.count - otherLines.count))
        let unended = began - ended - cancelled
        let untyped = ended - typed

        print("""
            tactile-soak: \(format(inputMinutes)) min of input (\(repetitions) drags) at \(format(speed))×, \
            \(format(elapsed)) s: \(socketVisitors) socket and \(busVisitors) D-Bus visitors, \(hangUps) SIGHUPs
              daemon at the start:  \(start)
              daemon at the middle: \(middle.map { "\($0)" } ?? "not reached")
              daemon at the end:    \(end)
              lines: \(lines.count) to each stayer, \(lost) lost; drags began \(began), ended \(ended), cancelled \(cancelled)
              keys: \(presses) pressed, \(typed) typed for \(ended) ended drags, \(leftDown) left down
            """)
        var failures: [String] = []
        if daemonStatus != 0 { failures.append("the daemon exited \(daemonStatus.map(String.init) ?? "never"): \(daemon.errors)") }
        if listenerStatus != 0 { failures.append("listen exited \(listenerStatus.map(String.init) ?? "never"): \(listener.errors)") }
        if end.descriptors > start.descriptors { failures.append("descriptors grew") }
        for figures in [middle, end].compactMap({ $0 }) where figures.residentKilobytes > start.residentKilobytes + Self.residentSlack {
            failures.append("RSS grew by more than \(Self.residentSlack) KiB")
        }
        if lost > 0 { failures.append("lines lost") }
        if unended != 0 { failures.append("\(unended) drags never ended") }
        if untyped != 0 { failures.append("\(untyped) ended drags typed nothing") }
        if leftDown > 0 { failures.append("keys left down") }
        if hangUps == 0 || busVisitors == 0 { failures.append("too short to reload or to serve D-Bus: give more input minutes") }
        print(failures.isEmpty ? "  passed" : "  failed: " + failures.joined(separator: "; "))
        return failures.isEmpty
    }

    /// Reads what reaches `clients` as it comes, for `seconds`: a stayer keeps up with the
    /// stream, as a client that is dropped for falling behind would lose lines.
    private static func keepReading(_ clients: [SoakClient], for seconds: Double) {
        let until = now() + seconds
        var entries = clients.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        while now() < until {
            _ = poll(&entries, nfds_t(entries.count), Int32(max(1, (until - now()) * 1_000)))
            clients.forEach { $0.readAvailable() }
        }
    }

    private func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
