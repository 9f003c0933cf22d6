import TactileCore
import TactileDaemon
import TactileSystem

/// The JSON Lines stream on a socket, as one of the daemon's outputs: puts a `SocketServer` on the
/// event loop, accepts clients as they connect (`ConnectionListener`, which pauses while the
/// daemon is out of file descriptors and resumes when a client leaves), and watches each one so
/// a client that hangs up is closed at once (not at the next line, which may never come).
final class SocketService: GestureOutput {
    let server: SocketServer
    private let loop: EventLoop
    private var listener: ConnectionListener!
    private var clients: [Int32: EventLoop.Registration] = [:]
    /// Called after clients were accepted.
    var onClientsAccepted: () -> Void = {}

    init(_ server: SocketServer, loop: EventLoop) throws(Errno) {
        self.server = server
        self.loop = loop
        listener = try ConnectionListener(FileDescriptor(rawValue: server.listeningDescriptor), loop: loop) { [unowned self] in
            let outcome = server.acceptPendingClients { [unowned self] descriptor in watch(descriptor) }
            onClientsAccepted()
            return outcome
        }
        listener.onShortage = { [unowned server] error in
            Log.warning("cannot accept a client (\(error)) with \(server.clientCount) connected; "
                        + "trying again whenever one leaves, and every \(ConnectionListener.retryDelay.seconds) s")
        }
        server.onClientClosed = { [unowned self] descriptor in
            if let registration = clients.removeValue(forKey: descriptor) { loop.unregister(registration) }
            listener.resume()
        }
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
        listener.stop()
        for registration in clients.values { loop.unregister(registration) }
        clients.removeAll()
        server.onClientClosed = { _ in }
        onClientsAccepted = {}
        server.close()
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
