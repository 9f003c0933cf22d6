import TactileCore

/// One `key = value` line of a `[tuning]` section: which threshold, and its new value.
struct TuningSetting: Equatable {
    enum Key: String, CaseIterable {
        case tapMaximumDuration = "tap.maximum-duration"
        case tapMaximumMovement = "tap.maximum-movement"
        case tapMaximumExcursion = "tap.maximum-excursion"
        case tapWindow = "tap.window"
        case longPressMinimumDuration = "long-press.minimum-duration"
        case longPressMaximumDistance = "long-press.maximum-distance"
        case longPressInterval = "long-press.interval"
        case dragMinimumDistance = "drag.minimum-distance"
        case magnifyMinimumScaleDelta = "magnify.minimum-scale-delta"
        case rotateMinimumAngle = "rotate.minimum-angle"

        /// What the value must look like, for error messages.
        var expectation: String {
            switch self {
            case .tapMaximumDuration, .tapWindow, .longPressMinimumDuration:
                return "a duration such as 300ms or 0.5s"
            case .longPressInterval:
                return "a duration of at least \(GestureDefaults.longPressMinimumInterval.microseconds / 1_000)ms such as 100ms"
            case .tapMaximumMovement, .tapMaximumExcursion, .longPressMaximumDistance, .dragMinimumDistance:
                return "a distance such as 5mm"
            case .magnifyMinimumScaleDelta: return "a scale change such as 0.15"
            case .rotateMinimumAngle: return "an angle such as 15deg"
            }
        }
    }

    let key: Key
    let value: Quantity

    /// Checks that `value` has the unit `key` needs and is positive.
    init?(key: Key, value: Quantity) {
        switch (key, value) {
        case (.tapMaximumDuration, .duration(let d)), (.tapWindow, .duration(let d)),
            (.longPressMinimumDuration, .duration(let d)):
            guard d.microseconds > 0 else { return nil }
        case (.longPressInterval, .duration(let d)):
            guard d >= GestureDefaults.longPressMinimumInterval else { return nil }
        case (.tapMaximumMovement, .millimetres(let v)), (.tapMaximumExcursion, .millimetres(let v)),
            (.longPressMaximumDistance, .millimetres(let v)), (.dragMinimumDistance, .millimetres(let v)),
            (.magnifyMinimumScaleDelta, .number(let v)), (.rotateMinimumAngle, .degrees(let v)):
            guard v > 0 else { return nil }
        default:
            return nil
        }
        self.key = key
        self.value = value
    }

    func apply(to tuning: inout GestureTuning) {
        switch (key, value) {
        case (.tapMaximumDuration, .duration(let d)): tuning.tapMaximumDuration = d
        case (.tapWindow, .duration(let d)): tuning.tapWindow = d
        case (.longPressMinimumDuration, .duration(let d)): tuning.longPressMinimumDuration = d
        case (.longPressInterval, .duration(let d)): tuning.longPressInterval = d
        case (.tapMaximumMovement, .millimetres(let v)): tuning.tapMaximumMovementMillimetres = v
        case (.tapMaximumExcursion, .millimetres(let v)): tuning.tapMaximumExcursionMillimetres = v
        case (.longPressMaximumDistance, .millimetres(let v)): tuning.longPressMaximumDistanceMillimetres = v
        case (.dragMinimumDistance, .millimetres(let v)): tuning.dragMinimumDistanceMillimetres = v
        case (.magnifyMinimumScaleDelta, .number(let v)): tuning.magnifyMinimumScaleDelta = v
        case (.rotateMinimumAngle, .degrees(let v)): tuning.rotateMinimumAngleDegrees = v
        default: preconditionFailure("TuningSetting.init admits only matching units")
        }
    }
}

/// The settings for every device (`[tuning]`) or for devices whose name matches a pattern
/// (`[tuning "Wacom*"]`, `*` matching any run of characters).
public struct TuningSection: Equatable {
    public let devicePattern: String?
    var settings: [TuningSetting] = []
    /// `size = WIDTHxHEIGHT` in mm, for devices that report no resolution.
    public var size: Size?
    /// `calibration = a b c d e f`: a touchscreen's calibration matrix, as libinput's
    /// `LIBINPUT_CALIBRATION_MATRIX` gives it (six finite numbers), replacing udev's.
    public var calibration: [Double]?

    public struct Size: Equatable {
        public let width: Double
        public let height: Double
    }

    func matches(device name: String) -> Bool {
        guard let pattern = devicePattern else { return true }
        return GlobPattern.matches(pattern, name)
    }
}

/// `*` matches any run of characters, everything else itself.
///
/// Matched left to right, going back only to the latest `*` on a mismatch: a later `*` can take
/// over whatever an earlier one would have matched, so this is O(pattern × name). Trying every
/// split for every `*` instead takes exponential time: `[tuning "*****…x"]` hung the daemon.
enum GlobPattern {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern), text = Array(text)
        var p = 0, t = 0
        // The latest `*` seen, and where in `text` its match currently ends.
        var star: (index: Int, end: Int)?
        while t < text.count {
            if p < pattern.count && pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count && pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let (index, end) = star {
                star = (index, end + 1)
                p = index + 1
                t = end + 1
            } else {
                return false
            }
        }
        return pattern[p...].allSatisfy { $0 == "*" }
    }
}
