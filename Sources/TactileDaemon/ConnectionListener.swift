import Glibc
import TactileCore
import TactileSystem

/// How accepting every pending connection of a listening socket ended.
public enum AcceptOutcome: Equatable {
    /// No connection is pending any more.
    case noneLeft
    /// The process or system is out of file descriptors (or memory for one): connections stay
    /// pending in the kernel until some are freed.
    case outOfDescriptors(Errno)

    /// What a failed `accept` means: a shortage, or nothing left to accept now.
    init(acceptFailure error: Errno) {
        switch error.rawValue {
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: self = .outOfDescriptors(error)
        default: self = .noneLeft
        }
    }
}

/// A stream server's listening socket on the event loop, shared by the JSON socket and
/// Touchégg's D-Bus server: pending connections are accepted as soon as they arrive, and accepting
/// stops while the daemon is out of file descriptors.
///
/// Out of descriptors, `accept` fails while the connection stays pending, so the level-triggered
/// listener would be reported ready again at once: the daemon would spin at 100 % of a core. The
/// listener is not watched then; accepting is tried again when a client leaves (`resume`) or
/// `retryDelay` has passed (descriptors may also be freed elsewhere).
public final class ConnectionListener {
    private enum State {
        /// The listener is watched: pending connections are accepted as soon as they arrive.
        case watching
        /// The last `accept` ran out of descriptors: the listener is not watched until a client
        /// leaves or the retry timer fires.
        case pausedForDescriptors
        /// Stopped for good: nothing is accepted any more.
        case stopped
    }

    public static let retryDelay = Interval.milliseconds(250)

    private let loop: EventLoop
    private let registration: EventLoop.Registration
    private var retryTimer: EventLoop.Timer!
    private var state = State.watching
    /// Accepts every pending connection; how that ended.
    private let acceptPending: () -> AcceptOutcome
    /// Whether the shortage was reported since accepting last emptied the queue: once per
    /// episode, not at every retry.
    private var reportedShortage = false
    /// Called when accepting pauses for want of descriptors, once per episode.
    public var onShortage: (Errno) -> Void = { _ in }

    public init(_ listening: FileDescriptor, loop: EventLoop, acceptPending: @escaping () -> AcceptOutcome) throws(Errno) {
        self.loop = loop
        self.acceptPending = acceptPending
        var accept: () -> Void = {}
        registration = try loop.register(listening) { accept() }
        accept = { [unowned self] in acceptNow() }
        retryTimer = loop.addTimer { [unowned self] in resume() }
    }

    /// Accepts again, if accepting was paused: a client left, so a descriptor may be free.
    public func resume() {
        guard case .pausedForDescriptors = state else { return }
        try? loop.setDeadline(nil, for: retryTimer)
        do {
            try loop.modify(registration, watching: .readable)
            state = .watching
            acceptNow()
        } catch {
            // epoll itself is short of memory: try again later.
            try? loop.setDeadline(monotonicNow() + Self.retryDelay, for: retryTimer)
        }
    }

    /// Stops watching the listener; its descriptor is closed by its owner.
    public func stop() {
        if case .stopped = state { return }
        loop.unregister(registration)
        try? loop.setDeadline(nil, for: retryTimer)
        state = .stopped
    }

    private func acceptNow() {
        guard case .watching = state else { return }
        switch acceptPending() {
        case .noneLeft:
            reportedShortage = false
        case .outOfDescriptors(let error):
            try? loop.modify(registration, watching: [])
            state = .pausedForDescriptors
            try? loop.setDeadline(monotonicNow() + Self.retryDelay, for: retryTimer)
            if !reportedShortage {
                reportedShortage = true
                onShortage(error)
            }
        }
    }
}
