/// The thresholds recognizers are built with, and what the device can measure. A device's
/// description sets the latter; a configuration file overrides the thresholds only.
public struct GestureTuning: Sendable {
    /// The thresholds a configuration set, by `Tunable.key`; the rest keep their defaults. Keyed
    /// by tunable, not a stored property each, so a new gesture kind's thresholds are declared in
    /// its descriptor's file alone. Read when recognizers are built, never per frame.
    private var settings: [String: Double] = [:]
    /// The surface in mm, for edge swipes; nil while unknown (no edge swipe then begins).
    public var surface: SurfaceSize?
    /// The surface is a touchscreen's, whose edges a finger can come in from; a touchpad's has
    /// edge swipes only where `edgeSwipes` says `on`.
    public var surfaceIsTouchscreen = true
    /// Which devices have edge swipes (`edge-swipes`).
    public var edgeSwipes = EdgeSwipes.touchscreens
    /// The device reports where each finger is, so a spread and a turn mean something (not on
    /// semi-MT pads). Without it magnify and rotate never begin, whatever their thresholds say.
    public var measuresFingerPositions = true
    /// The device's millimetres are an estimate (it reports no resolution): a tap's movement
    /// tolerance is widened by `GestureDefaults.estimatedSizeTolerance`, since a real 3 mm may
    /// read as 4.
    public var surfaceSizeIsEstimated = false

    /// The defaults of `GestureDefaults`, for a touchscreen that measures finger positions.
    public init() {}
}

extension GestureTuning {
    /// `tunable`'s value here, in its unit (seconds for durations): the configuration's, else its default.
    public subscript(tunable: Tunable) -> Double {
        get { settings[tunable.key] ?? tunable.defaultValue }
        set { settings[tunable.key] = newValue }
    }

    /// A duration `tunable`'s value here.
    public subscript(duration tunable: Tunable) -> Interval {
        get { .seconds(self[tunable]) }
        set { self[tunable] = newValue.seconds }
    }

    /// Fingers a pinch needs: a spread and a turn take two.
    public static let pinchFingers: ClosedRange<Int> = 2...TouchFrame.capacity

    /// Whether edge swipes are looked for on this device.
    public var hasEdgeSwipes: Bool { edgeSwipes.isOn(forTouchscreen: surfaceIsTouchscreen) }
}
