import Glibc
import TactileCore
import TactileSystem

/// `tactile listen`'s connection to the daemon's socket. A daemon that restarts or crashes
/// must not end the user's bindings for good, so when the stream ends the connection is made
/// again, waiting longer after each failed attempt (Touchégg's clients retry every 5 s, the most
/// this waits); with `once` the first stream's end is the end. A socket not there yet is waited
/// for either way, so `listen` may start before the daemon (`--once` too).
final class DaemonConnection {
    private enum State {
        /// Reading the stream.
        case connected(FileDescriptor, EventLoop.Registration)
        /// Not connected: the retry timer is armed; `delay` is how long the last wait was.
        case waiting(delay: Interval, attempts: Int)
        /// Not reading any more: stopped, or the stream ended with `once`.
        case closed
    }

    static let firstDelay = Interval.milliseconds(100)
    static let longestDelay = Interval.seconds(5)

    let path: String
    private let once: Bool
    private let loop: EventLoop
    private var state = State.closed
    private var retryTimer: EventLoop.Timer!
    /// Whether a stream was read before: a connection made now is a reconnection.
    private var wasConnected = false
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// The bytes of the stream as they arrive.
    var onBytes: (ArraySlice<UInt8>) -> Void = { _ in }
    /// A stream ended; the next bytes (after a reconnection) start a new one.
    var onStreamCut: () -> Void = {}
    /// Called once the connection is closed for good (with `once`, at the stream's end).
    var onClosed: () -> Void = {}
    /// With `once`, why the connection could not be made once the socket appeared.
    private(set) var failure: ConnectError?

    init(path: String, once: Bool, loop: EventLoop) {
        self.path = path
        self.once = once
        self.loop = loop
        retryTimer = loop.addTimer { [unowned self] in attempt() }
    }

    /// Connects. With `once` a failure other than a missing socket is an error; otherwise it is
    /// logged and retried.
    func start() throws(ConnectError) {
        state = .waiting(delay: Interval(microseconds: 0), attempts: 0)
        attempt()
        if let failure { throw failure }
    }

    /// Stops reading and retrying (SIGTERM).
    func stop() {
        if case .connected(let descriptor, let registration) = state {
            loop.unregister(registration)
            try? descriptor.close()
        }
        try? loop.setDeadline(nil, for: retryTimer)
        state = .closed
    }

    private func attempt() {
        guard case .waiting(let delay, let attempts) = state else { return }
        do {
            let reconnecting = wasConnected
            try connected(try SocketClient.connect(to: path))
            Log.info("connected to \(path)\(reconnecting ? " again" : "")")
        } catch {
            if once && !error.socketIsMissing {
                failure = error
                state = .closed
                onClosed()
                return
            }
            let next = attempts == 0 ? Self.firstDelay : min(Interval(microseconds: delay.microseconds * 2), Self.longestDelay)
            // The first failure of an outage says why; the retries after it would only repeat it.
            if attempts == 0 { Log.warning("\(error); trying again, every \(Self.longestDelay.seconds) s at most") }
            state = .waiting(delay: next, attempts: attempts + 1)
            try? loop.setDeadline(monotonicNow() + next, for: retryTimer)
        }
    }

    private func connected(_ descriptor: FileDescriptor) throws(ConnectError) {
        do {
            let registration = try loop.register(descriptor) { [unowned self] in readAvailable() }
            state = .connected(descriptor, registration)
            wasConnected = true
        } catch {
            try? descriptor.close()
            throw ConnectError("cannot watch the connection to \(path): \(error)")
        }
    }

    private func readAvailable() {
        guard case .connected(let descriptor, let registration) = state else { return }
        let count = buffer.withUnsafeMutableBytes { try? descriptor.read(into: $0) }
        if let count, count > 0 {
            onBytes(buffer[0..<count])
            return
        }
        // End of stream (0) or a failed read (the daemon died: ECONNRESET).
        loop.unregister(registration)
        try? descriptor.close()
        onStreamCut()
        if once {
            state = .closed
            onClosed()
        } else {
            Log.warning("the daemon at \(path) closed the stream; reconnecting")
            state = .waiting(delay: Interval(microseconds: 0), attempts: 0)
            try? loop.setDeadline(monotonicNow() + Self.firstDelay, for: retryTimer)
        }
    }
}

/// Connecting to the daemon's socket.
enum SocketClient {
    static func connect(to path: String) throws(ConnectError) -> FileDescriptor {
        guard let address = UnixSocketAddress(path) else {
            throw ConnectError("cannot connect to \(path): a socket path must be shorter than 108 bytes")
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ConnectError("cannot connect to \(path): socket: \(Errno(rawValue: errno))") }
        // errno is read inside the closure, right after connect: nothing may run in between.
        let failure = address.withSockaddr { Glibc.connect(descriptor, $0, $1) == 0 ? nil : Errno(rawValue: errno) }
        guard let failure else { return FileDescriptor(rawValue: descriptor) }
        close(descriptor)
        let hint = switch failure.rawValue {
        case ENOENT, ECONNREFUSED: " (is the daemon running?)"
        case EACCES: " (is this user in the socket's group?)"
        default: ""
        }
        throw ConnectError("cannot connect to \(path): \(failure)\(hint)", socketIsMissing: failure.rawValue == ENOENT)
    }
}

/// Why `listen` could not connect, with the cause.
struct ConnectError: Error, CustomStringConvertible {
    let description: String
    /// No socket at the path yet: the daemon may still be starting.
    let socketIsMissing: Bool
    init(_ description: String, socketIsMissing: Bool = false) {
        self.description = description
        self.socketIsMissing = socketIsMissing
    }
}
