import TactileProtocol

/// What a binding's `direction=` asks of a gesture: where a drag, edge swipe or swipe went,
/// whether a magnify closed or spread, which way a rotate turned (a pinch, libinput's, has both).
///
/// On `ended` it is how the gesture ended: a drag's direction as the stream gives it (a straight
/// path), a magnify's scale below or above 1, a rotate's angle either side of 0. On any other
/// phase it is how the gesture began, judged from its `began` event, so that a binding on
/// `changed` repeats only within a gesture that set off that way (Touchégg decides a gesture's
/// direction as it begins, and keeps it).
public enum BindingDirection: String, CaseIterable, Sendable {
    case up, down, left, right
    /// The fingers closed: scale below 1.
    case `in`
    /// The fingers spread: scale above 1.
    case out
    /// Angle above 0.
    case clockwise
    /// Angle below 0.
    case counterclockwise

    /// What a direction is judged from.
    public enum Measure: Sendable {
        /// The travel: `dx`, `dy`, and on `ended` the stream's `direction`.
        case travel
        /// `scale`.
        case scale
        /// `angle`.
        case angle
    }

    public var measure: Measure {
        switch self {
        case .up, .down, .left, .right: .travel
        case .in, .out: .scale
        case .clockwise, .counterclockwise: .angle
        }
    }

    /// The directions judged from `measure`, in the order messages list them.
    public static func ways(by measure: Measure) -> [BindingDirection] {
        allCases.filter { $0.measure == measure }
    }

    /// Which way `record` went by `measure`: on `ended`, how it ended; on `began` (the record a
    /// binding on a later phase is judged by), where it had gone by then. nil: no way yet (a
    /// drag that did not end straight, a scale of exactly 1).
    public static func way(of record: GestureRecord, by measure: Measure) -> BindingDirection? {
        switch measure {
        case .travel:
            if record.phase == .ended { return record.direction.flatMap { BindingDirection(rawValue: $0.rawValue) } }
            let (dx, dy) = (record.dx, record.dy)
            guard dx != 0 || dy != 0 else { return nil }
            return abs(dx) > abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        case .scale: return record.scale < 1 ? .in : record.scale > 1 ? .out : nil
        case .angle: return record.angle > 0 ? .clockwise : record.angle < 0 ? .counterclockwise : nil
        }
    }
}
