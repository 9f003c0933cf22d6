import TactileCore
import TactileSystem

/// Follows the focused application through a compositor's protocol for as long as `listen`
/// runs: connected, it reports each change; when the compositor goes away (it restarted, it
/// crashed) the focus becomes "no application" and it tries again after a delay that doubles up
/// to `maximumDelay`, while the bindings keep running. The delay starts again from `firstDelay`
/// only after a connection stayed up for `healthyConnection`: reset at every connect, a
/// compositor that accepted and then misbehaved was reconnected to 49 times in 5 s. The first
/// handshake is made at once, so the focus is known before the first gesture is judged; every
/// later one runs on a thread of its own (`FocusHandshake`), so a compositor that answers slowly
/// never holds the loop that reads the gestures.
public final class FocusSource {
    private enum State {
        /// Not yet tried; `start()` makes the first attempt.
        case idle
        /// A handshake is under way: connecting, asking for the focus, subscribing; each reply
        /// is waited for at most `CompositorSocket.replyTimeoutSeconds`. `delay` is the wait
        /// before the next attempt should this one fail. `handshake` is the thread making it,
        /// registered with the loop; none for the first, made at once.
        case connecting(delay: Interval, handshake: (FocusHandshake, EventLoop.Registration)?)
        /// Following changes on `stream`, registered with the loop, since `since`; `delay` is the
        /// wait before the next attempt should it be lost before `healthyConnection`.
        case connected(stream: any FocusStream, registration: EventLoop.Registration, since: Instant, delay: Interval)
        /// Lost or never reached: the next attempt is at `retry`; `delay` is how long this wait is.
        case backingOff(retry: Instant, delay: Interval)
    }

    public static let firstDelay = Interval.milliseconds(100)
    public static let maximumDelay = Interval.seconds(2)
    /// How long a connection must last for its loss to count as a new trouble, retried after
    /// `firstDelay`, rather than the same one going on.
    public static let healthyConnection = Interval.seconds(10)

    public let focusProtocol: any FocusProtocol
    /// The focused application: a Wayland app_id or an X11 class; nil when none has the focus
    /// or the compositor cannot be reached.
    public private(set) var application: String?

    private var state = State.idle
    private let loop: EventLoop
    private var timer: EventLoop.Timer!
    private let log: (String) -> Void
    /// Whether the last attempt failed, so a compositor that stays away is said once, not at
    /// every retry.
    private var failureReported = false

    /// - Parameter log: where losses, reconnections and ignored messages are reported.
    public init(_ focusProtocol: any FocusProtocol, loop: EventLoop, log: @escaping (String) -> Void) {
        self.focusProtocol = focusProtocol
        self.loop = loop
        self.log = log
        timer = loop.addTimer { [unowned self] in self.attempt() }
    }

    /// Makes the first attempt now, so the focus is known before the first gesture is judged.
    public func start() {
        guard case .idle = state else { return }
        state = .connecting(delay: Self.firstDelay, handshake: nil)
        let outcome: Result<any FocusStream, FocusError>
        do {
            outcome = .success(try focusProtocol.connect())
        } catch {
            outcome = .failure(error)
        }
        take(outcome)
    }

    /// Starts a handshake on its own thread; its outcome is taken when the loop hears it ended.
    private func attempt() {
        let delay: Interval
        switch state {
        case .backingOff(_, let previous): delay = min(Interval(microseconds: previous.microseconds * 2), Self.maximumDelay)
        case .idle, .connecting, .connected: delay = Self.firstDelay
        }
        do {
            let handshake = try FocusHandshake(focusProtocol)
            let registration = try loop.register(handshake.descriptor) { [unowned self] in handshakeEnded() }
            state = .connecting(delay: delay, handshake: (handshake, registration))
        } catch {
            state = .connecting(delay: delay, handshake: nil)
            take(.failure(FocusError("cannot start a handshake: \(error)")))
        }
    }

    private func handshakeEnded() {
        guard case .connecting(let delay, let handshake?) = state else { return }
        loop.unregister(handshake.1)
        state = .connecting(delay: delay, handshake: nil)
        take(handshake.0.finish())
    }

    /// Follows the stream a handshake connected, or backs off from its failure.
    private func take(_ outcome: Result<any FocusStream, FocusError>) {
        guard case .connecting(let delay, _) = state else { return }
        let stream: any FocusStream
        switch outcome {
        case .success(let connected): stream = connected
        case .failure(let error):
            if !failureReported { log("\(focusProtocol.name): \(error); app= bindings wait until it answers") }
            failureReported = true
            backOff()
            return
        }
        do {
            let registration = try loop.register(FileDescriptor(rawValue: stream.descriptor)) { [unowned self] in
                self.readable()
            }
            state = .connected(stream: stream, registration: registration, since: monotonicNow(), delay: delay)
        } catch {
            log("\(focusProtocol.name): cannot watch its socket: \(error)")
            backOff()
            return
        }
        if failureReported { log("\(focusProtocol.name): connected again") }
        failureReported = false
        try? loop.setDeadline(nil, for: timer)
        application = stream.initialFocus
    }

    private func readable() {
        guard case .connected(let stream, let registration, let since, let delay) = state else { return }
        do {
            for update in try stream.readUpdates() {
                switch update {
                case .focused(let application): self.application = application
                case .ignored(let reason): log("\(focusProtocol.name): ignoring a message: \(reason)")
                case .notice(let text): log("\(focusProtocol.name): \(text)")
                }
            }
        } catch {
            loop.unregister(registration)
            log("\(focusProtocol.name): \(error); no application has the focus until it is back")
            failureReported = true
            state = .connecting(delay: monotonicNow() - since >= Self.healthyConnection ? Self.firstDelay : delay,
                                handshake: nil)
            backOff()
        }
    }

    /// Drops the focus and schedules the next attempt after the current state's delay.
    private func backOff() {
        application = nil
        let delay: Interval
        switch state {
        case .connecting(let wait, _): delay = wait
        case .idle, .connected, .backingOff: delay = Self.firstDelay
        }
        let retry = monotonicNow() + delay
        state = .backingOff(retry: retry, delay: delay)
        try? loop.setDeadline(retry, for: timer)
    }
}
