import TactileCore
import TactileEvdev
import TactileSystem
import TactileRecordings

/// A recording as the daemon's input device (`tactile run --replay`): its events are fed at
/// `speed` times their recorded pace (0 = as fast as possible) on the event loop, so sockets,
/// bindings and signals behave exactly as with live input. Gesture times stay on the
/// recording's clock, as in `tactile replay`.
final class PacedReplay {
    private var replayer: Replayer<AnyGesture>
    private let speed: Double
    private let loop: EventLoop
    private var timer: EventLoop.Timer?
    /// The recording's first event time and the wall-clock instant it was replayed at.
    private var origin: (recording: Instant, wall: Instant)?
    var onGesture: (_ device: Int, _ event: GestureEvent) -> Void = { _, _ in }
    /// Called once every event was fed and every gesture delivered.
    var onFinished: () -> Void = {}
    private(set) var isFinished = false
    private(set) var started = false

    init(_ replayer: Replayer<AnyGesture>, speed: Double, loop: EventLoop) {
        self.replayer = replayer
        self.speed = speed
        self.loop = loop
    }

    var devices: [Replayer<AnyGesture>.Device] { replayer.devices }

    func start() throws(Errno) {
        guard !started else { return }
        started = true
        timer = loop.addTimer { [unowned self] in feedDue() }
        origin = replayer.nextEventTime.map { ($0, monotonicNow()) }
        feedDue()
    }

    /// A configuration reload: gestures in flight end with `cancelled`, the new settings and
    /// gestures take over.
    func reconfigure(_ setup: (DeviceDescription) -> DeviceSetup<AnyGesture>) {
        replayer.reconfigure(setup: setup, gesture: onGesture)
    }

    /// Stops early (SIGTERM): gestures in flight end with `cancelled`.
    func stop() {
        guard !isFinished else { return }
        finish()
    }

    /// Feeds every event (and fires every deadline) whose paced time has come, then sleeps
    /// until the next one.
    private func feedDue() {
        let deliver = onGesture
        while let event = replayer.nextEventTime, let origin {
            let next = min(event, replayer.nextDeadline ?? event)
            if speed > 0 {
                let recorded = Double((next - origin.recording).microseconds)
                let due = origin.wall + Interval(microseconds: Int64(recorded / speed))
                guard due <= monotonicNow() else {
                    try? loop.setDeadline(due, for: timer!)
                    return
                }
            }
            if next < event {
                replayer.advance(to: next, gesture: deliver)
            } else {
                _ = replayer.step(gesture: deliver)
            }
        }
        finish()
    }

    private func finish() {
        isFinished = true
        replayer.finish(gesture: onGesture)
        if let timer { try? loop.setDeadline(nil, for: timer) }
        onFinished()
    }
}
