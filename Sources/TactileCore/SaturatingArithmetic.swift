extension Int64 {
    /// `self + other`, held at `.max` or `.min` instead of wrapping: a time plus a span that
    /// would pass the end of the clock stays at its end. The bound is worked out from `other`'s
    /// sign without a branch (`.max ^ (other >> 63)` is `.min` for a negative `other`), so it
    /// costs an add, a shift, an exclusive or and a conditional move: cheap enough for the
    /// per-frame path.
    @usableFromInline @inline(__always)
    func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? Int64.max ^ (other >> 63) : sum
    }

    /// `self - other`, held at `.max` or `.min` instead of wrapping.
    @usableFromInline @inline(__always)
    func subtractingSaturated(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? Int64.min ^ (other >> 63) : difference
    }

    /// `self * other`, held at `.max` or `.min` instead of wrapping.
    @usableFromInline @inline(__always)
    func multipliedSaturated(by other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}
