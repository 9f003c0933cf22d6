/// A gesture written without a finger count, as `fingers=` conditions: the tool's own counts for
/// that gesture, less those another line of the same gesture names, since a line with a count
/// has priority over one without (libinput-gestures says so; fusuma looks a count up first).
enum FingerCounts {
    /// The ranges of `span` that `named` leaves, each as a `fingers=` value (`3`, `4-5`).
    static func remainder(of span: ClosedRange<Int>, without named: Set<Int>) -> [String] {
        var ranges: [String] = []
        var start: Int?
        for count in span.lowerBound...(span.upperBound + 1) {
            if count <= span.upperBound && !named.contains(count) {
                start = start ?? count
            } else if let first = start {
                ranges.append(first == count - 1 ? "\(first)" : "\(first)-\(count - 1)")
                start = nil
            }
        }
        return ranges
    }
}
