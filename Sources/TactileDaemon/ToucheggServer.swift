import CLinuxIO
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
/// Everything runs on the daemon's event loop, no thread: each connection's descriptor is
/// watched for input, and for output while sd-bus holds signals the socket did not take. A client
/// that stops reading never delays recognition or the others: once its socket's buffer is full
/// and more than `queueLimit` bytes' worth of signals wait in sd-bus for it, it is disconnected,
/// as a socket client would be.
public final class ToucheggServer {
    /// A signal as sd-bus writes it: a 136-byte header (path, interface, member, signature) and a
    /// 32-byte body. sd-bus counts its queue in messages, so the byte limit is turned into these.
    static let signalBytes = 168

    public let address: DBusUnixAddress
    private let policy: ReaderPolicy
    private let loop: EventLoop
    private let log: (String) -> Void
    /// Signals sd-bus may hold for one client, beyond what its socket's buffer holds.
    private let queueLimit: Int
    private let listening: Int32
    private var listeningRegistration: EventLoop.Registration?
    private let serverID: sd_id128_t
    private var connections: [Connection] = []
    private var timeoutTimer: EventLoop.Timer?
    /// Re-watches the listener after it was paused for lack of descriptors.
    private var acceptRetryTimer: EventLoop.Timer?
    /// Accepting is paused for lack of descriptors (said once in the log, not at every retry).
    private var waitingForDescriptors = false
    /// Clients dropped because they stopped reading or went away.
    public private(set) var droppedClientCount = 0
    /// Called when a client finished authenticating (for `--await-clients`).
    public var onClientReady: () -> Void = {}

    /// One client.
    final class Connection {
        let descriptor: Int32
        let bus: OpaquePointer
        let peer: PeerCredentials
        var registration: EventLoop.Registration?
        /// Authenticated: signals go to it.
        var ready = false
        /// Signals queued since sd-bus's queue for it was last empty.
        var queued = 0
        var watchingWritable = false

        init(descriptor: Int32, bus: OpaquePointer, peer: PeerCredentials) {
            self.descriptor = descriptor
            self.bus = bus
            self.peer = peer
        }
    }

    /// Listens at `address` (a path socket is created 0600, or 0660 for `group`'s members, as the
    /// JSON socket is) and serves on `loop` from now on.
    public init(address: DBusUnixAddress, policy: ReaderPolicy, queueLimit: Int = SocketServer.defaultQueueLimit,
                loop: EventLoop, log: @escaping (String) -> Void) throws(SocketError) {
        self.address = address
        self.policy = policy
        self.loop = loop
        self.log = log
        self.queueLimit = max(1, queueLimit / Self.signalBytes)
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
            listeningRegistration = try loop.register(FileDescriptor(rawValue: descriptor)) { [unowned self] in acceptPending() }
        } catch {
            Glibc.close(descriptor)
            throw SocketError("watch \(address): \(error)")
        }
        timeoutTimer = loop.addTimer { [unowned self] in
            for connection in connections { process(connection) }
            rearmTimeout()
        }
        acceptRetryTimer = loop.addTimer { [unowned self] in resumeAccepting() }
    }

    /// Authenticated clients.
    public var clientCount: Int { connections.count(where: \.ready) }

    /// Sends `signal` to every authenticated client.
    public func send(_ signal: Touchegg.Signal) {
        for connection in connections where connection.ready {
            if !send(signal, to: connection) { drop(connection, because: "went away") }
        }
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
            for connection in waiting { process(connection) }
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
        if let listeningRegistration { loop.unregister(listeningRegistration) }
        listeningRegistration = nil
        if let timeoutTimer { try? loop.setDeadline(nil, for: timeoutTimer) }
        if let acceptRetryTimer { try? loop.setDeadline(nil, for: acceptRetryTimer) }
        Glibc.close(listening)
        if case .path(let path) = address.location { unlink(path) }
    }

    private func pauseAccepting() {
        guard let listeningRegistration, let acceptRetryTimer else { return }
        try? loop.modify(listeningRegistration, watching: [])
        try? loop.setDeadline(monotonicNow() + Self.acceptRetryDelay, for: acceptRetryTimer)
        if !waitingForDescriptors {
            log("D-Bus clients wait: out of file descriptors; trying again every \(Self.acceptRetryDelay.seconds) s")
        }
        waitingForDescriptors = true
    }

    private func resumeAccepting() {
        guard let listeningRegistration else { return }
        try? loop.modify(listeningRegistration, watching: .readable)
        acceptPending()
    }

    /// Out of descriptors, the pending connection stays pending and the level-triggered listener
    /// would be ready again at once, spinning a core: it is not watched until this long passed.
    static let acceptRetryDelay = Interval.milliseconds(250)

    private func acceptPending() {
        while true {
            let descriptor = accept4(listening, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
            if descriptor < 0 {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: pauseAccepting()
                default: break  // EAGAIN: no more
                }
                return
            }
            waitingForDescriptors = false
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

    /// Makes an sd-bus server connection on an accepted socket and starts its authentication.
    private func connect(_ descriptor: Int32, peer: PeerCredentials) {
        var defaultBufferBytes: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &defaultBufferBytes, &size)
        var made: OpaquePointer?
        guard sd_bus_new(&made) >= 0, let bus = made else {
            log("D-Bus client (\(peer)) dropped: sd_bus_new failed")
            Glibc.close(descriptor)
            return
        }
        var result = sd_bus_set_fd(bus, descriptor, descriptor)
        if result >= 0 { result = sd_bus_set_server(bus, 1, serverID) }
        if result >= 0 { result = sd_bus_start(bus) }  // from here on, sd-bus owns the descriptor
        guard result >= 0 else {
            log("D-Bus client (\(peer)) dropped: \(String(cString: strerror(-result)))")
            sd_bus_close(bus)
            sd_bus_unref(bus)
            return
        }
        // sd_bus_start raised the send buffer to 8 MiB (`fd_inc_sndbuf` in `bus_socket_setup`): the
        // kernel's default again, as socket clients have, so a client that stops reading is found
        // out after as many signals as a socket client's lines. (Linux reports twice what was set.)
        var bufferBytes = defaultBufferBytes / 2
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &bufferBytes, socklen_t(MemoryLayout<Int32>.size))
        let connection = Connection(descriptor: descriptor, bus: bus, peer: peer)
        do {
            connection.registration = try loop.register(FileDescriptor(rawValue: descriptor)) { [unowned self, unowned connection] in
                process(connection)
                rearmTimeout()
            }
        } catch {
            log("D-Bus client (\(peer)) dropped: \(error)")
            sd_bus_close(bus)
            sd_bus_unref(bus)
            return
        }
        connections.append(connection)
        process(connection)
        rearmTimeout()
    }

    /// Lets sd-bus read, write and authenticate as far as the socket allows now.
    private func process(_ connection: Connection) {
        guard connections.contains(where: { $0 === connection }) else { return }
        var result: Int32
        repeat { result = sd_bus_process(connection.bus, nil) } while result > 0
        guard result >= 0, sd_bus_is_open(connection.bus) > 0 else {
            drop(connection, because: connection.ready ? "disconnected" : "left before authenticating")
            return
        }
        if !connection.ready, sd_bus_is_ready(connection.bus) > 0 {
            connection.ready = true
            log("D-Bus client connected (\(connection.peer))")
            onClientReady()
        }
        updateInterest(connection)
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
        if hasUnsentSignals(connection) {
            connection.queued += 1
            if connection.queued > queueLimit {
                drop(connection, because: "stopped reading (\(connection.queued) signals waiting)")
                return true
            }
        } else {
            connection.queued = 0
        }
        updateInterest(connection)
        return true
    }

    /// Whether sd-bus holds signals the client's socket did not take yet (sd_bus_get_events asks
    /// for POLLOUT exactly then). Only asked of an open bus: a closing one aborts the call.
    private func hasUnsentSignals(_ connection: Connection) -> Bool {
        sd_bus_is_open(connection.bus) > 0 && sd_bus_get_events(connection.bus) & Int32(POLLOUT) != 0
    }

    /// Watches for room in the socket only while sd-bus has something to write.
    private func updateInterest(_ connection: Connection) {
        let writable = hasUnsentSignals(connection)
        if !writable { connection.queued = 0 }
        guard writable != connection.watchingWritable, let registration = connection.registration else { return }
        connection.watchingWritable = writable
        try? loop.modify(registration, watching: writable ? [.readable, .writable] : .readable)
    }

    /// The timer is armed at the earliest of sd-bus's own deadlines (an authentication's timeout).
    private func rearmTimeout() {
        guard let timeoutTimer else { return }
        var earliest = UInt64.max
        for connection in connections {
            var deadline: UInt64 = .max
            if sd_bus_get_timeout(connection.bus, &deadline) > 0 { earliest = min(earliest, deadline) }
        }
        try? loop.setDeadline(earliest == .max ? nil : Instant(microseconds: Int64(clamping: earliest)), for: timeoutTimer)
    }

    private func drop(_ connection: Connection, because reason: String) {
        guard let index = connections.firstIndex(where: { $0 === connection }) else { return }
        connections.remove(at: index)
        if connection.ready { droppedClientCount += 1 }
        log("D-Bus client dropped (\(connection.peer)): \(reason)")
        disconnect(connection)
    }

    private func disconnect(_ connection: Connection) {
        if let registration = connection.registration { loop.unregister(registration) }
        connection.registration = nil
        sd_bus_close(connection.bus)  // closes the descriptor; never waits for a client
        sd_bus_unref(connection.bus)
    }
}
