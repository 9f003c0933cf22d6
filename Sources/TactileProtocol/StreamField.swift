import TactileCore

/// Every field of the gesture stream, in the order a line carries them: the one table from which
/// the JSON Lines encoder writes, the reader of `tactile listen` reads and bound commands get
/// their `TACTILE_*` environment. A new field is a new case; the compiler then asks for its key,
/// its format and which measure of a gesture it carries (`GestureMeasures`, said by each kind's
/// descriptor), and all three uses follow.
public enum StreamField: CaseIterable, Sendable {
    case time, sequence, device, surface, gesture, phase, fingers, x, y
    case count
    case tick, elapsed
    case edge
    case dx, dy, vx, vy, direction
    case scale, angle
    case source
    case mods

    /// How a field's value is written: numbers in fixed decimals by integer arithmetic, so the same
    /// record gives the same bytes on every machine.
    public enum Format: Equatable, Sendable {
        /// Microseconds written as seconds with six decimals.
        case seconds
        case integer
        case decimal(digits: Int)
        /// A JSON string.
        case text
        /// A JSON string, or `null` when the value is absent.
        case optionalText
        /// Words joined by `+`; the field is left out of a line that has none, as most lines do.
        case wordsIfAny
    }

    /// The JSON key.
    public var key: String {
        switch self {
        case .time: "time"
        case .sequence: "seq"
        case .device: "device"
        case .surface: "surface"
        case .gesture: "gesture"
        case .phase: "phase"
        case .fingers: "fingers"
        case .x: "x"
        case .y: "y"
        case .count: "count"
        case .tick: "tick"
        case .elapsed: "elapsed"
        case .edge: "edge"
        case .dx: "dx"
        case .dy: "dy"
        case .vx: "vx"
        case .vy: "vy"
        case .direction: "direction"
        case .scale: "scale"
        case .angle: "angle"
        case .source: "source"
        case .mods: "mods"
        }
    }

    /// The variable a bound command sees the field in.
    public var environmentName: String { "TACTILE_" + (self == .sequence ? "SEQ" : key.uppercased()) }

    public var format: Format {
        switch self {
        case .time, .elapsed: .seconds
        case .sequence, .fingers, .count, .tick: .integer
        case .x, .y, .dx, .dy: .decimal(digits: 2)
        case .vx, .vy, .angle: .decimal(digits: 1)
        case .scale: .decimal(digits: 3)
        case .device, .gesture, .phase, .source: .text
        // An edge swipe always has its edge; a line read without one writes it back as null, as
        // a device of no known kind (an encoder's test) its surface.
        case .direction, .edge, .surface: .optionalText
        case .mods: .wordsIfAny
        }
    }

    /// Whether a line of `gesture` in `phase` carries this field.
    @inline(__always)
    public func isCarried(by gesture: GestureName, in phase: GesturePhase) -> Bool {
        switch self {
        case .time, .sequence, .device, .surface, .gesture, .phase, .fingers, .x, .y: true
        case .count: gesture.measures.contains(.count)
        case .tick, .elapsed: gesture.measures.contains(.ticks)
        case .edge: gesture.measures.contains(.edge)
        case .dx, .dy, .vx, .vy: gesture.measures.contains(.travel)
        case .direction: gesture.measures.contains(.travel) && phase == .ended
        case .scale: gesture.measures.contains(.scale)
        case .angle: gesture.measures.contains(.angle)
        case .source: gesture.isPassedThrough
        // Every gesture, on the lines of one begun while a modifier was held.
        case .mods: true
        }
    }
}
