/// What fusuma calls each gesture, and how its parts become Tactile's: from fusuma 3's detectors
/// (`lib/fusuma/plugin/detectors/*_detector.rb`: `FINGERS`, the directions, the statuses each
/// gesture reports) and README.
struct FusumaGestureKind {
    /// `swipe`, `pinch`, `rotate`, `hold`.
    let name: String
    /// Tactile's gesture: `drag`, `magnify`, `rotate`, `long-press`.
    let tactileName: String
    /// The finger counts fusuma recognizes it with, which a gesture without a count stands for.
    let fingers: ClosedRange<Int>
    /// Whether a command run mid-gesture may leave the count out: fusuma's pinch and rotate look
    /// it up with the count `skippable` (`create_oneshot_index`); every other lookup needs it.
    let countMayBeLeftOut: Bool
    /// fusuma's directions and Tactile's words for them.
    let directions: [String: String]
    /// fusuma's statuses (`begin:`, `update:`, `end:`) and Tactile's phases.
    let phases: [String: String]
    /// What a repeat every `interval` (fusuma's `update:` runs each 0.1 s × interval) comes to in
    /// Tactile's `every=` unit at a brisk pace of the gesture, and that pace in words.
    let repeatStep: (every: Double, unit: String, pace: String)?

    static let all: [FusumaGestureKind] = [
        FusumaGestureKind(name: "swipe", tactileName: "drag", fingers: 3...4, countMayBeLeftOut: false,
                          directions: ["left": "left", "right": "right", "up": "up", "down": "down"],
                          phases: ["begin": "began", "update": "changed", "end": "ended"],
                          repeatStep: (10, "mm", "a swipe at 100 mm/s")),
        FusumaGestureKind(name: "pinch", tactileName: "magnify", fingers: 2...4, countMayBeLeftOut: true,
                          directions: ["in": "in", "out": "out"],
                          phases: ["begin": "began", "update": "changed", "end": "ended"],
                          repeatStep: (0.1, "", "a pinch that doubles its span in a second")),
        FusumaGestureKind(name: "rotate", tactileName: "rotate", fingers: 2...4, countMayBeLeftOut: true,
                          directions: ["clockwise": "clockwise", "counterclockwise": "counterclockwise"],
                          phases: ["begin": "began", "update": "changed", "end": "ended"],
                          repeatStep: (15, "deg", "a turn of 150° a second")),
        FusumaGestureKind(name: "hold", tactileName: "long-press", fingers: 1...4, countMayBeLeftOut: false, directions: [:],
                          phases: ["begin": "began", "end": "ended", "cancelled": "cancelled"], repeatStep: nil),
    ]

    static func named(_ name: String) -> FusumaGestureKind? { all.first { $0.name == name } }
}
