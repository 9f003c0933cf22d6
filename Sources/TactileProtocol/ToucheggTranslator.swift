/// Turns the stream's gesture records into Touchégg's signals, one gesture at a time.
///
/// Touchégg's clients keep one gesture's type, direction, fingers and device from `Begin` to
/// `End` (GNOME's extension drops signals that change them) and follow one gesture at a time, so:
/// - a drag (or libinput's swipe) is a SWIPE, a magnify (or libinput's pinch) a PINCH, a single
///   tap a TAP; each with two fingers or more, as Touchégg sends them (one finger is the pointer's
///   and the application's). Long-press, rotate, hold, edge swipes and double taps have no Touchégg name.
/// - `Begin` waits until the direction is clear, by Touchégg's own rule: a swipe's once the
///   fingers moved past the start threshold along either axis (its direction is the dominant
///   axis of the motion so far), a pinch's once the scale left 1 (IN when it fell, OUT when it
///   rose). A drag of Tactile's `began` after 5 mm and once the landing settled (100 ms), so its
///   `Begin` goes out with its `began`; libinput's swipe and pinch begin before they moved, and
///   wait. Deciding at once, as Touchégg does, keeps the client's animation under the fingers;
///   a drag whose path later bends keeps the direction it began with, and its percentage along
///   that direction falls back, so the client does nothing.
/// - while one gesture is being sent, any other (another device, a rival) is not sent at all.
/// - a gesture that is cancelled ends with percentage 0: no client acts on it.
///
/// Percentages are Touchégg's (`ToucheggSurface`): on touchscreens measured from `Begin`, so 0 at
/// `Begin` (Touchégg resets its start positions there); on touchpads from the gesture's start, as
/// Touchégg reads libinput's deltas.
public struct ToucheggTranslator {
    /// Which gesture the signals being sent belong to.
    public struct GestureKey: Equatable, Sendable {
        public var device: Int
        public var sequence: UInt64
        public var gesture: GestureName
    }

    /// What a gesture that was begun keeps until its `End`.
    struct Begun: Equatable {
        var key: GestureKey
        var type: Touchegg.GestureType
        var direction: Touchegg.Direction
        var fingers: Int32
        var surface: ToucheggSurface
        /// When `Begin` went out, µs on the input's clock.
        var beganMicroseconds: Int64
        /// The translation (swipe) or scale (pinch) at `Begin`: where a touchscreen's percentage counts from.
        var originDX: Double, originDY: Double, originScale: Double
    }

    enum State: Equatable {
        /// Nothing is being sent: the next `began` of a mapped gesture takes the slot.
        case idle
        /// A mapped gesture began but its direction is not clear yet: nothing was sent, and no
        /// other gesture may begin until it is clear or over.
        case awaitingDirection(GestureKey, Touchegg.GestureType)
        /// `Begin` was sent: `Update` on each change, `End` when it ends or is cancelled.
        case sending(Begun)
    }

    private(set) var state = State.idle

    public init() {}

    /// Calls `emit` with each signal `record` makes (none, one, or two for a tap), in order.
    /// `device` tells devices apart (their records' sequences may coincide).
    public mutating func translate(_ record: GestureRecord, on surface: ToucheggSurface, device: Int,
                                   emit: (Touchegg.Signal) -> Void) {
        guard let type = Self.type(of: record.gesture) else { return }
        let key = GestureKey(device: device, sequence: record.sequence, gesture: record.gesture)
        switch state {
        case .idle:
            if type == .tap {
                guard record.count == 1, record.fingers >= 2 else { return }
                let begin = Touchegg.Signal(.begin, .tap, .unknown, percentage: 100, fingers: Int32(record.fingers),
                                            device: surface.device, elapsedMilliseconds: 0)
                emit(begin)
                var end = begin
                end.member = .end
                emit(end)
            } else if record.phase == .began, record.fingers >= 2 {
                state = .awaitingDirection(key, type)
                beginIfClear(record, type: type, key: key, on: surface, emit: emit)
            }
        case .awaitingDirection(let awaited, _) where awaited == key:
            switch record.phase {
            case .began, .changed: beginIfClear(record, type: type, key: key, on: surface, emit: emit)
            case .ended, .cancelled: state = .idle  // over before its direction was: nothing was sent
            }
        case .sending(let begun) where begun.key == key:
            switch record.phase {
            case .began, .changed:
                emit(signal(.update, begun, record))
            case .ended:
                emit(signal(.end, begun, record))
                state = .idle
            case .cancelled:
                var end = signal(.end, begun, record)
                end.percentage = 0
                emit(end)
                state = .idle
            }
        case .awaitingDirection, .sending:
            return  // another gesture has the slot
        }
    }

    private mutating func beginIfClear(_ record: GestureRecord, type: Touchegg.GestureType, key: GestureKey,
                                       on surface: ToucheggSurface, emit: (Touchegg.Signal) -> Void) {
        guard let direction = Self.direction(of: record, type: type, on: surface) else { return }
        let begun = Begun(key: key, type: type, direction: direction, fingers: Int32(record.fingers), surface: surface,
                          beganMicroseconds: record.timeMicroseconds,
                          originDX: record.dx, originDY: record.dy, originScale: record.scale)
        state = .sending(begun)
        emit(signal(.begin, begun, record))
    }

    /// Touchégg's `calculateSwipeDirection` once past the start threshold; a pinch's once its scale moved.
    static func direction(of record: GestureRecord, type: Touchegg.GestureType,
                          on surface: ToucheggSurface) -> Touchegg.Direction? {
        switch type {
        case .swipe:
            let horizontal = abs(record.dx) > abs(record.dy)
            let candidate: Touchegg.Direction = horizontal ? (record.dx > 0 ? .right : .left) : (record.dy > 0 ? .down : .up)
            let start = surface.swipeThresholds(along: candidate).start
            return max(abs(record.dx), abs(record.dy)) > start ? candidate : nil
        case .pinch:
            return record.scale == 1 ? nil : (record.scale < 1 ? .in : .out)
        case .tap:
            return .unknown
        }
    }

    private func signal(_ member: Touchegg.Member, _ begun: Begun, _ record: GestureRecord) -> Touchegg.Signal {
        let fromBegin = begun.surface.device == .touchscreen
        let percentage: Double = switch begun.type {
        case .swipe:
            begun.surface.swipePercentage(begun.direction, dx: record.dx - (fromBegin ? begun.originDX : 0),
                                          dy: record.dy - (fromBegin ? begun.originDY : 0))
        case .pinch:
            ToucheggSurface.pinchPercentage(begun.direction,
                                            scale: fromBegin && begun.originScale > 0 ? record.scale / begun.originScale : record.scale)
        case .tap: 100
        }
        let elapsed = max(0, record.timeMicroseconds - begun.beganMicroseconds) / 1_000
        return Touchegg.Signal(member, begun.type, begun.direction, percentage: percentage, fingers: begun.fingers,
                               device: begun.surface.device, elapsedMilliseconds: UInt64(elapsed))
    }

    /// The Touchégg type a stream gesture is sent as; nil for those Touchégg has no word for.
    static func type(of gesture: GestureName) -> Touchegg.GestureType? {
        switch gesture.touchegg {
        case .swipe?: .swipe
        case .pinch?: .pinch
        case .tap?: .tap
        case nil: nil
        }
    }
}
