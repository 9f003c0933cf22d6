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
    /// The diagonals, as libinput-gestures and lisgd have them: asked for by any binding of a
    /// gesture, they split its compass into eight equal sectors (`way(of:by:eightWay:)`).
    case upLeft = "up-left", upRight = "up-right", downLeft = "down-left", downRight = "down-right"
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
        case .up, .down, .left, .right, .upLeft, .upRight, .downLeft, .downRight: .travel
        case .in, .out: .scale
        case .clockwise, .counterclockwise: .angle
        }
    }

    /// The directions judged from `measure`, in the order messages list them.
    public static func ways(by measure: Measure) -> [BindingDirection] {
        allCases.filter { $0.measure == measure }
    }

    /// Whether it is one of the four diagonals.
    public var isDiagonal: Bool { [.upLeft, .upRight, .downLeft, .downRight].contains(self) }

    /// Which way `record` went by `measure`: on `ended`, how it ended; on `began` (the record a
    /// binding on a later phase is judged by), where it had gone by then. nil: no way yet (a
    /// drag that did not end straight, a scale of exactly 1).
    ///
    /// A drag is judged in four ways unless `eightWay`, when some binding of its gesture asks
    /// for a diagonal: then each direction has a sector of 45°, as in libinput-gestures, and a
    /// straight path is judged again from its travel.
    public static func way(of record: GestureRecord, by measure: Measure, eightWay: Bool = false) -> BindingDirection? {
        switch measure {
        case .travel:
            if record.phase == .ended {
                guard let direction = record.direction else { return nil }
                return eightWay ? octant(record.dx, record.dy) : BindingDirection(rawValue: direction.rawValue)
            }
            guard record.dx != 0 || record.dy != 0 else { return nil }
            return eightWay ? octant(record.dx, record.dy) : axis(record.dx, record.dy)
        case .scale: return record.scale < 1 ? .in : record.scale > 1 ? .out : nil
        case .angle: return record.angle > 0 ? .clockwise : record.angle < 0 ? .counterclockwise : nil
        }
    }

    /// The dominant axis of a travel.
    private static func axis(_ dx: Double, _ dy: Double) -> BindingDirection {
        abs(dx) > abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
    }

    /// tan(22.5°): libinput-gestures' `OBLIQUE_RATIO`, the edge of an axis's eighth of the compass.
    static let obliqueRatio = 0.41421356237309503

    /// The eighth of the compass a travel lies in.
    private static func octant(_ dx: Double, _ dy: Double) -> BindingDirection {
        if abs(dy) <= abs(dx) * obliqueRatio { return dx > 0 ? .right : .left }
        if abs(dx) <= abs(dy) * obliqueRatio { return dy > 0 ? .down : .up }
        return dy > 0 ? (dx > 0 ? .downRight : .downLeft) : (dx > 0 ? .upRight : .upLeft)
    }
}
