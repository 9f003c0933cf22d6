import TactileCore
import TactileDaemon
import TactileSystem

/// The JSON Lines stream on a socket, as one of the daemon's outputs: puts a `SocketServer` on the
/// event loop, accepts clients as they connect, watches each one so a client that hangs up is
/// closed at once (not at the next line, which may never come), and stops accepting while the
/// daemon is out of file descriptors.
///
/// Out of descriptors, `accept` fails while the connection stays pending, so the level-triggered
/// listener would be reported ready again at once: the daemon would spin at 100 % of a core. It
/// stops watching the listener instead, keeps serving the clients it has, and tries again when a
/// client leaves or `retryDelay` has passed (descriptors may also be freed elsewhere).
final class SocketService: GestureOutput {
    private enum Listening {
        /// The listener is watched: pending connections are accepted as soon as they arrive.
        case watching(EventLoop.Registration)
        /// The last `accept` ran out of descriptors: the listener is not watched until a client
        /// leaves or the retry timer fires.
        case pausedForDescriptors
    }

    static let retryDelay = Interval.milliseconds(250)

    let server: SocketServer
    private let loop: EventLoop
    private var listening: Listening
    private var clients: [Int32: EventLoop.Registration] = [:]
    private var retryTimer: EventLoop.Timer!
    /// Whether the shortage was logged since the last client was accepted: once per episode,
    /// not at every retry.
    private var reportedShortage = false
    /// Called after clients were accepted, with how many are connected.
    var onClientsAccepted: () -> Void = {}

    init(_ server: SocketServer, loop: EventLoop) throws(Errno) {
        self.server = server
        self.loop = loop
        listening = .pausedForDescriptors
        retryTimer = loop.addTimer { [unowned self] in resumeAccepting() }
        server.onClientClosed = { [unowned self] descriptor in
            if let registration = clients.removeValue(forKey: descriptor) { loop.unregister(registration) }
            if case .pausedForDescriptors = listening { resumeAccepting() }
        }
        try watchListener()
    }

    func write(_ lines: ArraySlice<UInt8>) {
        server.broadcast(lines)
    }

    /// Clients that keep reading get every line; those that stopped are dropped after 5 s.
    func finish(terminated: Bool) {
        server.drain(timeoutMilliseconds: 5_000)
        if server.droppedClientCount > 0 {
            Log.warning("\(server.droppedClientCount) socket clients were dropped: they stopped reading or went away")
        }
    }

    /// Stops watching, disconnects every client and removes the socket file.
    func close() {
        stop()
        onClientsAccepted = {}
        server.close()
    }

    /// Stops watching everything.
    private func stop() {
        if case .watching(let registration) = listening { loop.unregister(registration) }
        listening = .pausedForDescriptors
        try? loop.setDeadline(nil, for: retryTimer)
        for registration in clients.values { loop.unregister(registration) }
        clients.removeAll()
        server.onClientClosed = { _ in }
    }

    private func watchListener() throws(Errno) {
        let registration = try loop.register(FileDescriptor(rawValue: server.listeningDescriptor)) { [unowned self] in
            acceptClients()
        }
        listening = .watching(registration)
    }

    private func acceptClients() {
        let outcome = server.acceptPendingClients { [unowned self] descriptor in
            reportedShortage = false
            watch(descriptor)
        }
        if case .outOfDescriptors(let errno) = outcome, case .watching(let registration) = listening {
            loop.unregister(registration)
            listening = .pausedForDescriptors
            try? loop.setDeadline(monotonicNow() + Self.retryDelay, for: retryTimer)
            if !reportedShortage {
                reportedShortage = true
                Log.warning("cannot accept a client (\(Errno(rawValue: errno))) with \(server.clientCount) connected; "
                            + "trying again whenever one leaves, and every \(Self.retryDelay.seconds) s")
            }
        }
        onClientsAccepted()
    }

    private func resumeAccepting() {
        guard case .pausedForDescriptors = listening else { return }
        try? loop.setDeadline(nil, for: retryTimer)
        do {
            try watchListener()
        } catch {
            // epoll itself is short of memory: try again later.
            try? loop.setDeadline(monotonicNow() + Self.retryDelay, for: retryTimer)
        }
    }

    private func watch(_ descriptor: Int32) {
        do {
            clients[descriptor] = try loop.register(FileDescriptor(rawValue: descriptor), watching: .readable) {
                [unowned self] readiness in
                clientReady(descriptor, readiness)
            }
        } catch {
            Log.warning("cannot watch a socket client (\(error)); it is served until its first failed write")
        }
    }

    private func clientReady(_ descriptor: Int32, _ readiness: EventLoop.Readiness) {
        let hungUp = !readiness.isDisjoint(with: [.hungUp, .error])
        switch server.serviceClient(descriptor, hungUp: hungUp) {
        case .connected, .dropped:
            break
        case .stoppedWriting:
            if let registration = clients[descriptor] { try? loop.modify(registration, watching: []) }
        }
    }
}
