import TactileCore
import TactileEvdev
import TactileRecordings

extension InputEvent {
    /// The same event `offset` µs later (earlier when negative): recordings re-timed to a clock.
    public func shifted(by offset: Int64) -> InputEvent {
        var event = self
        event.time = Instant(microseconds: time.microseconds + offset)
        return event
    }
}

/// What `tactile replay` recognizes in one device's events, as "kind phase fingers" at each
/// event's time (µs): to compare a recording with what it was made from.
public func replayedGestures(_ device: RecordedDevice) -> [(time: Int64, text: String)] {
    var replayer = Replayer(recording: Recording(devices: [device]))
    var result: [(time: Int64, text: String)] = []
    replayer.run(gesture: { _, event in
        result.append((event.time.microseconds, "\(event.kind.rawValue) \(event.phase.rawValue) \(event.fingers)"))
    })
    return result
}
