import TactileCore

/// A number with the unit the configuration file wrote it in.
enum Quantity: Equatable {
    case duration(Interval)
    case millimetres(Double)
    case degrees(Double)
    /// A plain number: a scale delta, a count, a tick count.
    case number(Double)

    /// Parses `300ms`, `0.5s`, `8mm`, `15deg`, `0.2`, with a sign if one is written (`+10mm`).
    static func parse(_ text: String) -> Quantity? {
        let digits = text.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
        guard let value = Double(digits), value.isFinite else { return nil }
        switch text.dropFirst(digits.count) {
        case "ms": return duration(seconds: value / 1000)
        case "s": return duration(seconds: value)
        case "mm": return .millimetres(value)
        case "deg", "°": return .degrees(value)
        case "": return .number(value)
        default: return nil
        }
    }

    /// `off` in `unit`: an infinite threshold, which only a tunable that allows it admits; nil
    /// for durations and ticks, which are never off.
    static func off(in unit: Tunable.Unit) -> Quantity? {
        switch unit {
        case .millimetres: .millimetres(.infinity)
        case .degrees: .degrees(.infinity)
        case .scale: .number(.infinity)
        case .duration, .ticks: nil
        }
    }

    /// nil for a duration an `Interval` cannot hold (beyond ±292,000 years), which would trap.
    private static func duration(seconds: Double) -> Quantity? {
        Int64(exactly: (seconds * 1_000_000).rounded()).map { .duration(Interval(microseconds: $0)) }
    }

    /// The value in `unit` (seconds for durations), or nil when it is written in another unit.
    func magnitude(in unit: Tunable.Unit) -> Double? {
        switch (self, unit) {
        case (.duration(let interval), .duration): interval.seconds
        case (.millimetres(let value), .millimetres), (.degrees(let value), .degrees), (.number(let value), .scale):
            value
        case (.number(let value), .ticks) where value == value.rounded(): value
        default: nil
        }
    }
}
