import TactileCore
import TactileProtocol

/// What the timeline draws for one recognized gesture: a tap at its moment, or a span from
/// `began` to `ended`/`cancelled` with the long-press ticks in between.
struct GestureMark {
    enum Outcome {
        case ended
        case cancelled
        /// The recording stopped before the gesture ended (the engine normally ends it at the
        /// end of input, so this only shows for pictures built from partial event streams).
        case unfinished
    }

    let kind: GestureKind
    let sequence: UInt64
    let start: Instant
    private(set) var end: Instant
    private(set) var outcome: Outcome
    /// The latest event's finger count: fingers that land late still belong to a drag.
    private(set) var fingers: Int
    /// Times of the long-press `changed` ticks.
    private(set) var ticks: [Instant] = []
    /// The last event of the gesture, for the kind-specific details of the label.
    private var last: GestureEvent

    /// A mark starting at `event`: a `began`, or a tap's single `ended`.
    init(_ event: GestureEvent) {
        kind = event.kind
        sequence = event.sequence
        start = event.time
        end = event.time
        fingers = event.fingers
        last = event
        outcome = event.phase == .cancelled ? .cancelled : event.phase == .ended ? .ended : .unfinished
    }

    /// A tap is a moment; everything else spans time.
    var isMoment: Bool { kind == .tap }

    var isOpen: Bool { outcome == .unfinished }

    /// Takes in a later `changed`, `ended` or `cancelled` event of the same gesture.
    mutating func update(_ event: GestureEvent) {
        end = event.time
        fingers = event.fingers
        last = event
        switch event.phase {
        case .began, .changed:
            if event.payload.readings.tick > 0 { ticks.append(event.time) }
        case .ended: outcome = .ended
        case .cancelled: outcome = .cancelled
        }
    }

    /// Closes a gesture whose end never came, at `time`.
    mutating func abandon(at time: Instant) {
        end = time
    }

    /// How many taps, for a tap.
    var count: Int { last.payload.readings.count }

    /// "2f down", "2f ×1.35", "2f +30°": fingers, then what the gesture measured (a tap's
    /// count is drawn in its mark).
    var label: String {
        var text = "\(fingers)f"
        let measures = GestureRegistry.descriptor(for: kind).measures
        let readings = last.payload.readings
        if measures.contains(.edge), let edge = readings.edge { text += " from \(edge.rawValue)" }
        if measures.contains(.travel), outcome == .ended { text += " \(readings.direction?.rawValue ?? "not straight")" }
        if measures.contains(.scale) { text += " ×" + Decimal.string(readings.scale, digits: 2) }
        if measures.contains(.angle) {
            text += " " + (readings.angle.degrees >= 0 ? "+" : "") + Decimal.string(readings.angle.degrees, digits: 0) + "°"
        }
        switch outcome {
        case .ended: return text
        case .cancelled: return text + " cancelled"
        case .unfinished: return text + " unfinished"
        }
    }
}
