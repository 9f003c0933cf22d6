import TactileCore
import TactileEvdev
import TactileSystem
import TactileRecordings

/// A recording as the daemon's input device (`tactile run --replay`): its events are fed at
/// `speed` times their recorded pace (0 = as fast as possible) on the event loop, so sockets,
/// bindings and signals behave exactly as with live input. Gesture times stay on the
/// recording's clock, as in `tactile replay`; like it, the recording is streamed (read as it is
/// fed, never held whole), so a replay of hours takes the memory of one of seconds.
///
/// It feeds at most `eventsPerTurn` events at a time and then lets the loop run, so even at
/// speed 0 the daemon answers signals and accepts clients while a long recording is fed.
final class PacedReplay {
    /// The speeds other than 0 (as fast as possible) that `--speed` takes: a thousand times
    /// slower to a thousand times faster. Slower would wait years between events; the limits
    /// also keep every paced time within what a microsecond clock holds.
    static let speeds = 0.001...1000.0
    /// How many events are fed before the loop gets its turn.
    static let eventsPerTurn = 256

    private var replayer: Replayer<AnyGesture<Void>>
    /// The recording's file, for messages.
    private let name: String
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
    /// Why the replay stopped before the recording's end: a pace it cannot keep, or a malformed
    /// line met as the recording is read.
    private(set) var failure: (any Error)?

    init(_ replayer: Replayer<AnyGesture<Void>>, name: String, speed: Double, loop: EventLoop) {
        self.replayer = replayer
        self.name = name
        self.speed = speed
        self.loop = loop
    }

    var devices: [Replayer<AnyGesture<Void>>.Device] { replayer.devices }

    func start() throws(Errno) {
        guard !started else { return }
        started = true
        timer = loop.addTimer { [unowned self] in feedDue() }
        origin = replayer.nextEventTime.map { ($0, monotonicNow()) }
        feedDue()
    }

    /// A configuration reload: gestures in flight end with `cancelled`, the new settings and
    /// gestures take over.
    func reconfigure(_ setup: (DeviceDescription) -> DeviceSetup<AnyGesture<Void>>) {
        replayer.reconfigure(setup: setup, gesture: onGesture)
    }

    /// Stops early (SIGTERM): gestures in flight end with `cancelled`.
    func stop() {
        guard !isFinished else { return }
        finish()
    }

    /// Feeds the events (and fires the deadlines) whose paced time has come, at most
    /// `eventsPerTurn` of them, then sleeps until the next one is due or the loop had its turn.
    private func feedDue() {
        var deliver = GestureDelivery(onGesture: onGesture)
        var fed = 0
        while let event = replayer.nextEventTime, let origin {
            let next = min(event, replayer.nextDeadline ?? event)
            if speed > 0 {
                guard let due = pacedTime(of: next, origin: origin) else {
                    failure = OutputError(message: "\(name): an event \((next - origin.recording).seconds) s into the "
                                          + "recording is further away than --speed \(speed) can wait for")
                    finish()
                    return
                }
                guard due <= monotonicNow() else {
                    try? loop.setDeadline(due, for: timer!)
                    return
                }
            }
            guard fed < Self.eventsPerTurn else {
                try? loop.setDeadline(monotonicNow(), for: timer!)
                return
            }
            fed += 1
            if next < event {
                replayer.advance(to: next, into: &deliver)
            } else {
                do {
                    _ = try replayer.step(into: &deliver)
                } catch {
                    failure = error
                    finish()
                    return
                }
            }
        }
        finish()
    }

    /// When `instant` of the recording is due on the wall clock; nil when that is beyond what an
    /// `Instant` holds (a clock that jumps by 9e12 s, at half speed).
    private func pacedTime(of instant: Instant, origin: (recording: Instant, wall: Instant)) -> Instant? {
        let (elapsed, overflow) = instant.microseconds.subtractingReportingOverflow(origin.recording.microseconds)
        let offset = Double(elapsed) / speed
        guard !overflow, offset.magnitude < 9.0e18, let microseconds = Int64(exactly: offset.rounded(.down)) else { return nil }
        let (due, late) = origin.wall.microseconds.addingReportingOverflow(microseconds)
        return late ? nil : Instant(microseconds: due)
    }

    private func finish() {
        isFinished = true
        replayer.finish(gesture: onGesture)
        if let timer { try? loop.setDeadline(nil, for: timer) }
        onFinished()
    }
}

/// The replayer's gestures handed to a closure; its frames are not needed.
private struct GestureDelivery: ReplaySink {
    let onGesture: (_ device: Int, _ event: GestureEvent) -> Void

    func frame(_ frame: borrowing TouchFrame, device: Int) {}
    func gesture(_ event: GestureEvent, device: Int) { onGesture(device, event) }
}
