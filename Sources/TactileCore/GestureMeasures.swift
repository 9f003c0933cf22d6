/// What a kind of gesture's events measure besides time, phase, fingers and location: the facts
/// from which the stream's fields, a binding's conditions and the picture's labels follow, so a
/// kind says them once, in its descriptor.
public struct GestureMeasures: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// How many taps (`count`).
    public static let count = GestureMeasures(rawValue: 1 << 0)
    /// Ticks while held and the time since touch-down (`tick`, `elapsed`).
    public static let ticks = GestureMeasures(rawValue: 1 << 1)
    /// The surface edge it came in from (`edge`).
    public static let edge = GestureMeasures(rawValue: 1 << 2)
    /// Travel and velocity, and on `ended` the swipe direction (`dx`, `dy`, `vx`, `vy`, `direction`).
    public static let travel = GestureMeasures(rawValue: 1 << 3)
    /// The fingers' span relative to touch-down (`scale`).
    public static let scale = GestureMeasures(rawValue: 1 << 4)
    /// Degrees turned, clockwise positive (`angle`).
    public static let angle = GestureMeasures(rawValue: 1 << 5)
}
