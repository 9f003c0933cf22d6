import TactileCore

/// Maps the recording's clock onto the timeline's x axis: `origin` (the first frame or event
/// of any device) at the left edge, and a little room after the last one, up to a round tick,
/// so a tap at the very end still has room for its mark and label.
///
/// Recordings carry their own clock (evemu files often start at the capture machine's uptime,
/// 1369413358 s), so the axis counts seconds from the origin and says what the origin was.
struct SVGTimeScale {
    let origin: Instant
    /// The seconds axis, from the origin to the right edge.
    let axis: SVGAxis
    let left: Double
    let width: Double

    init(origin: Instant, end: Instant, left: Double, width: Double) {
        self.origin = origin
        // Never zero, so a single frame still has a place.
        let span = max((end - origin).seconds, 0.001)
        axis = SVGAxis(span: span * 1.02, maximumTicks: 16).roundedUp
        self.left = left
        self.width = width
    }

    func x(_ time: Instant) -> Double {
        x(offset: offset(time))
    }

    /// Where `offset` seconds after the origin are.
    func x(offset: Double) -> Double {
        left + offset / axis.span * width
    }

    /// Seconds since the origin, as the labels show them.
    func offset(_ time: Instant) -> Double {
        (time - origin).seconds
    }
}
