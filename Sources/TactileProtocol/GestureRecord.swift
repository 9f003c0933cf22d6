import TactileCore

/// A gesture event as the stream carries it: built from an engine's `GestureEvent` or a
/// `PassThroughGesture` in the daemon, read back from a JSON line by `tactile listen`. Every
/// field of `StreamField` is here; which of them a line carries depends on the gesture.
public struct GestureRecord: Equatable, Sendable {
    /// Seconds on the input's clock, in microseconds (written with six decimals).
    public var timeMicroseconds: Int64 = 0
    public var sequence: UInt64 = 0
    public var device = ""
    /// The kind of device it was made on; nil when not known.
    public var surface: SurfaceKind?
    public var gesture: GestureName
    public var phase: GesturePhase
    public var fingers = 0
    public var x = 0.0, y = 0.0
    public var count = 0
    public var tick = 0
    public var elapsedMicroseconds: Int64 = 0
    /// The declared gesture it came from (`[gestures]` of the configuration); nil for the default set's.
    public var name: String?
    /// edge-swipe: the edge it came in from.
    public var edge: SurfaceEdge?
    public var dx = 0.0, dy = 0.0
    public var vx = 0.0, vy = 0.0
    public var direction: SwipeDirection?
    public var scale = 1.0
    public var angle = 0.0
    /// The modifiers held on the keyboards as its gesture began (the daemon reads them live only).
    public var modifiers: ModifierSet = []

    public var time: Double { Double(timeMicroseconds) / 1_000_000 }
    public var elapsed: Double { Double(elapsedMicroseconds) / 1_000_000 }

    public init(gesture: GestureName, phase: GesturePhase) {
        self.gesture = gesture
        self.phase = phase
    }

    /// - Parameter name: the declared gesture's name, for an event that carries its label.
    public init(_ event: GestureEvent, device: String, surface: SurfaceKind? = nil, name: String? = nil) {
        self.init(gesture: .recognized(event.kind), phase: event.phase)
        self.name = name
        timeMicroseconds = event.time.microseconds
        sequence = event.sequence
        self.device = device
        self.surface = surface
        fingers = event.fingers
        (x, y) = (event.location.x, event.location.y)
        let readings = event.payload.readings
        count = readings.count
        tick = readings.tick
        elapsedMicroseconds = readings.elapsed.microseconds
        edge = readings.edge
        (dx, dy) = (readings.translation.x, readings.translation.y)
        (vx, vy) = (readings.velocity.x, readings.velocity.y)
        direction = readings.direction
        scale = readings.scale
        angle = readings.angle.degrees
    }

    /// libinput passes through only touchpads' gestures.
    public init(_ gesture: PassThroughGesture, device: String) {
        self.init(gesture: .passedThrough(gesture.kind), phase: gesture.phase)
        timeMicroseconds = gesture.time.microseconds
        sequence = gesture.sequence
        self.device = device
        surface = .touchpad
        fingers = gesture.fingers
        (x, y) = (gesture.location.x, gesture.location.y)
        (dx, dy) = (gesture.translation.x, gesture.translation.y)
        (vx, vy) = (gesture.velocity.x, gesture.velocity.y)
        direction = gesture.direction
        scale = gesture.scale
        angle = gesture.angleDegrees
    }

    /// The key of a declared gesture's name on the stream, the last field of its lines.
    public static let nameKey = "name"
    /// The variable a bound command sees a declared gesture's name in.
    public static let nameVariable = "TACTILE_NAME"

    /// `TACTILE_*` variables for a bound command: the fields this record's line carries, written
    /// as on the line, so scripts need no parsing.
    public var environment: [String] {
        var variables: [String] = []
        for field in StreamField.lineOrder where field.isCarried(by: gesture, in: phase) {
            if field.format == .wordsIfAny && modifiers.isEmpty { continue }
            var bytes: [UInt8] = []
            switch value(of: field) {
            case .seconds(let microseconds): Decimal.append(fixedPoint: microseconds, digits: 6, to: &bytes)
            case .integer(let integer): Decimal.appendInteger(integer, to: &bytes)
            case .decimal(let number, let digits): Decimal.append(number, digits: digits, to: &bytes)
            case .text(let text): bytes.append(contentsOf: (text ?? "").utf8)
            }
            variables.append(field.environmentName + "=" + String(decoding: bytes, as: UTF8.self))
        }
        if let name { variables.append(Self.nameVariable + "=" + name) }
        return variables
    }
}

/// A field's value in a record, as its `StreamField.Format` writes it.
public enum StreamValue: Equatable, Sendable {
    case seconds(microseconds: Int64)
    case integer(Int64)
    case decimal(Double, digits: Int)
    /// nil: JSON `null`.
    case text(String?)
}

extension GestureRecord {
    /// The value `field` has in this record.
    @inline(__always)
    public func value(of field: StreamField) -> StreamValue {
        let digits: Int
        if case .decimal(let fieldDigits) = field.format { digits = fieldDigits } else { digits = 0 }
        switch field {
        case .time: return .seconds(microseconds: timeMicroseconds)
        case .sequence: return .integer(Int64(clamping: sequence))
        case .device: return .text(device)
        case .surface: return .text(surface?.rawValue)
        case .gesture: return .text(gesture.rawValue)
        case .phase: return .text(phase.rawValue)
        case .fingers: return .integer(Int64(fingers))
        case .x: return .decimal(x, digits: digits)
        case .y: return .decimal(y, digits: digits)
        case .count: return .integer(Int64(count))
        case .tick: return .integer(Int64(tick))
        case .elapsed: return .seconds(microseconds: elapsedMicroseconds)
        case .edge: return .text(edge?.rawValue)
        case .dx: return .decimal(dx, digits: digits)
        case .dy: return .decimal(dy, digits: digits)
        case .vx: return .decimal(vx, digits: digits)
        case .vy: return .decimal(vy, digits: digits)
        case .direction: return .text(direction?.rawValue)
        case .scale: return .decimal(scale, digits: digits)
        case .angle: return .decimal(angle, digits: digits)
        case .source: return .text(gesture.isPassedThrough ? "libinput" : "tactile")
        case .mods: return .text(modifiers.text)
        }
    }
}

extension StreamField {
    /// `allCases`, stored: iterating it per line allocates nothing.
    public static let lineOrder: [StreamField] = allCases
}
