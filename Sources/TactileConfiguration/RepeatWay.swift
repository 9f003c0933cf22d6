/// Which way a binding's `every=` counts the gesture's measure (a drag's distance from where it
/// began, a rotate's angle, a magnify's scale): either way (`every=10mm`), or only as it grows
/// (`every=+10mm`) or shrinks (`every=-10mm`), so that one gesture can step something up and down,
/// as Touchégg's `decreaseKeys` and InputActions' signed intervals do.
public enum RepeatWay: Sendable {
    case either
    case growing
    case shrinking

    /// The way an `every=` value's sign asks for: none, `+` or `-`.
    init(sign: Character?) {
        switch sign {
        case "+": self = .growing
        case "-": self = .shrinking
        default: self = .either
        }
    }

    /// Whether the measure went `step` the counted way from `start` to `progress`.
    public func reached(_ step: Double, from start: Double, to progress: Double) -> Bool {
        travelled(from: start, to: progress) >= step
    }

    /// How far the measure went the counted way from `start` to `progress` (negative: the other way).
    public func travelled(from start: Double, to progress: Double) -> Double {
        switch self {
        case .either: abs(progress - start)
        case .growing: progress - start
        case .shrinking: start - progress
        }
    }

    /// Whether the measure went back the other way past `start`: a signed repeat then counts
    /// from where it turned, as a decrease counts from the top it reached.
    public func turnedBack(from start: Double, to progress: Double) -> Bool {
        switch self {
        case .either: false
        case .growing: progress < start
        case .shrinking: progress > start
        }
    }
}
