/// The thresholds recognizers are built with, and what the device can measure. A device's
/// description sets the latter; a configuration file overrides the thresholds only.
public struct GestureTuning: Sendable {
    /// `TapGesture.maximumDuration`.
    public var tapMaximumDuration = GestureDefaults.tapMaximumDuration
    /// `TapGesture.maximumMovementMillimetres`, before the estimated-size tolerance.
    public var tapMaximumMovementMillimetres = GestureDefaults.tapMaximumMovementMillimetres
    /// `TapGesture.maximumExcursionMillimetres`.
    public var tapMaximumExcursionMillimetres = GestureDefaults.tapMaximumExcursionMillimetres
    /// `TapGesture.window`.
    public var tapWindow = GestureDefaults.tapWindow
    /// `LongPressGesture.minimumDuration`.
    public var longPressMinimumDuration = GestureDefaults.longPressMinimumDuration
    /// `LongPressGesture.maximumDistance`, in millimetres.
    public var longPressMaximumDistanceMillimetres = GestureDefaults.longPressMaximumDistanceMillimetres
    /// `LongPressGesture.interval`.
    public var longPressInterval = GestureDefaults.longPressInterval
    /// `DragMeasure.minimumDistance` (and the edge swipe's), in millimetres.
    public var dragMinimumDistanceMillimetres = GestureDefaults.dragMinimumDistanceMillimetres
    /// `MovingTogether.distance` of a drag (and an edge swipe), in millimetres, before the
    /// estimated-size tolerance.
    public var dragTogetherDistanceMillimetres = GestureDefaults.dragTogetherDistanceMillimetres
    /// `MagnifyMeasure.minimumScaleDelta`.
    public var magnifyMinimumScaleDelta = GestureDefaults.magnifyMinimumScaleDelta
    /// `RotateMeasure.minimumAngleDelta`, in degrees.
    public var rotateMinimumAngleDegrees = GestureDefaults.rotateMinimumAngleDegrees
    /// `EdgeSwipeMeasure.zoneMillimetres`.
    public var edgeSwipeZoneMillimetres = GestureDefaults.edgeSwipeZoneMillimetres
    /// `CircleMeasure.minimumRadiusMillimetres`.
    public var circleMinimumRadiusMillimetres = CircleMeasure.defaultMinimumRadiusMillimetres
    /// `CircleMeasure.minimumAngle`, in degrees.
    public var circleMinimumAngleDegrees = CircleMeasure.defaultMinimumAngleDegrees
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

/// The recognizers built with these thresholds: one place for the default set and the gestures
/// a configuration declares.
extension GestureTuning {
    /// Fingers a pinch needs: a spread and a turn take two.
    public static let pinchFingers: ClosedRange<Int> = 2...TouchFrame.capacity

    /// A tap of `count` taps of `fingers`.
    public func tap(count: Int, fingers: ClosedRange<Int> = .anyFingers) -> TapGesture {
        let movement = tapMaximumMovementMillimetres * (surfaceSizeIsEstimated ? GestureDefaults.estimatedSizeTolerance : 1)
        return TapGesture(count: count, fingers: fingers, maximumDuration: tapMaximumDuration,
                   maximumMovementMillimetres: movement,
                   maximumExcursionMillimetres: tapMaximumExcursionMillimetres, window: tapWindow)
    }

    /// A long-press of `fingers`.
    public func longPress(fingers: ClosedRange<Int> = .anyFingers) -> LongPressGesture {
        LongPressGesture(fingers: fingers, minimumDuration: longPressMinimumDuration,
                         maximumDistance: longPressMaximumDistanceMillimetres, interval: longPressInterval)
    }

    /// A drag of `fingers`.
    public func drag(fingers: ClosedRange<Int> = DefaultGestures.motionFingers) -> DragGesture {
        DragGesture(fingers: fingers, minimumDistance: dragMinimumDistanceMillimetres,
                    togetherDistance: togetherDistance)
    }

    /// How far each of several fingers moves together before a drag or an edge swipe begins:
    /// widened where the size is estimated, as a tap's movement is, since it must stay clear of
    /// a tap's wobble; never where the device does not report each finger's position (semi-MT).
    var togetherDistance: Double {
        guard measuresFingerPositions else { return .infinity }
        return dragTogetherDistanceMillimetres * (surfaceSizeIsEstimated ? GestureDefaults.estimatedSizeTolerance : 1)
    }

    /// Edge swipes begin at the drag's distance, so the two tie on the frame they both could begin.
    /// On a device without edge swipes it has no surface, so it never begins.
    public func edgeSwipe(fingers: ClosedRange<Int> = DefaultGestures.motionFingers) -> EdgeSwipeGesture {
        EdgeSwipeGesture(surface: hasEdgeSwipes ? surface : nil, fingers: fingers,
                         zoneMillimetres: edgeSwipeZoneMillimetres, minimumDistance: dragMinimumDistanceMillimetres,
                         togetherDistance: togetherDistance, switchedOffBy: hasEdgeSwipes ? nil : edgeSwipes)
    }

    /// Whether edge swipes are looked for on this device.
    public var hasEdgeSwipes: Bool { edgeSwipes.isOn(forTouchscreen: surfaceIsTouchscreen) }

    /// A magnification of `fingers`; it never begins where finger positions mean nothing.
    public func magnify(fingers: ClosedRange<Int> = GestureTuning.pinchFingers) -> MagnifyGesture {
        MagnifyGesture(fingers: fingers, minimumScaleDelta: measuresFingerPositions ? magnifyMinimumScaleDelta : .infinity)
    }

    /// A rotation of `fingers`; it never begins where finger positions mean nothing.
    public func rotate(fingers: ClosedRange<Int> = GestureTuning.pinchFingers) -> RotateGesture {
        RotateGesture(fingers: fingers, minimumAngleDelta: .degrees(measuresFingerPositions ? rotateMinimumAngleDegrees : .infinity))
    }
}
