/// A point in time on the input device's monotonic clock, in microseconds.
///
/// The core never reads a clock: it learns the time from each frame and from
/// `Engine.advance(to:)`, so live input and replay see exactly the same times. Arithmetic
/// saturates at the ends of the clock rather than trapping or wrapping: a timestamp is outside
/// input, no timestamp may stop the engine, and a deadline that wrapped round to the past fired
/// at once, over and over (a 2 s long-press at the latest time a recording may hold).
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Microseconds since the clock's origin (the boot, for CLOCK_MONOTONIC).
    public var microseconds: Int64

    /// The instant `microseconds` after the clock's origin.
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The instant `seconds` after the clock's origin, rounded to the microsecond.
    @inlinable public init(seconds: Double) { self.init(microseconds: Interval.seconds(seconds).microseconds) }

    /// The clock's origin.
    public static let zero = Instant(microseconds: 0)

    /// The end of the clock, where a deadline too far away to be held saturates: a time never
    /// reached, so a deadline there never fires (`Engine.nextDeadline` reports none).
    public static let distantFuture = Instant(microseconds: .max)

    @inlinable public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// The instant `rhs` later; `distantFuture` past the end of the clock.
    @inlinable public static func + (lhs: Instant, rhs: Interval) -> Instant {
        Instant(microseconds: lhs.microseconds.addingSaturated(rhs.microseconds))
    }

    /// The instant `lhs` later than `rhs`.
    @inlinable public static func + (lhs: Interval, rhs: Instant) -> Instant { rhs + lhs }

    /// The instant `rhs` earlier; the clock's earliest before its start.
    @inlinable public static func - (lhs: Instant, rhs: Interval) -> Instant {
        Instant(microseconds: lhs.microseconds.subtractingSaturated(rhs.microseconds))
    }

    /// How long after `rhs` `lhs` is (negative when it is before), held at the longest span an
    /// `Interval` holds.
    @inlinable public static func - (lhs: Instant, rhs: Instant) -> Interval {
        Interval(microseconds: lhs.microseconds.subtractingSaturated(rhs.microseconds))
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
