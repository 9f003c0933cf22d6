import TactileCore

/// Why a line of the stream is not a gesture event Tactile could have written.
public struct StreamLineError: Error, Equatable, CustomStringConvertible {
    public var description: String
}

extension GestureRecord {
    /// Reads one line of Tactile's JSON Lines output. Fields the line's gesture does not carry
    /// and keys Tactile does not write are ignored (a newer daemon may add some); a carried field
    /// that is missing keeps its default. Numbers out of their field's range are an error, never a
    /// trap: the line comes from a socket anyone in the `tactile` group may write to.
    public init(jsonLine: some StringProtocol) throws(StreamLineError) {
        guard let object = FlatJSONObject(String(jsonLine)) else {
            throw StreamLineError(description: "not a flat JSON object")
        }
        guard let name = object.string("gesture"), let gesture = GestureName(rawValue: name) else {
            throw StreamLineError(description: "expected \"gesture\": one of "
                + GestureName.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard let phaseName = object.string("phase"), let phase = GesturePhase(rawValue: phaseName) else {
            throw StreamLineError(description: "expected \"phase\": began, changed, ended or cancelled")
        }
        self.init(gesture: gesture, phase: phase)
        for field in StreamField.lineOrder where field.isCarried(by: gesture, in: phase) {
            guard let value = object[field.key] else { continue }
            try assign(value, to: field)
        }
        switch object[Self.nameKey] {
        case nil: break
        case .string(let text)?: self.name = text
        case _?: throw StreamLineError(description: "\"\(Self.nameKey)\": expected a string")
        }
    }

    private mutating func assign(_ json: FlatJSONObject.Value, to field: StreamField) throws(StreamLineError) {
        switch field {
        case .gesture, .phase, .source: return  // read above, or implied by the gesture
        case .time: timeMicroseconds = try Self.microseconds(json, field)
        case .elapsed: elapsedMicroseconds = try Self.microseconds(json, field)
        case .sequence: sequence = UInt64(try Self.integer(json, field, in: 0...(1 << 53)))
        case .fingers: fingers = Int(try Self.integer(json, field, in: 0...Int64(TouchFrame.capacity)))
        case .count: count = Int(try Self.integer(json, field, in: 0...Int64(Int32.max)))
        case .tick: tick = Int(try Self.integer(json, field, in: 0...Int64(Int32.max)))
        case .device:
            guard case .string(let text) = json else { throw Self.expected("a string", field) }
            device = text
        case .surface:
            switch json {
            case .null: surface = nil
            case .string(let text):
                guard let value = SurfaceKind(rawValue: text) else { throw Self.expected("touchpad, touchscreen or null", field) }
                surface = value
            case .number, .boolean: throw Self.expected("touchpad, touchscreen or null", field)
            }
        case .edge:
            switch json {
            case .null: edge = nil
            case .string(let text):
                guard let value = SurfaceEdge(rawValue: text) else { throw Self.expected("top, bottom, left, right or null", field) }
                edge = value
            case .number, .boolean: throw Self.expected("top, bottom, left, right or null", field)
            }
        case .direction:
            switch json {
            case .null: direction = nil
            case .string(let text):
                guard let value = SwipeDirection(rawValue: text) else { throw Self.expected(Self.directions, field) }
                direction = value
            case .number, .boolean: throw Self.expected(Self.directions, field)
            }
        case .mods:
            guard case .string(let text) = json, let held = ModifierSet(text: text), !held.isEmpty else {
                throw Self.expected("modifiers such as ctrl+alt", field)
            }
            modifiers = held
        case .x: x = try Self.decimal(json, field)
        case .y: y = try Self.decimal(json, field)
        case .dx: dx = try Self.decimal(json, field)
        case .dy: dy = try Self.decimal(json, field)
        case .vx: vx = try Self.decimal(json, field)
        case .vy: vy = try Self.decimal(json, field)
        case .scale: scale = try Self.decimal(json, field)
        case .angle: angle = try Self.decimal(json, field)
        }
    }

    /// What a `direction` may be: "up, down, …, down-right or null".
    private static let directions = SwipeDirection.allCases.map(\.rawValue).joined(separator: ", ") + " or null"

    private static func expected(_ what: String, _ field: StreamField) -> StreamLineError {
        StreamLineError(description: "\"\(field.key)\": expected \(what)")
    }

    private static func decimal(_ json: FlatJSONObject.Value, _ field: StreamField) throws(StreamLineError) -> Double {
        guard case .number(let number, _) = json, number.isFinite else { throw expected("a finite number", field) }
        return number
    }

    private static func integer(_ json: FlatJSONObject.Value, _ field: StreamField,
                                in range: ClosedRange<Int64>) throws(StreamLineError) -> Int64 {
        guard case .number(let number, _) = json, number.isFinite, number == number.rounded(),
            number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else {
            throw expected("a whole number from \(range.lowerBound) to \(range.upperBound)", field)
        }
        return Int64(number)
    }

    /// Seconds, to the microsecond; at most ±2⁵³ µs (285 years), which any clock stays within.
    private static func microseconds(_ json: FlatJSONObject.Value, _ field: StreamField) throws(StreamLineError) -> Int64 {
        let limit: Int64 = 1 << 53
        guard case .number(let seconds, let text) = json, seconds.isFinite,
              let microseconds = Decimal.fixedPoint(text, digits: 6) ?? Int64(exactly: (seconds * 1_000_000).rounded()),
              microseconds.magnitude <= limit.magnitude else {
            throw expected("seconds within ±\(limit / 1_000_000)", field)
        }
        return microseconds
    }
}
