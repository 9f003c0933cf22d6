/// What the Touchégg protocol needs to know of a device: which kind it is, and its size, from
/// which Touchégg derives how far a swipe must travel to reach 100 %.
public struct ToucheggSurface: Equatable, Sendable {
    public var device: Touchegg.DeviceType
    /// The surface in mm.
    public var width: Double
    public var height: Double

    public init(device: Touchegg.DeviceType, width: Double, height: Double) {
        self.device = device
        self.width = width
        self.height = height
    }

    /// Touchégg's thresholds, in mm (`LininputDeviceHandler::calculateTouchscreenThreshold` and
    /// `calculateTouchpadThreshold`): on touchscreens a swipe starts after 2 % of the shorter side
    /// and is complete 16 % of the side further; on touchpads 1 % and 9 % (the values Touchégg
    /// builds with for libinput ≥ 1.18, whose gesture deltas are filtered). Touchégg works in
    /// 1000-dpi units on touchpads; a share of the size is the same in mm.
    public func swipeThresholds(along direction: Touchegg.Direction) -> (start: Double, finish: Double) {
        let (startShare, finishShare) = device == .touchscreen ? (0.02, 0.16) : (0.01, 0.09)
        let side = direction == .left || direction == .right ? width : height
        return (min(width, height) * startShare, side * finishShare)
    }

    /// Touchégg's `calculateSwipeAnimationPercentage`: the travel along `direction` past the
    /// start threshold, as a share of start + finish threshold, 0–100.
    public func swipePercentage(_ direction: Touchegg.Direction, dx: Double, dy: Double) -> Double {
        let (start, finish) = swipeThresholds(along: direction)
        let travel: Double = switch direction {
        case .up: -dy
        case .down: dy
        case .left: -dx
        case .right: dx
        case .unknown, .in, .out: 0
        }
        return Self.clamped(max(0, travel - start) * 100 / (start + finish))
    }

    /// Touchégg's `calculatePinchAnimationPercentage`: |scale − 1| × 100 towards the pinch's
    /// direction (closing counts down to scale 0, spreading up to scale 2), 0–100.
    public static func pinchPercentage(_ direction: Touchegg.Direction, scale: Double) -> Double {
        switch direction {
        case .in: clamped((1 - min(1, scale)) * 100)
        case .out: clamped((min(2, scale) - 1) * 100)
        case .unknown, .up, .down, .left, .right: 0
        }
    }

    /// 0–100; NaN (a degenerate surface) is 0.
    static func clamped(_ percentage: Double) -> Double {
        percentage >= 0 ? min(percentage, 100) : 0
    }
}
