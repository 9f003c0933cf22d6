import Foundation
import Glibc
import TactileCore
import TactileFocus
import TactileSystem
import Testing

/// Compositors that accept and then misbehave (issue 42): a reply trickling a byte every half
/// second, one that never ends, a connection dropped right after every handshake. Each is a
/// real Unix socket served by a thread of the test.
@Suite("Focus sources against misbehaving compositors", .serialized)
struct MisbehavingCompositorTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-focus-\(UUID().uuidString)").path

    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

    /// Hyprland's two sockets: the event socket held open and silent, the query socket served
    /// by `answer` after the request is read.
    func hyprland(answer: @escaping @Sendable (Int32) -> Void) throws -> [SocketStandIn] {
        [try SocketStandIn(path: directory + "/.socket2.sock") { connection in SocketStandIn.waitUntilClosed(connection) },
         try SocketStandIn(path: directory + "/.socket.sock") { connection in
            var request = [UInt8](repeating: 0, count: 256)
            _ = recv(connection, &request, request.count, 0)
            answer(connection)
         }]
    }

    @Test("a Hyprland reply trickling a byte every 0.5 s fails the query within its one deadline")
    func tricklingReply() throws {
        let standIns = try hyprland { connection in
            for byte in Array(#"{"class":"firefox","title":"x"}"#.utf8) {
                guard send(connection, [byte], 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                usleep(500_000)
            }
        }
        defer { standIns.forEach { $0.stop() } }
        let start = monotonicNow()
        #expect(throws: FocusError.self) { _ = try HyprlandFocusProtocol(instanceDirectory: directory).connect() }
        let elapsed = monotonicNow() - start
        #expect(elapsed < .seconds(3), "the query took \(elapsed.seconds) s")
    }

    @Test("a Hyprland reply that never ends is refused at its size cap")
    func endlessReply() throws {
        let standIns = try hyprland { connection in
            let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
            // 64 MiB at most, so a reader without a cap ends too, with the wrong error.
            for _ in 0..<1024 where send(connection, chunk, chunk.count, Int32(MSG_NOSIGNAL)) > 0 {}
        }
        defer { standIns.forEach { $0.stop() } }
        do {
            _ = try HyprlandFocusProtocol(instanceDirectory: directory).connect()
            Issue.record("an endless reply was taken")
        } catch {
            #expect(error.description.contains("a reply of more than 1048576 bytes"),
                    "\(error)")
        }
    }

    @Test("reconnecting to a compositor that trickles its reply never holds the loop: timers keep firing on time")
    func handshakeOffTheLoop() throws {
        let eventConnections = Counter(), queries = Counter()
        let events = try SocketStandIn(path: directory + "/.socket2.sock") { connection in
            // The first event stream ends at once, so a reconnection follows.
            if eventConnections.next() == 1 { usleep(100_000) } else { SocketStandIn.waitUntilClosed(connection) }
        }
        let query = try SocketStandIn(path: directory + "/.socket.sock") { connection in
            var request = [UInt8](repeating: 0, count: 256)
            _ = recv(connection, &request, request.count, 0)
            let reply = Array(#"{"class":"foot"}"#.utf8)
            if queries.next() == 1 {
                _ = send(connection, reply, reply.count, Int32(MSG_NOSIGNAL))
                return
            }
            for byte in reply {
                guard send(connection, [byte], 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                usleep(500_000)
            }
        }
        defer { [events, query].forEach { $0.stop() } }
        let loop = try EventLoop()
        defer { loop.removeAllHandlers() }
        let source = FocusSource(HyprlandFocusProtocol(instanceDirectory: directory), loop: loop) { _ in }
        var ticks: [Instant] = []
        var tick: EventLoop.Timer!
        tick = loop.addTimer {
            ticks.append(monotonicNow())
            try? loop.setDeadline(monotonicNow() + .milliseconds(50), for: tick)
        }
        try loop.setDeadline(monotonicNow(), for: tick)
        let stop = loop.addTimer { loop.stop() }
        try loop.setDeadline(monotonicNow() + .seconds(5), for: stop)
        source.start()
        #expect(source.application == "foot")
        try loop.run()
        let longestGap = zip(ticks, ticks.dropFirst()).map { $1 - $0 }.max() ?? .zero
        #expect(queries.value >= 2, "no reconnection was tried")
        #expect(longestGap < .milliseconds(500), "the loop was held for \(longestGap.seconds) s")
    }

    @Test("a compositor that drops every connection after its handshake is retried with a growing delay")
    func backOffKeepsGrowing() throws {
        let path = directory + "/sway.sock"
        let standIn = try SocketStandIn(path: path) { connection in
            for (type, payload) in [(I3IPCMessage.getTree, #"{"id":1,"focused":true,"app_id":"foot"}"#),
                                    (I3IPCMessage.subscribe, #"{"success":true}"#)] {
                var request = [UInt8](repeating: 0, count: 256)
                guard recv(connection, &request, request.count, 0) > 0 else { return }
                let reply = I3IPCMessage(type: type, payload).bytes
                guard send(connection, reply, reply.count, Int32(MSG_NOSIGNAL)) == reply.count else { return }
            }
        }
        defer { standIn.stop() }
        let loop = try EventLoop()
        defer { loop.removeAllHandlers() }
        var log: [String] = []
        let source = FocusSource(SwayFocusProtocol(name: "sway", socketPath: path), loop: loop) { log.append($0) }
        let stop = loop.addTimer { loop.stop() }
        try loop.setDeadline(monotonicNow() + .seconds(5), for: stop)
        source.start()
        try loop.run()
        // 100 ms, 200, 400, 800, 1600, then 2 s apart: 7 in 5 s; reset after each connect, 49.
        #expect((3...9).contains(standIn.connections), "\(standIn.connections) connections in 5 s: \(log)")
    }
}

/// A Unix socket server on a thread of its own: each connection is served by `serve` on another
/// thread, then closed.
final class SocketStandIn: @unchecked Sendable {
    private let listener: Int32
    private let lock = NSLock()
    private var accepted = 0
    private var stopped = false

    var connections: Int { lock.withLock { accepted } }

    init(path: String, serve: @escaping @Sendable (Int32) -> Void) throws {
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard let address = UnixSocketAddress(path), address.withSockaddr({ bind(listener, $0, $1) }) == 0,
            listen(listener, 64) == 0
        else { throw Errno(rawValue: errno) }
        let thread = Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                lock.withLock { accepted += 1 }
                Thread {
                    serve(connection)
                    close(connection)
                }.start()
            }
        }
        thread.start()
    }

    /// Stops accepting; connections being served end with their `serve`.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    /// Blocks until the peer closes `connection`.
    static func waitUntilClosed(_ connection: Int32) {
        var byte: UInt8 = 0
        while recv(connection, &byte, 1, 0) > 0 {}
    }
}

/// A count shared with the stand-ins' threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Counts one more; the count now.
    func next() -> Int { lock.withLock { count += 1; return count } }

    var value: Int { lock.withLock { count } }
}
