/// A point in time on the input device's monotonic clock, in microseconds.
///
/// The core never reads a clock: it learns the time from each frame and from
/// `Engine.advance(to:)`, so live input and replay see exactly the same times.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    @inlinable public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    @inlinable public static func + (lhs: Instant, rhs: Interval) -> Instant {
        Instant(microseconds: lhs.microseconds &+ rhs.microseconds)
    }

    @inlinable public static func - (lhs: Instant, rhs: Instant) -> Interval {
        Interval(microseconds: lhs.microseconds &- rhs.microseconds)
    }

    /// Seconds since the clock's origin, for output.
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    public var description: String { "\(microseconds)µs" }
}

/// A span of time in microseconds; the unit every threshold of the core is stored in.
public struct Interval: Comparable, Hashable, Sendable {
    public var microseconds: Int64

    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    @inlinable public static func milliseconds(_ value: Int64) -> Interval {
        Interval(microseconds: value * 1_000)
    }

    @inlinable public static func seconds(_ value: Double) -> Interval {
        Interval(microseconds: Int64((value * 1_000_000).rounded()))
    }

    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    @inlinable public static func < (lhs: Interval, rhs: Interval) -> Bool {
        lhs.microseconds < rhs.microseconds
    }
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
