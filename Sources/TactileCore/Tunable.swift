/// One threshold of a gesture kind that a configuration may set: `drag.minimum-distance = 6mm`.
public struct Tunable: Sendable {
    /// What a tunable's value measures, and so how a configuration writes it.
    public enum Unit: String, Sendable {
        /// Written `300ms` or `0.5s`.
        case duration
        /// Written `5mm`.
        case millimetres
        /// Written `15deg`.
        case degrees
        /// A plain number: a scale change.
        case scale
        /// A plain whole number of long-press ticks.
        case ticks

        /// How a value of this unit is written, for messages and the documentation.
        public var example: String {
            switch self {
            case .duration: "300ms or 0.5s"
            case .millimetres: "5mm"
            case .degrees: "15deg"
            case .scale: "0.15"
            case .ticks: "5"
            }
        }
    }

    /// The kind whose threshold it is.
    public let kind: GestureKind
    /// The key after the gesture's name: `minimum-distance` in `drag.minimum-distance`.
    public let name: String
    /// What the value measures.
    public let unit: Unit
    /// Its value when no configuration sets it, in the unit (seconds for durations).
    public let defaultValue: Double
    /// The smallest value accepted, in the unit (seconds for durations); larger values only must be
    /// positive and finite.
    public let minimum: Double
    /// Whether `minimum` itself is allowed (a long-press interval of exactly 10 ms is).
    public let minimumIsAllowed: Bool
    /// What the threshold does and where its default comes from, for `tactile.conf(5)` and the README.
    public let summary: String
    /// Whether it may be `off` (an infinite threshold, whose rule never applies).
    public let offIsAllowed: Bool

    /// A threshold of `kind` called `name`, positive unless `minimum` says otherwise.
    public init(_ kind: GestureKind, _ name: String, unit: Unit, default defaultValue: Double,
                minimum: Double = 0, minimumIsAllowed: Bool = false, offIsAllowed: Bool = false, summary: String) {
        self.kind = kind
        self.name = name
        self.unit = unit
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.minimumIsAllowed = minimumIsAllowed
        self.summary = summary
        self.offIsAllowed = offIsAllowed
    }

    /// `drag.minimum-distance`: how a `[tuning]` section and `--explain` name it.
    public var key: String { "\(kind.rawValue).\(name)" }

    /// Whether `value` (in the unit) is one this threshold may take.
    public func admits(_ value: Double) -> Bool {
        if value == .infinity { return offIsAllowed }
        return value.isFinite && (minimumIsAllowed ? value >= minimum : value > minimum)
    }

    /// What a valid value looks like, for error messages: "a distance such as 5mm".
    public var expectation: String {
        guard unit == .duration, minimum > 0 else {
            return "\(unit.noun) such as \(unit.example)" + (offIsAllowed ? " or off" : "")
        }
        let floor = Int((minimum * 1000).rounded())
        return "\(unit.noun) of \(minimumIsAllowed ? "at least" : "more than") \(floor)ms such as \(10 * floor)ms"
    }
}

extension Tunable.Unit {
    /// `value` (seconds for durations) as a configuration file writes it: `300ms`, `5mm`, `0.15`,
    /// and `off` for a threshold that is infinite.
    public func written(_ value: Double) -> String {
        guard value != .infinity else { return "off" }
        func plain(_ number: Double) -> String {
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
        switch self {
        case .duration:
            let milliseconds = value * 1000
            return milliseconds >= 1000 && milliseconds.truncatingRemainder(dividingBy: 1000) == 0
                ? plain(value) + "s" : plain(milliseconds) + "ms"
        case .millimetres: return plain(value) + "mm"
        case .degrees: return plain(value) + "deg"
        case .scale, .ticks: return plain(value)
        }
    }

    /// "a duration", "an angle": the start of an error message.
    public var noun: String {
        switch self {
        case .duration: "a duration"
        case .millimetres: "a distance"
        case .degrees: "an angle"
        case .scale: "a scale change"
        case .ticks: "a number of ticks"
        }
    }
}
