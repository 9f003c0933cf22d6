import Glibc
import TactileCore
import TactileSystem

/// Serves the JSON Lines stream to every client of a Unix stream socket, from the moment it
/// connects.
///
/// Writing never blocks the daemon: each client has a queue of at most `queueLimit` bytes; what
/// the socket does not take now waits there and goes out with the next line. A client whose
/// queue would overflow has stopped reading: it is dropped (disconnected), so it can never delay
/// recognition or the other clients. A client that hangs up is dropped at the next write.
public final class SocketServer {
    /// 256 KiB: over a minute of continuous drag events, far more than a live reader lags.
    public static let defaultQueueLimit = 256 * 1024

    public let listeningDescriptor: Int32
    /// The socket file this server created and removes on `close()`; nil when inherited.
    private let createdPath: String?
    private let queueLimit: Int
    private var clients: [Client] = []
    /// Clients dropped because they stopped reading or went away.
    public private(set) var droppedClientCount = 0

    private struct Client {
        let descriptor: Int32
        var queue: [UInt8] = []
    }

    /// Creates the socket file (replacing a stale one), 0600, or 0660 owned by `group`.
    public init(path: String, group: String? = nil, queueLimit: Int = SocketServer.defaultQueueLimit) throws(SocketError) {
        guard let address = UnixSocketAddress(path) else {
            throw SocketError("\(path): a socket path must be shorter than 108 bytes")
        }
        var groupID: gid_t?
        if let group {
            guard let entry = getgrnam(group) else { throw SocketError("--socket-group \(group): no such group") }
            groupID = entry.pointee.gr_gid
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError.fromErrno("socket") }
        unlink(path)
        // Never world-accessible, not even between bind() and chmod().
        let previousMask = umask(0o177)
        let bound = address.withSockaddr { bind(descriptor, $0, $1) }
        umask(previousMask)
        guard bound == 0 else {
            let error = SocketError.fromErrno("bind \(path)")
            Glibc.close(descriptor)
            throw error
        }
        if let groupID {
            guard chown(path, getuid(), groupID) == 0, chmod(path, 0o660) == 0 else {
                let error = SocketError.fromErrno("give \(path) to group \(group ?? "")")
                Glibc.close(descriptor)
                unlink(path)
                throw error
            }
        }
        guard listen(descriptor, 64) == 0 else {
            let error = SocketError.fromErrno("listen \(path)")
            Glibc.close(descriptor)
            throw error
        }
        self.listeningDescriptor = descriptor
        self.createdPath = path
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

    /// Accepts every pending connection; call when the listening descriptor is readable.
    public func acceptPendingClients() {
        while true {
            let descriptor = accept(listeningDescriptor, nil, nil)
            if descriptor < 0 {
                if errno == EINTR { continue }
                return  // EAGAIN: no more; anything else: try again at the next readiness
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            clients.append(Client(descriptor: descriptor))
        }
    }

    /// Queues `line` for every client and writes what each socket takes now.
    public func broadcast(_ line: ArraySlice<UInt8>) {
        var index = 0
        while index < clients.count {
            if clients[index].queue.count + line.count > queueLimit {
                drop(at: index)
                continue
            }
            clients[index].queue.append(contentsOf: line)
            if flush(at: index) { index += 1 } else { drop(at: index) }
        }
    }

    /// Waits up to `timeoutMilliseconds` for every queued byte to be taken, then drops whoever
    /// still has some: used at exit, so clients that keep reading get every line.
    public func drain(timeoutMilliseconds: Int32) {
        var remaining = timeoutMilliseconds
        while remaining > 0, clients.contains(where: { !$0.queue.isEmpty }) {
            var waiting = clients.filter { !$0.queue.isEmpty }.map { pollfd(fd: $0.descriptor, events: Int16(POLLOUT), revents: 0) }
            let started = monotonicNow()
            _ = poll(&waiting, nfds_t(waiting.count), remaining)
            var index = 0
            while index < clients.count {
                if flush(at: index) { index += 1 } else { drop(at: index) }
            }
            remaining -= Int32((monotonicNow() - started).microseconds / 1_000)
        }
        var index = 0
        while index < clients.count {
            if clients[index].queue.isEmpty { index += 1 } else { drop(at: index) }
        }
    }

    /// Disconnects every client and removes the socket file if this server made it.
    public func close() {
        for client in clients { Glibc.close(client.descriptor) }
        clients.removeAll()
        Glibc.close(listeningDescriptor)
        if let createdPath { unlink(createdPath) }
    }

    /// Writes what the client's socket takes; false when the client is gone.
    private func flush(at index: Int) -> Bool {
        while !clients[index].queue.isEmpty {
            let written = clients[index].queue.withUnsafeBytes { buffer in
                send(clients[index].descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if written > 0 {
                clients[index].queue.removeFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return true
            } else {
                return false
            }
        }
        return true
    }

    private func drop(at index: Int) {
        Glibc.close(clients[index].descriptor)
        clients.remove(at: index)
        droppedClientCount += 1
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
