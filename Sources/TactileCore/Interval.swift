/// A span of time in microseconds; the unit every threshold of the core is stored in.
///
/// An integer count rather than Swift's `Duration` (attoseconds in 128 bits): the engine compares
/// and adds intervals on every frame, and a device reports microseconds. It converts to and from
/// `Duration` exactly where a `Duration` is a whole number of microseconds, else to the nearest.
/// Its arithmetic saturates, as `Instant`'s does: a span is often a difference of timestamps.
public struct Interval: Comparable, Hashable, Sendable {
    /// The length of the span, negative for a span backwards in time.
    public var microseconds: Int64

    /// A span of `microseconds`.
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The same span as `duration`, rounded to the nearest microsecond (ties away from zero).
    @inlinable public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let attosecondsPerMicrosecond: Int64 = 1_000_000_000_000
        var microseconds = attoseconds / attosecondsPerMicrosecond
        let remainder = attoseconds % attosecondsPerMicrosecond
        if 2 * remainder >= attosecondsPerMicrosecond { microseconds += 1 }
        if 2 * remainder <= -attosecondsPerMicrosecond { microseconds -= 1 }
        self.init(microseconds: seconds &* 1_000_000 &+ microseconds)
    }

    /// No time at all.
    public static let zero = Interval(microseconds: 0)

    /// A span of whole milliseconds.
    @inlinable public static func milliseconds(_ value: Int64) -> Interval {
        Interval(microseconds: value * 1_000)
    }

    /// A span of `value` seconds, rounded to the microsecond (SwiftUI takes durations as seconds).
    @inlinable public static func seconds(_ value: Double) -> Interval {
        Interval(microseconds: Int64((value * 1_000_000).rounded()))
    }

    /// The span in seconds.
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// The span as Swift's `Duration`, exactly.
    @inlinable public var duration: Duration { .microseconds(microseconds) }

    @inlinable public static func < (lhs: Interval, rhs: Interval) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// Both spans, one after the other.
    @inlinable public static func + (lhs: Interval, rhs: Interval) -> Interval {
        Interval(microseconds: lhs.microseconds.addingSaturated(rhs.microseconds))
    }

    /// How much longer `lhs` is than `rhs`.
    @inlinable public static func - (lhs: Interval, rhs: Interval) -> Interval {
        Interval(microseconds: lhs.microseconds.subtractingSaturated(rhs.microseconds))
    }

    /// The same span backwards.
    @inlinable public static prefix func - (interval: Interval) -> Interval {
        Interval(microseconds: Int64(0).subtractingSaturated(interval.microseconds))
    }

    /// The span `rhs` times over.
    @inlinable public static func * (lhs: Interval, rhs: Int64) -> Interval {
        Interval(microseconds: lhs.microseconds.multipliedSaturated(by: rhs))
    }

    /// The span `lhs` times over.
    @inlinable public static func * (lhs: Int64, rhs: Interval) -> Interval { rhs * lhs }

    /// The span scaled by `factor`, rounded to the microsecond. A method rather than `*`, so that
    /// `interval * 3` is never ambiguous between a whole and a fractional factor.
    @inlinable public func scaled(by factor: Double) -> Interval {
        .seconds(seconds * factor)
    }

    /// The span divided into `rhs` parts, rounded toward zero to the microsecond.
    @inlinable public static func / (lhs: Interval, rhs: Int64) -> Interval {
        Interval(microseconds: lhs.microseconds / rhs)
    }

    /// How many times `rhs` fits into `lhs`.
    @inlinable public static func / (lhs: Interval, rhs: Interval) -> Double {
        Double(lhs.microseconds) / Double(rhs.microseconds)
    }

    /// Lengthens the span by `rhs`.
    @inlinable public static func += (lhs: inout Interval, rhs: Interval) { lhs = lhs + rhs }

    /// Shortens the span by `rhs`.
    @inlinable public static func -= (lhs: inout Interval, rhs: Interval) { lhs = lhs - rhs }
}

extension Duration {
    /// The same span as `interval`, exactly.
    @inlinable public init(_ interval: Interval) { self = .microseconds(interval.microseconds) }
}
