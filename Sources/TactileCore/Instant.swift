/// A point in time on the input device's monotonic clock, in microseconds.
///
/// The core never reads a clock: it learns the time from each frame and from
/// `Engine.advance(to:)`, so live input and replay see exactly the same times. Arithmetic wraps
/// rather than traps: a timestamp is outside input, and no timestamp may stop the engine.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Microseconds since the clock's origin (the boot, for CLOCK_MONOTONIC).
    public var microseconds: Int64

    /// The instant `microseconds` after the clock's origin.
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The instant `seconds` after the clock's origin, rounded to the microsecond.
    @inlinable public init(seconds: Double) { self.init(microseconds: Interval.seconds(seconds).microseconds) }

    /// The clock's origin.
    public static let zero = Instant(microseconds: 0)

    @inlinable public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// The instant `rhs` later.
    @inlinable public static func + (lhs: Instant, rhs: Interval) -> Instant {
        Instant(microseconds: lhs.microseconds &+ rhs.microseconds)
    }

    /// The instant `lhs` later than `rhs`.
    @inlinable public static func + (lhs: Interval, rhs: Instant) -> Instant { rhs + lhs }

    /// The instant `rhs` earlier.
    @inlinable public static func - (lhs: Instant, rhs: Interval) -> Instant {
        Instant(microseconds: lhs.microseconds &- rhs.microseconds)
    }

    /// How long after `rhs` `lhs` is (negative when it is before).
    @inlinable public static func - (lhs: Instant, rhs: Instant) -> Interval {
        Interval(microseconds: lhs.microseconds &- rhs.microseconds)
    }

    /// Moves the instant `rhs` later.
    @inlinable public static func += (lhs: inout Instant, rhs: Interval) { lhs = lhs + rhs }

    /// Moves the instant `rhs` earlier.
    @inlinable public static func -= (lhs: inout Instant, rhs: Interval) { lhs = lhs - rhs }

    /// Seconds since the clock's origin, for output.
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// The microseconds, with their unit: `1500µs`.
    public var description: String { "\(microseconds)µs" }
}

/// The earlier of two optional deadlines; `nil` means "no deadline".
@inlinable public func earliest(_ a: Instant?, _ b: Instant?) -> Instant? {
    switch (a, b) {
    case let (a?, b?): return min(a, b)
    case let (a?, nil): return a
    case let (nil, b?): return b
    case (nil, nil): return nil
    }
}
