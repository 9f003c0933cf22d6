import Foundation
import Glibc
import TactileSystem
import Testing

/// The daemon (`tactile run`) started as a real process, with a recording as its input device,
/// real Unix-socket clients, real bound commands and real signals.
@Suite("tactile run as a daemon", .serialized)
struct DaemonTests {
    let directory = temporaryDirectory()
    var socket: String { directory.appendingPathComponent("tactile.sock").path }

    @Test("several clients get every line; a stalled one and one that hangs up (never counted) are dropped; exit 0")
    func socketClients() throws {
        let name = "evd-wacom-dth2242-finger.evemu"
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/\(name)", "--speed", "0", "--socket", socket,
             "--await-clients", "3", "--client-queue-limit", "65536"], directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let attributes = try FileManager.default.attributesOfItem(atPath: socket)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let stalled = RawClient(path: socket)
        let hangsUp = RawClient(path: socket)
        hangsUp.close()
        let first = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "first")
        let second = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "second")
        defer { stalled.close() }

        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(first.wait(seconds: 10) == 0 && second.wait(seconds: 10) == 0)
        let expected = try expectedOutput(name)
        #expect(first.output == expected)
        #expect(second.output == expected)
        #expect(daemon.errors.contains("2 socket clients were dropped"), "\(daemon.errors)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("--socket-group makes the socket 0660 and gives it to that group")
    func socketGroup() throws {
        let group = try #require(getgrgid(getgid())).pointee
        let name = String(cString: group.gr_name)
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-egalax-pcap.tap.events", "--desc", "Recordings/evd-egalax-pcap.desc",
             "--socket", socket, "--socket-group", name, "--await-clients", "1"], directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        var status = stat()
        #expect(stat(socket, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o660)
        #expect(status.st_gid == group.gr_gid)
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "client")
        #expect(client.wait(seconds: 10) == 0 && daemon.wait(seconds: 10) == 0)
        #expect(client.output.contains(#""gesture":"tap","phase":"ended""#))
    }

    @Test("an unknown --socket-group is refused before anything starts")
    func unknownGroup() throws {
        let run = try TactileRun(["run", "--replay", "Recordings/evd-egalax-pcap.tap.events", "--socket", socket,
                                  "--socket-group", "no-such-group-here"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("--socket-group no-such-group-here: no such group"))
    }

    @Test("bindings run with the gesture in their environment; a hanging one is killed and reaped")
    func bindings() throws {
        let log = directory.appendingPathComponent("taps.log").path
        let config = directory.appendingPathComponent("config")
        try """
            [bindings]
            tap => sh -c 'echo "$TACTILE_GESTURE $TACTILE_COUNT $TACTILE_FINGERS" >> \(log)'
            tap count=1 timeout=300ms => sleep 30
            tap count=2 => /nonexistent/command
            """.write(to: config, atomically: true, encoding: .utf8)
        let started = Date()
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu", "--speed", "0",
             "--config", config.path, "--bindings"], directory: directory, name: "daemon")
        #expect(daemon.wait(seconds: 20) == 0, "\(daemon.errors)")
        #expect(Date().timeIntervalSince(started) < 10)
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").sorted()
        #expect(lines == ["tap 1 1", "tap 2 1", "tap 2 1", "tap 2 1", "tap 2 1"])
        #expect(daemon.errors.contains("cannot start /nonexistent/command: No such file or directory"))
        let killed = try #require(daemon.errors.split(separator: "\n").first { $0.contains("ran past its timeout") })
        #expect(killed.contains("sleep (pid "))
        let pid = Int32(killed.split(separator: "pid ")[1].prefix { $0.isNumber })!
        #expect(!processExists(pid), "the timed-out command is still there")
        // Without a socket, the stream goes to stdout.
        #expect(daemon.output == (try expectedOutput("evd-atmel-maxtouch.1-finger-fast-taps.evemu")))
    }

    @Test("tactile listen --bindings runs the user's bindings from the daemon's stream")
    func clientBindings() throws {
        let log = directory.appendingPathComponent("drags.log").path
        let config = directory.appendingPathComponent("config")
        try """
            [bindings]
            drag fingers=4 direction=down => sh -c 'echo "$TACTILE_FINGERS $TACTILE_DIRECTION" >> \(log)'
            drag phase=changed every=5mm => sh -c 'echo "step $TACTILE_DY" >> \(log)'
            """.write(to: config, atomically: true, encoding: .utf8)
        let name = "evd-atmel-maxtouch.4-finger-drag-down.evemu"
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/\(name)", "--speed", "0", "--socket", socket, "--await-clients", "1"],
            directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config.path],
                                           directory: directory, name: "client")
        #expect(daemon.wait(seconds: 10) == 0)
        #expect(client.wait(seconds: 10) == 0, "\(client.errors)")
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        // The commands run concurrently, so the drag's end may be logged before its last step.
        #expect(lines.filter { !$0.hasPrefix("step ") } == ["4 down"])
        // Steps fire where the drag's translation first reaches 5 mm beyond the last step; the
        // commands run concurrently, so compare the sets of translations.
        var expectedSteps: [String] = []
        var baseline: Double?
        for line in try expectedOutput(name).split(separator: "\n") where line.contains(#""gesture":"drag""#) {
            func field(_ name: String) -> Double { Double(line.split(separator: "\"\(name)\":")[1].prefix { $0 != "," })! }
            let distance = (field("dx") * field("dx") + field("dy") * field("dy")).squareRoot()
            if line.contains(#""phase":"began""#) { baseline = distance; continue }
            guard line.contains(#""phase":"changed""#), let start = baseline, distance - start >= 5 else { continue }
            expectedSteps.append("step " + String(line.split(separator: "\"dy\":")[1].prefix { $0 != "," }))
            baseline = distance
        }
        #expect(expectedSteps.count >= 5)
        #expect(lines.filter { $0.hasPrefix("step") }.map(String.init).sorted() == expectedSteps.sorted())
    }

    @Test("a broken configuration on SIGHUP is rejected with file:line:column and the old one kept")
    func badReload() throws {
        let log = directory.appendingPathComponent("taps.log").path
        let config = directory.appendingPathComponent("config")
        try "[bindings]\ntap => sh -c 'echo tap >> \(log)'\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu", "--speed", "0.5",
             "--config", config.path, "--bindings"], directory: directory, name: "daemon")
        // The first tap's command ran: the daemon read the configuration and is replaying.
        #expect(waitUntil { !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").isEmpty }, "\(daemon.errors)")
        try "[bindings]\ntap => echo\n[gestures]\nx = swipe\n".write(to: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.wait(seconds: 20) == 0, "\(daemon.errors)")
        #expect(daemon.errors.contains("\(config.path):4:5: expected a gesture"), "\(daemon.errors)")
        #expect(daemon.errors.contains("keeping the configuration in use"))
        let taps = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(taps.count == 5)
    }

    @Test("a good configuration on SIGHUP during a gesture cancels it; the fingers still moving start afresh")
    func reloadDuringGesture() throws {
        let config = directory.appendingPathComponent("config")
        try "[tuning]\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu", "--speed", "0.2",
             "--config", config.path], directory: directory, name: "daemon")
        // The drag began (0.19 s into the recording, 0.97 s at a fifth of the speed).
        #expect(waitUntil { daemon.output.contains(#""phase":"began""#) }, "\(daemon.errors)")
        daemon.signal(SIGHUP)
        #expect(daemon.wait(seconds: 20) == 0, "\(daemon.errors)")
        func field(_ name: String, _ line: Substring) -> String {
            String(line.split(separator: "\"\(name)\":")[1].prefix { $0 != "," }).replacingOccurrences(of: "\"", with: "")
        }
        let lines = daemon.output.split(separator: "\n")
        let cancelled = try #require(lines.firstIndex { field("phase", $0) == "cancelled" }, "\(daemon.output)")
        #expect(field("phase", lines[0]) == "began" && field("seq", lines[0]) == "1")
        #expect(lines[..<cancelled].allSatisfy { field("seq", $0) == "1" && field("phase", $0) != "ended" })
        // After the reload, the four fingers still on the surface are a new attempt.
        #expect(lines[(cancelled + 1)...].allSatisfy { field("seq", $0) == "2" })
        #expect(daemon.errors.contains("configuration reloaded"))
    }

    @Test("SIGTERM during a gesture ends it with cancelled, flushes, and exits 0 promptly")
    func terminateMidGesture() throws {
        let daemon = try BackgroundTactile(
            ["run", "--replay", "Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu", "--speed", "0.2"],
            directory: directory, name: "daemon")
        #expect(waitUntil { daemon.output.contains(#""phase":"began""#) }, "\(daemon.errors)")
        let signalled = Date()
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 5) == 0)
        #expect(Date().timeIntervalSince(signalled) < 1)
        let lines = daemon.output.split(separator: "\n")
        #expect(lines.first?.contains(#""gesture":"drag","phase":"began""#) == true)
        #expect(lines.last?.contains(#""gesture":"drag","phase":"cancelled""#) == true, "\(daemon.output)")
    }

    @Test("socket activation: systemd's socket is served, and readiness is notified")
    func socketActivation() throws {
        let notifications = NotificationSocket(path: directory.appendingPathComponent("notify").path)
        defer { notifications.close() }
        let name = "evd-atmel-maxtouch.4-finger-drag-down.evemu"
        let activator = try BackgroundTactile(
            ["-l", socket, "-E", "NOTIFY_SOCKET=\(notifications.path)"] + sanitizerOptions + [TactileRun.executable, "run", "--replay", "Recordings/\(name)", "--speed", "0",
             "--await-clients", "1"],
            directory: directory, name: "activator", executable: "/usr/bin/systemd-socket-activate")
        #expect(waitForSocket(socket))
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "client")
        #expect(client.wait(seconds: 20) == 0, "\(activator.errors)")
        #expect(client.output == (try expectedOutput(name)))
        #expect(activator.wait(seconds: 10) == 0)
        #expect(notifications.received().contains("READY=1"))
    }
}

/// systemd-socket-activate gives its child a fresh environment: a sanitizer's options (under
/// `scripts/sanitize`) must be passed on by name, or the child runs with the defaults.
let sanitizerOptions = ["ASAN_OPTIONS", "TSAN_OPTIONS"]
    .filter { ProcessInfo.processInfo.environment[$0] != nil }
    .flatMap { ["-E", $0] }

/// A datagram socket standing in for systemd's notification socket.
final class NotificationSocket {
    let path: String
    let descriptor: Int32

    init(path: String) {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        _ = UnixSocketAddress(path)?.withSockaddr { bind(descriptor, $0, $1) }
    }

    /// Every message received so far.
    func received() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { return messages }
            messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
    }

    func close() {
        Glibc.close(descriptor)
        unlink(path)
    }
}
