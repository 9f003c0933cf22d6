import CLinuxIO
import Glibc
import TactileCore

/// The daemon's single thread of control: one epoll over every input descriptor, one timerfd
/// for the engines' deadlines, and a signalfd. It sleeps in `epoll_wait` until something is
/// readable, so an idle daemon makes no wake-ups.
///
/// Others extend it by registering their own descriptors (a Unix-socket server registers its
/// listening socket, then each client): the handler runs on the loop's thread whenever the
/// descriptor is readable or hung up (or writable, when asked: `modify(_:watching:)`), and must not block.
public final class EventLoop {
    /// Identifies one registered descriptor, to unregister it.
    public struct Registration: Hashable, Sendable {
        fileprivate let token: UInt64
    }

    /// What epoll reported for a descriptor, or what to watch it for.
    public struct Readiness: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Input to read, or its end (a socket's peer shut down its writing side, or left).
        public static let readable = Readiness(rawValue: EPOLLIN.rawValue)
        /// Room to write: asked for by a connection whose queue waits for room in its socket.
        public static let writable = Readiness(rawValue: EPOLLOUT.rawValue)
        /// Both directions are shut down: for a socket, the peer is gone. Always reported.
        public static let hungUp = Readiness(rawValue: EPOLLHUP.rawValue)
        /// Always reported.
        public static let error = Readiness(rawValue: EPOLLERR.rawValue)
    }

    private struct Entry {
        let descriptor: FileDescriptor
        let handler: (Readiness) -> Void
    }

    /// A place for one registered descriptor. Its generation counts the registrations it has
    /// held, so the token of one that was unregistered never finds the next one held there.
    private struct Slot {
        var generation: UInt32 = 0
        var entry: Entry?
    }

    /// Tokens 0 and 1 are the loop's own timer and signals. A registration's token is its slot's
    /// index + 2 in the low 32 bits and the slot's generation in the high 32.
    private static let timerToken: UInt64 = 0
    private static let signalToken: UInt64 = 1

    private let epoll: Epoll
    /// Where `epoll_wait` reports; sized once, so waiting never allocates.
    private var ready = [epoll_event](repeating: epoll_event(), count: 32)
    private var timer: DeadlineTimer
    private let signals: SignalDescriptor
    /// The registered descriptors, found by indexing, not hashing: a dictionary lookup cost ~110
    /// instructions a wake-up, a live frame's ~1.3 %.
    private var slots: [Slot] = []
    /// Slots free for the next registration.
    private var freeSlots: [Int] = []
    private var timers: [(deadline: Instant?, handler: () -> Void)] = []
    private var running = false

    /// Called on the loop's thread for SIGINT, SIGTERM, SIGHUP and SIGCHLD; they are blocked otherwise.
    public var onSignal: (Signal) -> Void = { _ in }

    /// Blocks the signals the loop handles in the calling thread, so that threads started from
    /// now on (by Foundation, libinput, udev) inherit the mask and never take a signal meant for
    /// the loop. Call it first thing in `main`, before anything can start a thread.
    public static func blockHandledSignals() {
        var mask = SignalDescriptor.handledSignals
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    public init() throws(Errno) {
        signals = try SignalDescriptor()
        epoll = try Epoll()
        timer = try DeadlineTimer()
        try epoll.add(timer.descriptor, token: Self.timerToken)
        try epoll.add(signals.descriptor, token: Self.signalToken)
    }

    /// Calls `handler` whenever `descriptor` is readable or hung up, until unregistered.
    /// The loop does not own the descriptor: unregister it before closing it.
    @discardableResult
    public func register(_ descriptor: FileDescriptor, handler: @escaping () -> Void) throws(Errno) -> Registration {
        try register(descriptor, watching: .readable) { _ in handler() }
    }

    /// Calls `handler` with what epoll reported whenever `descriptor` is ready for `events`, hung
    /// up or in error, until unregistered.
    @discardableResult
    public func register(_ descriptor: FileDescriptor, watching events: Readiness,
                         handler: @escaping (Readiness) -> Void) throws(Errno) -> Registration {
        let slot = freeSlots.popLast() ?? slots.count
        if slot == slots.count { slots.append(Slot()) }
        let token = UInt64(slots[slot].generation) << 32 | UInt64(slot + 2)
        do {
            try epoll.add(descriptor, token: token, events: events.rawValue)
        } catch {
            freeSlots.append(slot)
            throw error
        }
        slots[slot].entry = Entry(descriptor: descriptor, handler: handler)
        return Registration(token: token)
    }

    /// The slot a token names, if the slot is still in that registration's generation.
    private func slot(of token: UInt64) -> Int? {
        let slot = Int(token & 0xFFFF_FFFF) - 2
        guard slot >= 0, slot < slots.count, slots[slot].generation == UInt32(token >> 32) else { return nil }
        return slot
    }

    /// Watches a registered descriptor for other events (empty: only hang-up and errors).
    public func modify(_ registration: Registration, watching events: Readiness) throws(Errno) {
        guard let slot = slot(of: registration.token), let entry = slots[slot].entry else { return }
        try epoll.modify(entry.descriptor, token: registration.token, events: events.rawValue)
    }

    /// Stops watching the descriptor; safe to call from any handler, also for itself.
    public func unregister(_ registration: Registration) {
        guard let slot = slot(of: registration.token), let entry = slots[slot].entry else { return }
        slots[slot].entry = nil
        slots[slot].generation &+= 1
        freeSlots.append(slot)
        // The descriptor may already be closed by a library (a removed device): nothing to undo.
        try? epoll.remove(entry.descriptor)
    }

    /// A deadline that shares the loop's one timerfd: the engines' next deadline, a bound
    /// command's timeout, a paced replay's next event. The timerfd is always armed at the
    /// earliest deadline of all.
    public struct Timer: Hashable, Sendable {
        fileprivate let index: Int
    }

    public func addTimer(_ handler: @escaping () -> Void) -> Timer {
        timers.append((nil, handler))
        return Timer(index: timers.count - 1)
    }

    /// Arms `timer` at `deadline` (CLOCK_MONOTONIC); nil clears it.
    public func setDeadline(_ deadline: Instant?, for timer: Timer) throws(Errno) {
        timers[timer.index].deadline = deadline
        try rearm()
    }

    private func rearm() throws(Errno) {
        try timer.arm(at: timers.reduce(nil) { earliest($0, $1.deadline) })
    }

    /// The timerfd expired: whoever's deadline has passed is told, in turn.
    private func deadlinesPassed() {
        timer.acknowledge()
        let now = monotonicNow()
        for index in timers.indices {
            guard let deadline = timers[index].deadline, deadline <= now else { continue }
            timers[index].deadline = nil
            timers[index].handler()
        }
        try? rearm()
    }

    /// Runs each time the loop has dispatched what was ready and is about to wait again: for
    /// work that serves a whole wake-up at once (one write of every line its events made).
    public var beforeWaiting: () -> Void = {}

    /// Dispatches until `stop()` is called from a handler.
    public func run() throws(Errno) {
        running = true
        while running {
            beforeWaiting()
            guard running else { break }
            let count = try epoll.wait(into: &ready)
            for index in 0..<count {
                dispatch(token: ready[index].data.u64, readiness: Readiness(rawValue: ready[index].events))
            }
        }
    }

    /// Makes `run()` return once the current handler returns.
    public func stop() { running = false }

    /// Forgets every handler, once the loop is done with. Handlers capture the objects that own
    /// the loop, and those cycles would otherwise outlive `run()`: LeakSanitizer reports them at
    /// exit, and the objects (devices, clients, a replay) are never deinitialized.
    public func removeAllHandlers() {
        for slot in slots.indices { slots[slot].entry = nil }
        for index in timers.indices { timers[index] = (nil, {}) }  // `Timer`s handed out stay valid
        onSignal = { _ in }
        beforeWaiting = {}
    }

    private func dispatch(token: UInt64, readiness: Readiness) {
        switch token {
        case Self.timerToken:
            deadlinesPassed()
        case Self.signalToken:
            while let signal = signals.next() { onSignal(signal) }
        default:
            // A handler earlier in the batch may have unregistered this one.
            // Taken out first: the handler may register or unregister, changing `slots`.
            guard let slot = slot(of: token), let handler = slots[slot].entry?.handler else { return }
            handler(readiness)
        }
    }
}
