extension Int64 {
    /// `self + other`, held at `.max` or `.min` instead of wrapping: a time plus a span that
    /// would pass the end of the clock stays at its end. One add and a conditional move, cheap
    /// enough for the per-frame path.
    @usableFromInline @inline(__always)
    func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }

    /// `self - other`, held at `.max` or `.min` instead of wrapping.
    @usableFromInline @inline(__always)
    func subtractingSaturated(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    /// `self * other`, held at `.max` or `.min` instead of wrapping.
    @usableFromInline @inline(__always)
    func multipliedSaturated(by other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}
