import CLinuxIO
import Glibc
import TactileCore

/// The daemon's single thread of control: one epoll over every input descriptor, one timerfd
/// for the engines' deadlines, and a signalfd. It sleeps in `epoll_wait` until something is
/// readable, so an idle daemon makes no wake-ups.
///
/// Others extend it by registering their own descriptors (a Unix-socket server registers its
/// listening socket, then each client): the handler runs on the loop's thread whenever the
/// descriptor is readable or hung up, and must not block.
public final class EventLoop {
    /// Identifies one registered descriptor, to unregister it.
    public struct Registration: Hashable, Sendable {
        fileprivate let token: UInt64
    }

    private struct Entry {
        let descriptor: FileDescriptor
        let handler: () -> Void
    }

    /// Tokens 0 and 1 are the loop's own timer and signals; registrations count up from 2.
    private static let timerToken: UInt64 = 0
    private static let signalToken: UInt64 = 1

    private let epoll: Epoll
    /// Where `epoll_wait` reports; sized once, so waiting never allocates.
    private var ready = [epoll_event](repeating: epoll_event(), count: 32)
    private var timer: DeadlineTimer
    private let signals: SignalDescriptor
    private var entries: [UInt64: Entry] = [:]
    private var nextToken: UInt64 = 2
    private var running = false

    /// Called on the loop's thread when the armed deadline has passed.
    public var onDeadline: () -> Void = {}
    /// Called on the loop's thread for SIGINT, SIGTERM and SIGHUP; they are blocked otherwise.
    public var onSignal: (Signal) -> Void = { _ in }

    public init() throws(Errno) {
        signals = try SignalDescriptor(Signal.allCases)
        epoll = try Epoll()
        timer = try DeadlineTimer()
        try epoll.add(timer.descriptor, token: Self.timerToken)
        try epoll.add(signals.descriptor, token: Self.signalToken)
    }

    /// Calls `handler` whenever `descriptor` is readable or hung up, until unregistered.
    /// The loop does not own the descriptor: unregister it before closing it.
    @discardableResult
    public func register(_ descriptor: FileDescriptor, handler: @escaping () -> Void) throws(Errno) -> Registration {
        let token = nextToken
        nextToken += 1
        try epoll.add(descriptor, token: token)
        entries[token] = Entry(descriptor: descriptor, handler: handler)
        return Registration(token: token)
    }

    /// Stops watching the descriptor; safe to call from any handler, also for itself.
    public func unregister(_ registration: Registration) {
        guard let entry = entries.removeValue(forKey: registration.token) else { return }
        // The descriptor may already be closed by a library (a removed device): nothing to undo.
        try? epoll.remove(entry.descriptor)
    }

    /// Arms the loop's one timer at an absolute CLOCK_MONOTONIC instant; nil disarms it.
    public func setDeadline(_ deadline: Instant?) throws(Errno) {
        try timer.arm(at: deadline)
    }

    /// Dispatches until `stop()` is called from a handler.
    public func run() throws(Errno) {
        running = true
        while running {
            let count = try epoll.wait(into: &ready)
            for index in 0..<count { dispatch(token: ready[index].data.u64) }
        }
    }

    /// Makes `run()` return once the current handler returns.
    public func stop() { running = false }

    private func dispatch(token: UInt64) {
        switch token {
        case Self.timerToken:
            timer.acknowledge()
            onDeadline()
        case Self.signalToken:
            while let signal = signals.next() { onSignal(signal) }
        default:
            // A handler earlier in the batch may have unregistered this one.
            entries[token]?.handler()
        }
    }
}
