import Foundation
import Glibc
import TactileSystem
import Testing

/// Regressions for what an adversarial afternoon did to the daemon and its client (issue 20):
/// each test is one of its items, run as a user would, with real processes, sockets and signals.
@Suite("reliability: what an adversarial user does", .serialized)
struct ReliabilityTests {
    let directory = temporaryDirectory()
    var socket: String { directory.appendingPathComponent("tactile.sock").path }
    let taps = "evd-atmel-maxtouch.1-finger-fast-taps.evemu"

    func write(_ text: String, to name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    // MARK: 3. Long operator chains

    @Test("a 50,000-operator chain is an error with file:line:column in check, replay and a SIGHUP reload")
    func longOperatorChain() throws {
        let chain = "[gestures]\ng = " + Array(repeating: "tap", count: 50_001).joined(separator: " then ") + "\n"
        let config = try write(chain, to: "chain.conf")
        let check = try TactileRun(["check", config])
        #expect(check.status == 1)
        #expect(check.standardError.contains("\(config):2:297: more than 32 then/else/with/or in one gesture"),
                "\(check.standardError)")
        let replay = try TactileRun(["replay", "Recordings/\(taps)", "--config", config])
        #expect(replay.status == 1 && replay.standardError.contains("more than 32"), "\(replay.standardError)")

        // The running daemon keeps its configuration.
        let live = try write("[tuning]\n", to: "live.conf")
        let daemon = try BackgroundTactile(["run", "--replay", "Recordings/\(taps)", "--socket", socket,
                                            "--await-clients", "1000", "--config", live], directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        try chain.write(toFile: live, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(waitUntil { daemon.errors.contains("keeping the configuration in use") }, "\(daemon.errors)")
        #expect(daemon.errors.contains("more than 32 then/else/with/or"))
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 10) == 0, "\(daemon.errors)")
    }

    // MARK: 4. Numbers from outside

    @Test("--speed out of range is a usage error, not a trap", arguments: ["1e-20", "-1", "1e9", "nan", "inf"])
    func speedOutOfRange(speed: String) throws {
        let run = try TactileRun(["run", "--replay", "Recordings/\(taps)", "--speed", speed])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--speed expects 0 (as fast as possible) or a factor from 0.001 to 1000, got '\(speed)'"),
                "\(run.standardError)")
    }

    @Test("a recording whose clock jumps by 9e12 s under --speed 0.5 ends with an error naming the file")
    func clockJump() throws {
        let original = try String(contentsOf: TactileRun.repository.appendingPathComponent("Recordings/\(taps)"),
                                  encoding: .utf8)
        // One more frame, empty (every finger is up), 9e12 s after the last.
        let lines = original.split(separator: "\n").map(String.init) + ["E: 9000000000001.934008 0000 0000 0000"]
        let recording = try write(lines.joined(separator: "\n") + "\n", to: "jump.evemu")
        let daemon = try BackgroundTactile(["run", "--replay", recording, "--speed", "0.5"], directory: directory,
                                           name: "daemon")
        #expect(daemon.wait(seconds: 20) == 1, "\(daemon.errors)")
        #expect(daemon.errors.contains("\(recording): an event 9000000000001.9"), "\(daemon.errors)")
        #expect(daemon.errors.contains("is further away than --speed 0.5 can wait for"))
    }

    @Test("a recording at the latest time the evemu reader accepts, with a 2 s long-press, replays and ends")
    func latestTimeWithALongPress() throws {
        // The corpus's two-finger press moved to end at 9223372036853.999999 s, the latest time a line may hold.
        let original = try String(contentsOf: TactileRun.repository.appendingPathComponent(
            "Recordings/evd-atmel-maxtouch.2-fingers-touch-release.evemu"), encoding: .utf8)
        let times = original.split(separator: "\n").filter { $0.hasPrefix("E: ") }.map { line in
            line.split(separator: " ")[1].split(separator: ".").reduce(Int64(0)) { $0 * 1_000_000 + Int64($1)! }
        }
        let shift = 9_223_372_036_853_999_999 - times.last!
        var index = 0
        let moved = original.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("E: ") else { return String(line) }
            let fields = line.split(separator: " ")
            let time = times[index] + shift
            index += 1
            let fraction = String(time % 1_000_000)
            return "E: \(time / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count) + fraction) "
                + fields[2...].joined(separator: " ")
        }
        let recording = try write(moved.joined(separator: "\n"), to: "latest.evemu")
        let config = try write("[tuning]\nlong-press.minimum-duration = 2s\n", to: "long-press.conf")
        let replay = try BackgroundTactile(["replay", recording, "--config", config], directory: directory, name: "replay")
        #expect(replay.wait(seconds: 20) == 0, "\(replay.errors)")
        // Held 0.8 s of the 2 s it needs: no long-press, and nothing else either.
        #expect(!replay.output.contains("long-press"), "\(replay.output.prefix(500))")
    }

    @Test("listen --bindings skips lines with numbers out of range, says why, and runs the good ones")
    func listenNumbersOutOfRange() throws {
        let log = directory.appendingPathComponent("seqs.log").path
        let config = try write("[bindings]\ntap => sh -c 'echo $TACTILE_SEQ $TACTILE_FINGERS >> \(log)'\n", to: "config")
        let fake = ScriptedDaemon(path: socket)
        defer { fake.close() }
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config],
                                           directory: directory, name: "client")
        #expect(fake.serveOnce("""
            {"time":1.0,"seq":-1,"gesture":"tap","phase":"ended","fingers":1,"count":1}
            {"time":1.0,"seq":2,"gesture":"tap","phase":"ended","fingers":1e300,"count":1}
            {"time":1e400,"seq":3,"gesture":"tap","phase":"ended","fingers":1,"count":1}
            {"time":2.0,"seq":4,"gesture":"tap","phase":"ended","fingers":2,"count":1}

            """))
        #expect(client.wait(seconds: 10) == 0, "\(client.errors)")
        #expect(client.errors.contains(#"line 1: "seq": expected a whole number from 0 to 9007199254740992; skipped"#),
                "\(client.errors)")
        #expect(client.errors.contains(#"line 2: "fingers": expected a whole number from 0 to 10; skipped"#))
        #expect(client.errors.contains(#"line 3: "time": expected seconds within ±9007199254; skipped"#))
        #expect(waitUntil { contents(log) == "4 2\n" }, "\(contents(log))")
    }

    // MARK: 5. Signals and pipes

    /// A pipe whose reading end is already closed: writing to the other end fails with EPIPE.
    func pipeWithoutReader() -> Int32 {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        Glibc.close(ends[0])
        return ends[1]
    }

    /// Runs a replaying daemon (no socket: the stream is its stdout) writing to `output`; returns
    /// how it ended and its stderr.
    func runDaemon(standardOutput output: FileHandle) throws -> (process: Process, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TactileRun.executable)
        process.arguments = ["run", "--replay", "Recordings/\(taps)", "--speed", "0"]
        process.currentDirectoryURL = TactileRun.repository
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process, message)
    }

    @Test("a stdout whose reader left is an error exit, not death by SIGPIPE")
    func closedStandardOutput() throws {
        let output = pipeWithoutReader()
        defer { Glibc.close(output) }
        let (process, errors) = try runDaemon(standardOutput: FileHandle(fileDescriptor: output, closeOnDealloc: false))
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 1)
        #expect(errors.contains("cannot write to standard output: EPIPE"), "\(errors)")
    }

    @Test("a full stdout (/dev/full) is an error exit, not every line lost with exit 0")
    func fullStandardOutput() throws {
        let (process, errors) = try runDaemon(standardOutput: try #require(FileHandle(forWritingAtPath: "/dev/full")))
        #expect(process.terminationStatus == 1)
        #expect(errors.contains("cannot write to standard output: ENOSPC"), "\(errors)")
    }

    @Test("a closed stderr does not kill the daemon at its next log line")
    func closedStandardError() throws {
        let errors = pipeWithoutReader()
        defer { Glibc.close(errors) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TactileRun.executable)
        process.arguments = ["run", "--replay", "Recordings/\(taps)", "--socket", socket, "--await-clients", "1000"]
        process.currentDirectoryURL = TactileRun.repository
        process.standardError = FileHandle(fileDescriptor: errors, closeOnDealloc: false)
        try process.run()
        #expect(waitForSocket(socket))
        kill(process.processIdentifier, SIGHUP)  // logs "configuration reloaded"
        kill(process.processIdentifier, SIGHUP)
        let client = RawClient(path: socket)  // answered only while the daemon lives
        defer { client.close() }
        #expect(client.isConnected)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket file was left behind")
    }

    @Test("SIGTERM with a binding that ignores SIGTERM: a short grace, then its group is killed")
    func terminateWithStubbornBinding() throws {
        let pidFile = directory.appendingPathComponent("pid").path
        let config = try write("[bindings]\ntap timeout=60s => sh -c 'trap \"\" TERM; echo $$ > \(pidFile); sleep 60'\n",
                               to: "config")
        let daemon = try BackgroundTactile(["run", "--replay", "Recordings/\(taps)", "--speed", "0.2", "--bindings",
                                            "--config", config], directory: directory, name: "daemon")
        #expect(waitUntil(seconds: 60) { !contents(pidFile).isEmpty }, "\(daemon.errors)")
        let binding = try #require(Int32(contents(pidFile).trimmingCharacters(in: .whitespacesAndNewlines)))
        let signalled = Date()
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 10) == 0, "\(daemon.errors)")
        #expect(Date().timeIntervalSince(signalled) < 3, "the daemon waited for the binding's own timeout")
        #expect(ProcessProbe.members(ofGroup: binding).isEmpty, "the binding's group is still there")
    }

    @Test("--speed 0 still answers SIGTERM while a long recording is fed")
    func speedZeroAnswersSignals() throws {
        let recording = directory.appendingPathComponent("long.evemu").path
        try writeRepeatedRecording("evd-atmel-maxtouch.4-finger-drag-down.evemu", times: 2_000, to: recording)
        let daemon = try BackgroundTactile(["run", "--replay", recording, "--speed", "0", "--socket", socket,
                                            "--await-clients", "1"], directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let client = RawClient(path: socket)  // starts the replay, and never reads
        defer { client.close() }
        #expect(client.waitForData(seconds: 60), "the replay did not start")  // under way: the feed takes seconds
        let signalled = Date()
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(Date().timeIntervalSince(signalled) < 2, "SIGTERM waited \(Date().timeIntervalSince(signalled)) s")
    }

    // MARK: 6. Bindings' output

    @Test("a binding's stdout goes to the log, never into the JSON stream")
    func bindingOutputKeptOutOfStream() throws {
        let config = try write("[bindings]\ntap => echo not-json-from-a-binding\n", to: "config")
        let daemon = try BackgroundTactile(["run", "--replay", "Recordings/\(taps)", "--speed", "0", "--bindings",
                                            "--config", config], directory: directory, name: "daemon")
        #expect(daemon.wait(seconds: 20) == 0, "\(daemon.errors)")
        #expect(daemon.output == (try expectedOutput(taps)))
        #expect(daemon.errors.components(separatedBy: "not-json-from-a-binding").count - 1 == 5, "\(daemon.errors)")
    }

    // MARK: 7. listen after the daemon dies

    @Test("listen reconnects when the daemon dies and a new one comes, says so, and ends on SIGTERM")
    func listenReconnects() throws {
        let first = try BackgroundTactile(["run", "--replay", "Recordings/\(taps)", "--socket", socket,
                                           "--await-clients", "1000"], directory: directory, name: "first")
        #expect(waitForSocket(socket))
        // The socket listens before the recording is read, so count sockets, not descriptors.
        let pid = first.process.processIdentifier
        let withoutClients = ProcessProbe.openSockets(pid)
        let client = try BackgroundTactile(["listen", "--socket", socket], directory: directory, name: "client")
        // The daemon holds one more descriptor once it accepted the client.
        #expect(waitUntil { ProcessProbe.openSockets(pid) > withoutClients })
        first.signal(SIGKILL)  // a crash: the socket file stays, stale
        _ = first.wait(seconds: 5)
        #expect(waitUntil { client.errors.contains("the daemon at \(socket) closed the stream; reconnecting") },
                "\(client.errors)")
        let second = try BackgroundTactile(["run", "--replay", "Recordings/\(taps)", "--speed", "0", "--socket", socket,
                                            "--await-clients", "1"], directory: directory, name: "second")
        #expect(second.wait(seconds: 20) == 0, "\(second.errors)")
        #expect(waitUntil { client.output == (try? expectedOutput(taps)) }, "\(client.output)")
        #expect(client.errors.contains("connected to \(socket) again"), "\(client.errors)")
        #expect(client.process.isRunning, "listen ended when the daemon went away")
        client.signal(SIGTERM)
        #expect(client.wait(seconds: 5) == 0)
    }

    @Test("listen --once waits for a socket not there yet, saying so with the cause, and ends on SIGTERM")
    func listenWaitsForAMissingSocket() throws {
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "client")
        let cause = "cannot connect to \(socket): ENOENT (No such file or directory) (is the daemon running?); trying again"
        let deadline = Date().addingTimeInterval(10)
        while !client.errors.contains(cause) && Date() < deadline { usleep(20_000) }
        #expect(client.errors.contains(cause), "\(client.errors)")
        #expect(client.process.isRunning)
        client.signal(SIGTERM)
        #expect(client.wait(seconds: 5) == 0)
    }

    @Test("listen --once's connect errors say the real cause", arguments: [
        ("stale", "ECONNREFUSED (Connection refused) (is the daemon running?)"),
        ("long", "a socket path must be shorter than 108 bytes"),
    ])
    func listenConnectErrors(kind: String, cause: String) throws {
        var path = socket
        switch kind {
        case "stale":
            let stale = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            _ = UnixSocketAddress(path)!.withSockaddr { bind(stale, $0, $1) }
            Glibc.close(stale)
        case "long": path = "/tmp/" + String(repeating: "x", count: 120)
        default: break
        }
        let run = try TactileRun(["listen", "--once", "--socket", path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot connect to \(path): \(cause)"), "\(run.standardError)")
    }

    // MARK: 8. Where the configuration is

    @Test("SIGHUP finds a configuration created after the start")
    func configurationCreatedLater() throws {
        let home = directory.appendingPathComponent("config-home")
        let daemon = try BackgroundTactile(["run", "--replay", "Recordings/\(taps)", "--socket", socket,
                                            "--await-clients", "1000"], directory: directory, name: "daemon",
                                           environment: ["XDG_CONFIG_HOME": home.path])
        #expect(waitForSocket(socket))
        try FileManager.default.createDirectory(at: home.appendingPathComponent("tactile"), withIntermediateDirectories: true)
        let file = home.appendingPathComponent("tactile/config").path
        try "[tuning]\ntap.maximum-movement = 4mm\n".write(toFile: file, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(waitUntil { daemon.errors.contains("\(file): configuration reloaded") }, "\(daemon.errors)")
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 10) == 0)
    }

    @Test("XDG_CONFIG_HOME=\"\" counts as unset: ~/.config is used")
    func emptyConfigHome() throws {
        let home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/tactile"),
                                                withIntermediateDirectories: true)
        try "[tuning]\n".write(to: home.appendingPathComponent(".config/tactile/config"), atomically: true, encoding: .utf8)
        let check = try TactileRun(["check"], environment: ["XDG_CONFIG_HOME": "", "HOME": home.path])
        #expect(check.status == 0)
        #expect(check.standardOutput.hasPrefix("\(home.path)/.config/tactile/config: OK"), "\(check.standardOutput)")
    }

    // MARK: 9. Smaller

    @Test("--client-queue-limit has a floor")
    func queueLimitFloor() throws {
        let run = try TactileRun(["run", "--replay", "Recordings/\(taps)", "--socket", socket, "--client-queue-limit", "1"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--client-queue-limit expects bytes, at least 4096 (a few lines), got '1'"))
    }

    @Test("record's errors name the file")
    func recordErrorsNameTheFile() throws {
        let run = try TactileRun(["record", "--device", "/nonexistent/event9", "-o", directory.appendingPathComponent("x.yml").path])
        #expect(run.status == 1)
        #expect(run.standardError.contains("/nonexistent/event9"), "\(run.standardError)")
    }

    @Test("a binding's background grandchild is killed with its group at the timeout, and at the daemon's exit")
    func backgroundGrandchildren() throws {
        let early = directory.appendingPathComponent("early").path
        let late = directory.appendingPathComponent("late").path
        // The commands exit at once, leaving a sleep behind in their process group.
        let config = try write("""
            [bindings]
            tap count=2 timeout=300ms => sh -c 'sleep 60 & echo $! >> \(early)'
            tap count=1 timeout=60s => sh -c 'sleep 60 & echo $! >> \(late)'
            """, to: "config")
        let daemon = try BackgroundTactile(["run", "--replay", "Recordings/\(taps)", "--speed", "0.25", "--bindings",
                                            "--config", config], directory: directory, name: "daemon")
        #expect(waitUntil(seconds: 30) { !contents(early).isEmpty }, "\(daemon.errors)")
        let grandchild = try #require(contents(early).split(separator: "\n").first.flatMap { Int32($0) })
        #expect(waitUntil(seconds: 5) { !processExists(grandchild) || isZombie(grandchild) },
                "the timed-out binding's background process still runs")
        #expect(daemon.errors.contains("left processes running past its timeout: killed"), "\(daemon.errors)")
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        let lateOnes = contents(late).split(separator: "\n").compactMap { Int32($0) }
        #expect(lateOnes.count == 1)
        #expect(waitUntil(seconds: 5) { lateOnes.allSatisfy { !processExists($0) || isZombie($0) } },
                "a binding's background process outlived the daemon")
    }
}

/// Whether `pid` has exited and only waits for its parent (here: init) to reap it.
func isZombie(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")")
    else { return true }
    return stat[stat.index(after: end)...].split(separator: " ").first == "Z"
}
