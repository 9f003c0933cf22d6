import Foundation
import Glibc
import TactileSystem
import Testing

/// The daemon's socket under what users and the system do to it: a second daemon on the same
/// path, files in the way, clients that leave without a word, and running out of descriptors.
@Suite("the daemon's socket, robustly", .serialized)
struct SocketRobustnessTests {
    let directory = temporaryDirectory()
    var socket: String { directory.appendingPathComponent("tactile.sock").path }
    /// A daemon that waits for more clients than any test connects: it idles, serving nothing.
    func idleDaemon(name: String = "daemon", prefix: [String] = [], awaiting: Int = 1000) throws -> BackgroundTactile {
        let arguments = ["run", "--replay", "Recordings/evd-egalax-pcap.tap.events", "--desc",
                         "Recordings/evd-egalax-pcap.desc", "--socket", socket, "--await-clients", "\(awaiting)"]
        guard !prefix.isEmpty else { return try BackgroundTactile(arguments, directory: directory, name: name) }
        return try BackgroundTactile(prefix + [TactileRun.executable] + arguments, directory: directory, name: name,
                                     executable: "/usr/bin/prlimit")
    }

    @Test("a second daemon on a served socket is refused and leaves the first one serving")
    func secondDaemonRefused() throws {
        let first = try idleDaemon()
        #expect(waitForSocket(socket))
        let second = try TactileRun(["run", "--replay", "Recordings/evd-egalax-pcap.tap.events", "--desc",
                                     "Recordings/evd-egalax-pcap.desc", "--socket", socket])
        #expect(second.status == 1)
        #expect(second.standardError.contains("\(socket): another daemon is serving this socket"), "\(second.standardError)")
        // The first still has its socket file and accepts on it.
        let client = RawClient(path: socket)
        defer { client.close() }
        #expect(client.isConnected)
        first.signal(SIGTERM)
        #expect(first.wait(seconds: 10) == 0, "\(first.errors)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("a stale socket (nobody listening: connect is refused) is replaced")
    func staleSocketReplaced() throws {
        // A socket bound and closed without unlink: what a killed daemon leaves.
        let stale = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(UnixSocketAddress(socket)!.withSockaddr { bind(stale, $0, $1) } == 0)
        Glibc.close(stale)
        let probe = RawClient(path: socket)
        #expect(probe.connectError == ECONNREFUSED)
        probe.close()

        let daemon = try idleDaemon(awaiting: 1)
        // Replaced: the kernel lists a socket bound to the path (a stale file has none).
        #expect(waitForSocket(socket))
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "client")
        #expect(client.wait(seconds: 20) == 0, "\(client.errors)")
        #expect(daemon.wait(seconds: 10) == 0, "\(daemon.errors)")
        #expect(client.output == (try expectedOutput("evd-egalax-pcap.tap.events")))
    }

    @Test("anything that is not a socket is never removed", arguments: ["file", "directory", "symlink", "fifo"])
    func notASocketKept(kind: String) throws {
        let target = directory.appendingPathComponent("precious")
        try "keep me\n".write(to: target, atomically: true, encoding: .utf8)
        switch kind {
        case "file": try "keep me\n".write(toFile: socket, atomically: true, encoding: .utf8)
        case "directory": try FileManager.default.createDirectory(atPath: socket, withIntermediateDirectories: false)
        case "symlink": try FileManager.default.createSymbolicLink(atPath: socket, withDestinationPath: target.path)
        default: #expect(mkfifo(socket, 0o600) == 0)
        }
        let run = try TactileRun(["run", "--replay", "Recordings/evd-egalax-pcap.tap.events", "--desc",
                                  "Recordings/evd-egalax-pcap.desc", "--socket", socket])
        #expect(run.status == 1)
        #expect(run.standardError.contains("not a socket: refusing to replace it"), "\(run.standardError)")
        var status = stat()
        #expect(lstat(socket, &status) == 0, "\(socket) was removed")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
    }

    @Test("clients that connect and leave are closed while the daemon idles, not kept until the next line")
    func departedClientsClosed() throws {
        let daemon = try idleDaemon()
        #expect(waitForSocket(socket))
        let pid = daemon.process.processIdentifier
        // The socket exists once the daemon's own descriptors are open (the recording it loads
        // next is closed again), so this is at least what it holds with no client.
        let baseline = ProcessProbe.openDescriptors(pid)
        for _ in 0..<300 { RawClient(path: socket).close() }
        let settled = waitUntil(seconds: 10) { ProcessProbe.openDescriptors(pid) <= baseline }
        #expect(settled, "the daemon holds \(ProcessProbe.openDescriptors(pid)) descriptors, \(baseline) before 300 clients came and went")
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 10) == 0, "\(daemon.errors)")
    }

    @Test("a client that only shut down its writing side is still served, and its end of file does not spin the daemon")
    func halfClosedClient() throws {
        let daemon = try idleDaemon(awaiting: 2)
        #expect(waitForSocket(socket))
        let pid = daemon.process.processIdentifier
        let withoutClients = ProcessProbe.openSockets(pid)
        let halfClosed = RawClient(path: socket)
        defer { halfClosed.close() }
        #expect(shutdown(halfClosed.descriptor, Int32(SHUT_WR)) == 0)
        #expect(waitUntil { ProcessProbe.openSockets(pid) > withoutClients })
        let before = ProcessProbe.cpuSeconds(pid)
        usleep(2_000_000)
        let used = ProcessProbe.cpuSeconds(pid) - before
        #expect(used < 0.1, "the daemon used \(used) s of CPU in 2 s holding a half-closed client")
        // The second client starts the replay: both get every line.
        let other = RawClient(path: socket)
        defer { other.close() }
        let expected = try expectedOutput("evd-egalax-pcap.tap.events")
        #expect(halfClosed.readToEnd() == expected)
        #expect(other.readToEnd() == expected)
        #expect(daemon.wait(seconds: 20) == 0, "\(daemon.errors)")
    }

    @Test("--await-clients counts only clients still connected")
    func awaitCountsLiveClients() throws {
        let daemon = try idleDaemon(awaiting: 1)
        #expect(waitForSocket(socket))
        // Stopped, the daemon cannot accept the first client before it leaves: when it wakes, a
        // client that already left is pending, and must not start the replay.
        daemon.signal(SIGSTOP)
        RawClient(path: socket).close()
        daemon.signal(SIGCONT)
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "client")
        #expect(client.wait(seconds: 20) == 0, "\(client.errors)")
        #expect(daemon.wait(seconds: 10) == 0, "\(daemon.errors)")
        #expect(client.output == (try expectedOutput("evd-egalax-pcap.tap.events")))
    }

    @Test("out of descriptors, the daemon backs off instead of spinning, and accepts again once it can")
    func outOfDescriptors() throws {
        let clientCount = 40
        // 24 descriptors: the daemon's own and room for a few clients, far fewer than connect.
        // The hard limit stays higher, so the test may raise the soft one later.
        let daemon = try idleDaemon(prefix: ["--nofile=24:4096"], awaiting: clientCount)
        #expect(waitForSocket(socket))
        let pid = daemon.process.processIdentifier
        var clients: [RawClient] = []
        for _ in 0..<clientCount { clients.append(RawClient(path: socket)) }
        defer { clients.forEach { $0.close() } }
        #expect(clients.allSatisfy { $0.isConnected })
        #expect(waitUntil { daemon.errors.contains("cannot accept a client (EMFILE") }, "\(daemon.errors)")

        let before = ProcessProbe.cpuSeconds(pid)
        usleep(5_000_000)
        let used = ProcessProbe.cpuSeconds(pid) - before
        print("CPU of a daemon holding more clients than descriptors: \(used) s in 5 s (\(used / 5 * 100) %)")
        #expect(used < 0.25, "the daemon used \(used) s of CPU in 5 s while out of descriptors")

        // Descriptors free up (here: the limit is raised): the waiting clients are accepted,
        // the replay starts, and every client gets every line.
        let raised = Process()
        raised.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        raised.arguments = ["--pid", "\(pid)", "--nofile=1024:4096"]
        try raised.run()
        raised.waitUntilExit()
        #expect(raised.terminationStatus == 0)
        #expect(daemon.wait(seconds: 20) == 0, "\(daemon.errors)")
        let expected = try expectedOutput("evd-egalax-pcap.tap.events")
        for client in clients { #expect(client.readToEnd() == expected) }
    }
}
