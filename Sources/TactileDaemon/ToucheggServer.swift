import CSystemdBus
import Glibc
import TactileCore
import TactileProtocol
import TactileSystem

/// Touchégg's peer-to-peer D-Bus server (no bus daemon): clients connect to its address,
/// authenticate, and receive `OnGestureBegin`, `OnGestureUpdate` and `OnGestureEnd` from
/// `/io/github/joseexposito/Touchegg`; they call no methods. Spoken through sd-bus (libsystemd),
/// each connection a server-mode `sd_bus` on a socket this server accepted itself, so a peer's
/// credentials are checked (`ReaderPolicy`) before a single D-Bus byte is read: a refused peer
/// is disconnected and logged. sd-bus leaves that check to its caller ("they should have checked
/// SO_PEERCRED before even creating the bus object", `bus-socket.c`), then accepts an `EXTERNAL`
/// authentication only for the uid the kernel reported.
///
/// Everything runs on the daemon's event loop, no thread. sd-bus never touches a client's
/// socket: it reads and writes two socket pairs of the server's, and the server moves the bytes
/// between them and the client through buffers of its own, so every byte a peer can make the
/// daemon hold is counted (sd-bus queued replies to a client that called Ping and never read them
/// without end: 329 MB). A client's bytes are followed by `DBusInboundFraming`, which refuses a
/// message longer than a client has reason to send before sd-bus allocates it. What waits for
/// a client — signals, replies — may be at most `queueLimit` bytes; what all clients make the
/// server hold, at most `totalLimit`. A client over either is disconnected and logged, as a
/// socket client that stops reading is; none ever delays recognition or the others.
public final class ToucheggServer {
    /// What all clients together may make the server hold by default.
    public static let defaultTotalLimit = 16 << 20

    public let address: DBusUnixAddress
    private let policy: ReaderPolicy
    private let loop: EventLoop
    private let log: (String) -> Void
    /// Bytes that may wait for one client.
    private let queueLimit: Int
    /// Bytes all clients together may make the server hold.
    private let totalLimit: Int
    /// Where a client's bytes land when read: one buffer, as one loop reads them all.
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    private let listening: Int32
    private var listener: ConnectionListener?
    private let serverID: sd_id128_t
    private var connections: [Connection] = []
    private var timeoutTimer: EventLoop.Timer?
    /// Clients dropped because they stopped reading or went away.
    public private(set) var droppedClientCount = 0
    /// Called when a client finished authenticating (for `--await-clients`).
    public var onClientReady: () -> Void = {}

    /// One client: its socket, read and written by the server, and the sd-bus server connection
    /// that speaks D-Bus to it through the server's ends of two socket pairs.
    final class Connection {
        /// The client's socket.
        let descriptor: Int32
        let bus: OpaquePointer
        /// The server's end of sd-bus's input: what the client sent goes in here.
        let busInput: Int32
        /// The server's end of sd-bus's output: what sd-bus writes for the client comes out here.
        let busOutput: Int32
        let peer: PeerCredentials
        var registration: EventLoop.Registration?
        /// Authenticated: signals go to it.
        var ready = false
        var framing = DBusInboundFraming()
        /// Read from the client, not yet taken by sd-bus's input: while it holds anything, the
        /// client is not read, so the kernel holds the rest.
        var inbound: ByteRing
        /// Written by sd-bus for the client (replies, signals), sent to its socket, and queued
        /// while the socket does not take it.
        var outbound: ClientQueue
        var watching: EventLoop.Readiness = .readable

        init(descriptor: Int32, bus: OpaquePointer, busInput: Int32, busOutput: Int32, peer: PeerCredentials,
             queueLimit: Int) {
            self.descriptor = descriptor
            self.bus = bus
            self.busInput = busInput
            self.busOutput = busOutput
            self.peer = peer
            inbound = ByteRing(limit: DBusInboundFraming.largestMessage)
            outbound = ClientQueue(FileDescriptor(rawValue: descriptor), limit: queueLimit)
        }

        /// What the server holds for it: its buffers, and at most one message's worth in sd-bus.
        var heldBytes: Int { inbound.count + outbound.waitingCount }
    }

    /// Listens at `address` (a path socket is created 0600, or 0660 for `group`'s members, as the
    /// JSON socket is) and serves on `loop` from now on.
    public init(address: DBusUnixAddress, policy: ReaderPolicy, queueLimit: Int = SocketServer.defaultQueueLimit,
                totalLimit: Int = ToucheggServer.defaultTotalLimit, loop: EventLoop, log: @escaping (String) -> Void)
        throws(SocketError) {
        self.address = address
        self.policy = policy
        self.loop = loop
        self.log = log
        self.queueLimit = queueLimit
        self.totalLimit = totalLimit
        guard let socketAddress = UnixSocketAddress(address.socketName) else {
            throw SocketError("\(address): a socket name must be shorter than 108 bytes")
        }
        var file: String?
        if case .path(let path) = address.location { file = path }
        let descriptor = try ListeningSocket.open(socketAddress, file: file, name: "\(address)",
                                                  group: policy.group.map { ($0, "\($0)") },
                                                  bindHint: " (is Touchégg's daemon running?)")
        listening = descriptor
        var id = sd_id128_t()
        _ = sd_id128_randomize(&id)
        serverID = id
        do {
            listener = try ConnectionListener(FileDescriptor(rawValue: descriptor), loop: loop) { [unowned self] in acceptPending() }
        } catch {
            Glibc.close(descriptor)
            throw SocketError("watch \(address): \(error)")
        }
        listener?.onShortage = { _ in
            log("D-Bus clients wait: out of file descriptors; trying again whenever one leaves, "
                + "and every \(ConnectionListener.retryDelay.seconds) s")
        }
        timeoutTimer = loop.addTimer { [unowned self] in
            for connection in connections { pump(connection) }
            enforceTotalLimit()
            rearmTimeout()
        }
    }

    /// Authenticated clients.
    public var clientCount: Int { connections.count(where: \.ready) }

    /// Sends `signal` to every authenticated client.
    public func send(_ signal: Touchegg.Signal) {
        for connection in connections where connection.ready {
            if !send(signal, to: connection) { drop(connection, because: "went away") }
        }
        enforceTotalLimit()
    }

    /// Waits up to `timeoutMilliseconds` for every queued signal to be taken, then drops whoever
    /// still has some: used at exit, so clients that keep reading get every signal.
    public func drain(timeoutMilliseconds: Int32) {
        var remaining = timeoutMilliseconds
        while remaining > 0 {
            let waiting = connections.filter(hasUnsentSignals)
            if waiting.isEmpty { break }
            var descriptors = waiting.map { pollfd(fd: $0.descriptor, events: Int16(POLLOUT), revents: 0) }
            let started = monotonicNow()
            _ = poll(&descriptors, nfds_t(descriptors.count), remaining)
            for connection in waiting { pump(connection) }
            remaining -= Int32((monotonicNow() - started).microseconds / 1_000)
        }
        for connection in connections where hasUnsentSignals(connection) {
            drop(connection, because: "did not take its last signals")
        }
    }

    /// Disconnects every client and stops listening.
    public func close() {
        for connection in connections { disconnect(connection) }
        connections.removeAll()
        listener?.stop()
        listener = nil
        if let timeoutTimer { try? loop.setDeadline(nil, for: timeoutTimer) }
        Glibc.close(listening)
        if case .path(let path) = address.location { unlink(path) }
    }

    /// How soon bytes that sd-bus's input did not take are offered again.
    static let inboundRetryDelay = Interval.milliseconds(10)

    /// Accepts every pending connection whose peer `policy` admits.
    private func acceptPending() -> AcceptOutcome {
        while true {
            let descriptor: Int32
            do {
                guard let accepted = try FileDescriptor(rawValue: listening).acceptConnection() else { return .noneLeft }
                descriptor = accepted.rawValue
            } catch {
                return AcceptOutcome(acceptFailure: error)
            }
            let peer: PeerCredentials
            do { peer = try PeerCredentials(ofPeer: descriptor) } catch {
                log("D-Bus client refused: its credentials could not be read (\(error))")
                Glibc.close(descriptor)
                continue
            }
            guard policy.admits(peer) else {
                log("D-Bus client refused (\(peer)): only \(policy.description) may read gestures")
                Glibc.close(descriptor)
                continue
            }
            connect(descriptor, peer: peer)
        }
    }

    /// Makes an sd-bus server connection for an accepted socket, on two socket pairs, and starts
    /// its authentication.
    private func connect(_ descriptor: Int32, peer: PeerCredentials) {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        let pairType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, pairType, 0, &input) == 0 else {
            log("D-Bus client (\(peer)) dropped: socketpair: \(Errno(rawValue: errno))")
            Glibc.close(descriptor)
            return
        }
        guard socketpair(AF_UNIX, pairType, 0, &output) == 0 else {
            log("D-Bus client (\(peer)) dropped: socketpair: \(Errno(rawValue: errno))")
            [descriptor, input[0], input[1]].forEach { _ = Glibc.close($0) }
            return
        }
        var made: OpaquePointer?
        guard sd_bus_new(&made) >= 0, let bus = made else {
            log("D-Bus client (\(peer)) dropped: sd_bus_new failed")
            [descriptor, input[0], input[1], output[0], output[1]].forEach { _ = Glibc.close($0) }
            return
        }
        var result = sd_bus_set_fd(bus, input[1], output[1])
        if result >= 0 { result = sd_bus_set_server(bus, 1, serverID) }
        // sd-bus would check an EXTERNAL authentication's uid against its input's peer, which is
        // now this process: the client's own credentials were checked on its socket (`policy`),
        // so any uid it names is taken, as sd-bus does with anonymous authentication on.
        if result >= 0 { result = sd_bus_set_anonymous(bus, 1) }
        // Descriptors passed over the client's socket are not read with it, so none are offered.
        if result >= 0 { result = sd_bus_negotiate_fds(bus, 0) }
        if result >= 0 { result = sd_bus_start(bus) }  // from here on, sd-bus owns input[1] and output[1]
        guard result >= 0 else {
            log("D-Bus client (\(peer)) dropped: \(String(cString: strerror(-result)))")
            sd_bus_close(bus)
            sd_bus_unref(bus)
            [descriptor, input[0], output[0]].forEach { _ = Glibc.close($0) }
            return
        }
        let connection = Connection(descriptor: descriptor, bus: bus, busInput: input[0], busOutput: output[0], peer: peer,
                                    queueLimit: queueLimit)
        do {
            connection.registration = try loop.register(FileDescriptor(rawValue: descriptor)) { [unowned self, unowned connection] in
                pump(connection)
                enforceTotalLimit()
                rearmTimeout()
            }
        } catch {
            log("D-Bus client (\(peer)) dropped: \(error)")
            sd_bus_close(bus)
            sd_bus_unref(bus)
            [descriptor, input[0], output[0]].forEach { _ = Glibc.close($0) }
            return
        }
        connections.append(connection)
        pump(connection)
        rearmTimeout()
    }

    /// Moves bytes as far as they go now: from the client through its framing to sd-bus's input,
    /// sd-bus's reading, writing and authenticating, and from sd-bus's output to the client.
    /// A client that breaks a bound, closes, or fails authentication is dropped.
    private func pump(_ connection: Connection) {
        guard connections.contains(where: { $0 === connection }) else { return }
        do throws(ClientFailure) {
            try readClient(connection)
            // Each round moves what the socket pairs took; a few rounds empty them.
            for _ in 0..<8 {
                let moved = try flushInbound(connection)
                var result: Int32
                repeat { result = sd_bus_process(connection.bus, nil) } while result > 0
                guard result >= 0, sd_bus_is_open(connection.bus) > 0 else {
                    throw ClientFailure(connection.ready ? "disconnected" : "left before authenticating")
                }
                let drained = try drainOutput(connection)
                try flushOutbound(connection)
                if moved == 0 && drained == 0 { break }
            }
        } catch {
            drop(connection, because: error.reason)
            return
        }
        if !connection.ready, sd_bus_is_ready(connection.bus) > 0 {
            connection.ready = true
            log("D-Bus client connected (\(connection.peer))")
            onClientReady()
        }
        updateInterest(connection)
    }

    /// Why a client is dropped.
    private struct ClientFailure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Reads what the client sent, at most what its inbound buffer holds, while nothing it sent
    /// before waits for sd-bus.
    private func readClient(_ connection: Connection) throws(ClientFailure) {
        let most = min(scratch.count, connection.inbound.limit)
        let client = FileDescriptor(rawValue: connection.descriptor)
        while connection.inbound.isEmpty {
            let read: Int?
            do {
                read = try scratch.withUnsafeMutableBytes { buffer throws(Errno) in
                    try client.receiveWithoutWaiting(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<most]))
                }
            } catch {
                read = 0
            }
            guard let count = read else { return }  // nothing more for now
            guard count > 0 else { throw ClientFailure(connection.ready ? "disconnected" : "left before authenticating") }
            do {
                try connection.framing.take(scratch[..<count])
            } catch {
                throw ClientFailure("sent \(error)")
            }
            // One read's worth at most: it fits the empty ring.
            _ = connection.inbound.append(scratch[..<count])
        }
    }

    /// Writes what the client sent to sd-bus's input; returns how many bytes went.
    private func flushInbound(_ connection: Connection) throws(ClientFailure) -> Int {
        do {
            return try connection.inbound.send(to: FileDescriptor(rawValue: connection.busInput))
        } catch {
            throw ClientFailure("sd-bus's input failed: \(error)")
        }
    }

    /// Sends what sd-bus wrote for the client on to it, queueing what its socket does not take;
    /// more than `queueLimit` waiting is a client that stopped reading. Returns how many bytes came.
    private func drainOutput(_ connection: Connection) throws(ClientFailure) -> Int {
        var drained = 0
        let busOutput = FileDescriptor(rawValue: connection.busOutput)
        while true {
            // Nothing more, or sd-bus closed its end: what came is all there is.
            guard let count = try? scratch.withUnsafeMutableBytes({ buffer throws(Errno) in try busOutput.receiveWithoutWaiting(into: buffer) }),
                  count > 0 else { return drained }
            let delivery = scratch.withUnsafeBytes { connection.outbound.send(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            switch delivery {
            case .accepted: drained += count
            case .gone: throw ClientFailure(connection.ready ? "went away" : "left before authenticating")
            case .overflowed(let waiting): throw ClientFailure("stopped reading (\(waiting) bytes waiting, more than \(queueLimit))")
            }
        }
    }

    /// Writes what waits for the client to its socket, as far as the socket takes it.
    private func flushOutbound(_ connection: Connection) throws(ClientFailure) {
        guard connection.outbound.flush() == nil else {
            throw ClientFailure(connection.ready ? "went away" : "left before authenticating")
        }
    }

    /// Drops the client holding the most while all together hold more than `totalLimit`.
    private func enforceTotalLimit() {
        while true {
            let held = connections.reduce(0) { $0 + $1.heldBytes }
            guard held > totalLimit, let largest = connections.max(by: { $0.heldBytes < $1.heldBytes }) else { return }
            drop(largest, because: "the clients held \(held) bytes, more than the \(totalLimit) all may; it held the most, "
                     + "\(largest.heldBytes)")
        }
    }

    private func send(_ signal: Touchegg.Signal, to connection: Connection) -> Bool {
        var made: OpaquePointer?
        guard sd_bus_message_new_signal(connection.bus, &made, Touchegg.objectPath, Touchegg.interface,
                                        signal.member.rawValue) >= 0, let message = made else { return false }
        defer { sd_bus_message_unref(message) }
        var type = signal.type.rawValue, direction = signal.direction.rawValue, percentage = signal.percentage
        var fingers = signal.fingers, device = signal.device.rawValue, elapsed = signal.elapsedMilliseconds
        // The signature `uudiut`, one argument at a time (sd_bus_message_append is variadic).
        guard sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &type) >= 0,
              sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &direction) >= 0,
              sd_bus_message_append_basic(message, CChar(UInt8(ascii: "d")), &percentage) >= 0,
              sd_bus_message_append_basic(message, CChar(UInt8(ascii: "i")), &fingers) >= 0,
              sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &device) >= 0,
              sd_bus_message_append_basic(message, CChar(UInt8(ascii: "t")), &elapsed) >= 0,
              sd_bus_send(connection.bus, message, nil) >= 0
        else { return false }
        guard sd_bus_is_open(connection.bus) > 0 else { return false }
        do {
            _ = try drainOutput(connection)
            try flushOutbound(connection)
        } catch {
            drop(connection, because: error.reason)
            return true
        }
        updateInterest(connection)
        return true
    }

    /// Whether bytes wait for the client: in its queue, or still in sd-bus (sd_bus_get_events
    /// asks for POLLOUT exactly then). Only asked of an open bus: a closing one aborts the call.
    private func hasUnsentSignals(_ connection: Connection) -> Bool {
        !connection.outbound.isEmpty
            || (sd_bus_is_open(connection.bus) > 0 && sd_bus_get_events(connection.bus) & Int32(POLLOUT) != 0)
    }

    /// Watches the client for input while nothing it sent waits for sd-bus, and for room in its
    /// socket while something waits for it.
    private func updateInterest(_ connection: Connection) {
        var interest: EventLoop.Readiness = []
        if connection.inbound.isEmpty { interest.insert(.readable) }
        if hasUnsentSignals(connection) { interest.insert(.writable) }
        guard interest != connection.watching, let registration = connection.registration else { return }
        connection.watching = interest
        try? loop.modify(registration, watching: interest)
    }

    /// The timer is armed at the earliest of sd-bus's own deadlines (an authentication's timeout),
    /// or soon while a client's bytes wait for room in sd-bus's input, which nothing else watches.
    private func rearmTimeout() {
        guard let timeoutTimer else { return }
        var earliest = UInt64.max
        for connection in connections {
            var deadline: UInt64 = .max
            if sd_bus_get_timeout(connection.bus, &deadline) > 0 { earliest = min(earliest, deadline) }
            if !connection.inbound.isEmpty {
                earliest = min(earliest, UInt64(clamping: (monotonicNow() + Self.inboundRetryDelay).microseconds))
            }
        }
        try? loop.setDeadline(earliest == .max ? nil : Instant(microseconds: Int64(clamping: earliest)), for: timeoutTimer)
    }

    private func drop(_ connection: Connection, because reason: String) {
        guard let index = connections.firstIndex(where: { $0 === connection }) else { return }
        connections.remove(at: index)
        if connection.ready { droppedClientCount += 1 }
        log("D-Bus client dropped (\(connection.peer)): \(reason)")
        disconnect(connection)
        // Its descriptors are free: a client left waiting for them is accepted now.
        listener?.resume()
    }

    private func disconnect(_ connection: Connection) {
        if let registration = connection.registration { loop.unregister(registration) }
        connection.registration = nil
        sd_bus_close(connection.bus)  // closes its ends of the pairs; never waits for a client
        sd_bus_unref(connection.bus)
        for descriptor in [connection.descriptor, connection.busInput, connection.busOutput] { Glibc.close(descriptor) }
    }
}
