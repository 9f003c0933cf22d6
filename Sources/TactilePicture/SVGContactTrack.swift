import TactileCore

/// One contact from touch-down to lift, in millimetres, with its path thinned for drawing.
///
/// A 100 Hz device reports a point every 10 ms, most of them a fraction of a millimetre from the
/// last; drawing them all makes a large file and no visible difference. A point is kept only when
/// it is at least `minimumStep` from the last kept one, but the touch-down and the last reported
/// position (the lift) are always kept, so short taps and the ends of every path stay exact.
struct ContactTrack {
    /// Half a millimetre is below what a finger can aim at, and a few pixels at picture scale.
    static let minimumStepMillimetres = 0.5

    let id: Int32
    let touchDown: Instant
    /// Its line in the timeline's fingers lane: the lowest one free at touch-down, so contacts
    /// down together stack up to the finger count.
    let row: Int
    /// When the contact left the surface; nil while down, and when the recording ended first.
    private(set) var lift: Instant?
    private var kept: [Point]
    private var latest: Point

    init(id: Int32, at position: Point, time: Instant, row: Int) {
        self.id = id
        touchDown = time
        self.row = row
        kept = [position]
        latest = position
    }

    /// The contact was reported at `position`.
    mutating func move(to position: Point) {
        latest = position
        if (position - kept[kept.count - 1]).length >= ContactTrack.minimumStepMillimetres {
            kept.append(position)
        }
    }

    mutating func lift(at time: Instant) {
        lift = time
    }

    /// The path to draw: touch-down, the thinned points, and the last reported position.
    var points: [Point] {
        latest == kept[kept.count - 1] ? kept : kept + [latest]
    }
}
