import Glibc
import TactileCore
import TactileSystem

/// Serves the JSON Lines stream to every client of a Unix stream socket, from the moment it
/// connects.
///
/// Writing never blocks the daemon: each client is a `ClientQueue`, as each of Touchégg's D-Bus
/// clients is, so a line goes from the caller's buffer straight to each socket that takes it;
/// only what a socket does not take now is copied, into that client's queue of at most
/// `queueLimit` bytes, and goes out before the client's next line. A client whose queue
/// would overflow has stopped reading: it is dropped (disconnected), so it can never delay
/// recognition or the other clients. A client that hangs up is dropped as soon as the event loop
/// reports it (`serviceClient`), or at the next write.
public final class SocketServer {
    /// 256 KiB: over a minute of continuous drag events, far more than a live reader lags.
    public static let defaultQueueLimit = 256 * 1024
    /// The smallest queue accepted: a few lines (one is at most about 300 bytes). Smaller, every
    /// client would be dropped at its first line.
    public static let minimumQueueLimit = 4096

    public let listeningDescriptor: Int32
    /// The socket file this server created and removes on `close()`; nil when inherited or abstract.
    private let createdPath: String?
    private let queueLimit: Int
    private var clients: [ClientQueue] = []
    /// Clients dropped because they stopped reading or went away.
    public private(set) var droppedClientCount = 0
    /// Called with a client's descriptor just before it is closed, so whoever watches it stops.
    public var onClientClosed: (Int32) -> Void = { _ in }
    /// Where a client's input is read to and thrown away: clients have nothing to say.
    private var discarded = [UInt8](repeating: 0, count: 4096)

    /// Creates the socket file, 0600, or 0660 owned by `group`. A stale socket at `path` is
    /// replaced; another daemon's socket, or anything that is not a socket, is an error.
    public init(path: String, group: String? = nil, queueLimit: Int = SocketServer.defaultQueueLimit) throws(SocketError) {
        guard let address = UnixSocketAddress(path) else {
            throw SocketError("\(path): a socket path must be shorter than 108 bytes")
        }
        var groupID: gid_t?
        if let group {
            guard let entry = getgrnam(group) else { throw SocketError("--socket-group \(group): no such group") }
            groupID = entry.pointee.gr_gid
        }
        let isAbstract = path.hasPrefix("@")
        let descriptor = try ListeningSocket.open(address, file: isAbstract ? nil : path, name: path,
                                                  group: groupID.map { ($0, group ?? "") })
        self.listeningDescriptor = descriptor
        self.createdPath = isAbstract ? nil : path
        self.queueLimit = queueLimit
    }

    /// Serves on a socket systemd already bound and passed (socket activation).
    public init(inheritedDescriptor: Int32, queueLimit: Int = SocketServer.defaultQueueLimit) {
        let flags = fcntl(inheritedDescriptor, F_GETFL)
        _ = fcntl(inheritedDescriptor, F_SETFL, flags | O_NONBLOCK)
        self.listeningDescriptor = inheritedDescriptor
        self.createdPath = nil
        self.queueLimit = queueLimit
    }

    public var clientCount: Int { clients.count }

    /// Accepts every pending connection and calls `accepted` with each new client's
    /// descriptor; call when the listening descriptor is readable. A connection whose client
    /// already left is closed at once (and counted as dropped), never counted as connected.
    public func acceptPendingClients(_ accepted: (Int32) -> Void) -> AcceptOutcome {
        let listening = FileDescriptor(rawValue: listeningDescriptor)
        while true {
            let client: FileDescriptor
            do {
                guard let next = try listening.acceptConnection() else { return .noneLeft }
                client = next
            } catch {
                return AcceptOutcome(acceptFailure: error)
            }
            if Self.hasHungUp(client.rawValue) {
                try? client.close()
                droppedClientCount += 1
                continue
            }
            clients.append(ClientQueue(client, limit: queueLimit))
            accepted(client.rawValue)
        }
    }

    /// Drops the clients that hung up and returns how many are left: what `--await-clients`
    /// counts, so a client that connected and left is not taken for one that listens.
    public func liveClientCount() -> Int {
        var index = 0
        while index < clients.count {
            if Self.hasHungUp(clients[index].descriptor.rawValue) { drop(at: index) } else { index += 1 }
        }
        return clients.count
    }

    /// What became of a client the event loop reported ready.
    public enum ClientActivity: Equatable {
        /// Still connected; keep watching it as before.
        case connected
        /// It shut down its writing side but may still read: watch it for hang-up only, since its
        /// end of file would be reported readable forever.
        case stoppedWriting
        /// It hung up or failed, and was dropped (`onClientClosed` was called).
        case dropped
    }

    /// Handles readiness of a client's descriptor: reads and discards what it sent, and drops
    /// it when it hung up. Clients have nothing to say, but unread input would keep a
    /// level-triggered descriptor ready and the loop spinning.
    public func serviceClient(_ descriptor: Int32, hungUp: Bool) -> ClientActivity {
        guard let index = clients.firstIndex(where: { $0.descriptor.rawValue == descriptor }) else { return .dropped }
        if hungUp {
            drop(at: index)
            return .dropped
        }
        do {
            let client = clients[index].descriptor
            let count = try discarded.withUnsafeMutableBytes { buffer throws(Errno) in try client.receiveWithoutWaiting(into: buffer) }
            return count == 0 ? .stoppedWriting : .connected
        } catch {
            drop(at: index)
            return .dropped
        }
    }

    /// Writes `line` to every client, and queues for each what its socket does not take now.
    public func broadcast(_ line: ArraySlice<UInt8>) {
        line.withUnsafeBytes { bytes in
            var index = 0
            while index < clients.count {
                if deliver(bytes, at: index) { index += 1 } else { drop(at: index) }
            }
        }
    }

    /// Waits up to `timeoutMilliseconds` for every queued byte to be taken, then drops whoever
    /// still has some: used at exit, so clients that keep reading get every line.
    public func drain(timeoutMilliseconds: Int32) {
        var remaining = timeoutMilliseconds
        while remaining > 0, clients.contains(where: { !$0.isEmpty }) {
            var waiting = clients.filter { !$0.isEmpty }.map { pollfd(fd: $0.descriptor.rawValue, events: Int16(POLLOUT), revents: 0) }
            let started = monotonicNow()
            _ = poll(&waiting, nfds_t(waiting.count), remaining)
            var index = 0
            while index < clients.count {
                if clients[index].flush() == nil { index += 1 } else { drop(at: index) }
            }
            remaining -= Int32((monotonicNow() - started).microseconds / 1_000)
        }
        var index = 0
        while index < clients.count {
            if clients[index].isEmpty { index += 1 } else { drop(at: index) }
        }
    }

    /// Disconnects every client and removes the socket file if this server made it.
    public func close() {
        for client in clients {
            onClientClosed(client.descriptor.rawValue)
            try? client.descriptor.close()
        }
        clients.removeAll()
        Glibc.close(listeningDescriptor)
        if let createdPath { unlink(createdPath) }
    }

    /// Sends `bytes` to a client after what it has queued; false when it is gone or its queue
    /// would overflow.
    private func deliver(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        clients[index].send(bytes) == .accepted
    }

    private func drop(at index: Int) {
        onClientClosed(clients[index].descriptor.rawValue)
        try? clients[index].descriptor.close()
        clients.remove(at: index)
        droppedClientCount += 1
    }

    /// Whether the peer of a connected socket is gone (both directions shut down).
    private static func hasHungUp(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: 0, revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLHUP | POLLERR) != 0
    }
}

/// A socket that could not be set up, with the call and errno that failed.
public struct SocketError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }

    /// `call` failed: its name and errno's message.
    public static func fromErrno(_ call: String) -> SocketError {
        SocketError("\(call): \(String(cString: strerror(errno)))")
    }
}
