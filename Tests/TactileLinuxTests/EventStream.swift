import Glibc
import TactileCore
import TactileEvdev
import TactileLinux

/// Writes a recording's events to an emulated node the way the device would: each frame (the
/// events up to its SYN_REPORT) in one write, at its own time on CLOCK_MONOTONIC shifted so
/// the recording starts just after now.
enum EventStream {
    /// Returns the shift, in µs, from the recording's clock to the live one.
    @discardableResult
    static func play(_ events: [InputEvent], to node: FileDescriptorHandle, startingIn lead: Int64 = 100_000) -> Int64 {
        guard let first = events.first else { return 0 }
        let shift = monotonicNow().microseconds + lead - first.time.microseconds
        var start = events.startIndex
        while start < events.endIndex {
            var end = start
            while end < events.endIndex {
                let isReport = events[end].type == EventType.syn && events[end].code == SynCode.report
                end += 1
                if isReport { break }
            }
            let due = events[end - 1].time.microseconds + shift
            let wait = due - monotonicNow().microseconds
            if wait > 0 { usleep(UInt32(wait)) }
            node.write(events[start..<end]) { $0.time.microseconds + shift }
            start = end
        }
        return shift
    }
}

/// What two runs must agree on for one gesture event: kind, phase, fingers, direction and time.
struct GestureSummary: Equatable, CustomStringConvertible {
    var gesture: String
    var phase: String
    var fingers: Int
    var direction: String?
    /// µs on the recording's clock.
    var time: Int64

    init(_ event: GestureEvent, shiftedBy shift: Int64) {
        gesture = event.kind.rawValue
        phase = event.phase.rawValue
        fingers = event.fingers
        direction = event.phase == .ended && event.kind == .drag ? event.direction?.rawValue ?? "null" : nil
        time = event.time.microseconds - shift
    }

    init(_ line: [String: Any], shiftedBy shift: Int64) {
        gesture = line["gesture"] as? String ?? "?"
        phase = line["phase"] as? String ?? "?"
        fingers = line["fingers"] as? Int ?? -1
        if line.keys.contains("direction") {
            direction = line["direction"] as? String ?? "null"
        }
        let seconds = line["time"] as? Double ?? 0
        time = Int64((seconds * 1_000_000).rounded()) - shift
    }

    var description: String { "\(time) \(gesture) \(phase) \(fingers)\(direction.map { " " + $0 } ?? "")" }
}
