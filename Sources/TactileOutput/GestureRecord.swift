import TactileCore

/// A gesture event as bindings see it: built from a `GestureEvent` in the daemon, or read back
/// from a JSON line by `tactile listen --bindings`.
public struct GestureRecord: Equatable {
    public var time = 0.0
    public var sequence: UInt64 = 0
    public var device = ""
    public var gesture: GestureKind
    public var phase: GesturePhase
    public var fingers = 0
    public var x = 0.0, y = 0.0
    public var dx = 0.0, dy = 0.0
    public var vx = 0.0, vy = 0.0
    public var direction: SwipeDirection?
    public var count = 0
    public var tick = 0
    public var elapsed = 0.0
    public var scale = 1.0
    public var angle = 0.0

    public init(_ event: GestureEvent, device: String) {
        time = event.time.seconds
        sequence = event.sequence
        self.device = device
        gesture = event.kind
        phase = event.phase
        fingers = event.fingers
        (x, y) = (event.location.x, event.location.y)
        (dx, dy) = (event.translation.x, event.translation.y)
        (vx, vy) = (event.velocity.x, event.velocity.y)
        direction = event.direction
        count = event.count
        tick = event.tick
        elapsed = event.elapsed.seconds
        scale = event.scale
        angle = event.angleDegrees
    }

    /// Reads one line of Tactile's JSON Lines output. The line comes from outside (a socket), so
    /// every number is checked before it is converted: a value out of range is an error that
    /// says which field and what was expected, never a trap.
    public init(jsonLine: some StringProtocol) throws(GestureLineError) {
        guard let object = FlatJSONObject(String(jsonLine)) else { throw GestureLineError("expected a JSON object") }
        guard let gestureName = object.string("gesture") else { throw GestureLineError("expected a \"gesture\" field") }
        guard let gesture = GestureKind(rawValue: gestureName) else {
            throw GestureLineError("unknown gesture '\(gestureName)'")
        }
        guard let phaseName = object.string("phase"), let phase = GesturePhase(rawValue: phaseName) else {
            throw GestureLineError("expected \"phase\": began, changed, ended or cancelled")
        }
        self.gesture = gesture
        self.phase = phase
        device = object.string("device") ?? ""
        direction = object.string("direction").flatMap(SwipeDirection.init(rawValue:))
        time = try object.finite("time") ?? 0
        sequence = UInt64(try object.whole("seq", in: 0...(1 << 53)) ?? 0)
        fingers = try object.whole("fingers", in: 0...Int64(TouchFrame.capacity)).map(Int.init) ?? 0
        x = try object.finite("x") ?? 0
        y = try object.finite("y") ?? 0
        dx = try object.finite("dx") ?? 0
        dy = try object.finite("dy") ?? 0
        vx = try object.finite("vx") ?? 0
        vy = try object.finite("vy") ?? 0
        count = try object.whole("count", in: 0...Int64(Int32.max)).map(Int.init) ?? 0
        tick = try object.whole("tick", in: 0...Int64(Int32.max)).map(Int.init) ?? 0
        elapsed = try object.finite("elapsed") ?? 0
        scale = try object.finite("scale") ?? 1
        angle = try object.finite("angle") ?? 0
    }

    /// `TACTILE_*` variables for a bound command: the gesture's fields, so scripts need no parsing.
    public var environment: [String] {
        var variables = [
            "TACTILE_GESTURE=\(gesture.rawValue)", "TACTILE_PHASE=\(phase.rawValue)",
            "TACTILE_FINGERS=\(fingers)", "TACTILE_DEVICE=\(device)", "TACTILE_SEQ=\(sequence)",
            "TACTILE_TIME=\(Decimal.string(time, digits: 6))",
            "TACTILE_X=\(Decimal.string(x, digits: 2))", "TACTILE_Y=\(Decimal.string(y, digits: 2))",
        ]
        switch gesture {
        case .tap: variables.append("TACTILE_COUNT=\(count)")
        case .longPress: variables += ["TACTILE_TICK=\(tick)", "TACTILE_ELAPSED=\(Decimal.string(elapsed, digits: 6))"]
        case .drag, .swipe:
            variables += ["TACTILE_DX=\(Decimal.string(dx, digits: 2))", "TACTILE_DY=\(Decimal.string(dy, digits: 2))",
                          "TACTILE_DIRECTION=\(direction?.rawValue ?? "")"]
        case .magnify, .pinch: variables.append("TACTILE_SCALE=\(Decimal.string(scale, digits: 3))")
        case .rotate: variables.append("TACTILE_ANGLE=\(Decimal.string(angle, digits: 1))")
        case .hold: break
        }
        return variables
    }
}

/// A JSON object whose values are strings, numbers, booleans or null — what Tactile writes.
struct FlatJSONObject {
    private enum Value {
        case string(String)
        /// The number and its text as written, for messages.
        case number(Double, text: String)
        case other
    }

    private var values: [String: Value] = [:]

    init?(_ text: String) {
        var characters = Array(text.unicodeScalars)[...]
        func skipSpaces() { while let c = characters.first, c == " " || c == "\t" || c == "\r" { characters.removeFirst() } }
        func string() -> String? {
            guard characters.first == "\"" else { return nil }
            characters.removeFirst()
            var result = String.UnicodeScalarView()
            while let c = characters.popFirst() {
                if c == "\"" { return String(result) }
                if c == "\\" {
                    guard let escaped = characters.popFirst() else { return nil }
                    switch escaped {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    case "u":
                        let hex = String(String.UnicodeScalarView(characters.prefix(4)))
                        characters = characters.dropFirst(4)
                        guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
                        result.append(scalar)
                    default: result.append(escaped)
                    }
                } else {
                    result.append(c)
                }
            }
            return nil
        }
        skipSpaces()
        guard characters.popFirst() == "{" else { return nil }
        skipSpaces()
        if characters.first == "}" { return }
        while true {
            skipSpaces()
            guard let key = string() else { return nil }
            skipSpaces()
            guard characters.popFirst() == ":" else { return nil }
            skipSpaces()
            if characters.first == "\"" {
                guard let value = string() else { return nil }
                values[key] = .string(value)
            } else {
                let token = characters.prefix { $0 != "," && $0 != "}" && $0 != " " }
                characters = characters.dropFirst(token.count)
                let text = String(String.UnicodeScalarView(token))
                if let number = Double(text) {
                    values[key] = .number(number, text: text)
                } else if text == "null" || text == "true" || text == "false" {
                    values[key] = .other
                } else {
                    return nil
                }
            }
            skipSpaces()
            switch characters.popFirst() {
            case ",": continue
            case "}": return
            default: return nil
            }
        }
    }

    func string(_ key: String) -> String? {
        if case .string(let value)? = values[key] { return value }
        return nil
    }

    /// The finite number at `key`; nil when absent. `1e400` reads as infinity: an error.
    func finite(_ key: String) throws(GestureLineError) -> Double? {
        guard case .number(let value, let text)? = values[key] else { return nil }
        guard value.isFinite else { throw GestureLineError("\"\(key)\": expected a finite number, got \(text)") }
        return value
    }

    /// The whole number in `range` at `key`; nil when absent.
    func whole(_ key: String, in range: ClosedRange<Int64>) throws(GestureLineError) -> Int64? {
        guard case .number(let value, let text)? = values[key] else { return nil }
        // Compared as doubles first: Int64(exactly:) of 1e300 is nil, never a trap.
        guard value >= Double(range.lowerBound), value <= Double(range.upperBound), let whole = Int64(exactly: value)
        else {
            throw GestureLineError(
                "\"\(key)\": expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return whole
    }
}

/// Why a line of the stream is not a gesture event Tactile could have written.
public struct GestureLineError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
