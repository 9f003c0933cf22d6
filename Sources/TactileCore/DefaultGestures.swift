/// The thresholds of the default gesture set; a device or a config file may override them.
public struct GestureTuning: Sendable {
    public var tapMaximumDuration = GestureDefaults.tapMaximumDuration
    public var tapMaximumMovementMillimetres = GestureDefaults.tapMaximumMovementMillimetres
    public var tapWindow = GestureDefaults.tapWindow
    public var longPressMinimumDuration = GestureDefaults.longPressMinimumDuration
    public var longPressMaximumDistanceMillimetres = GestureDefaults.longPressMaximumDistanceMillimetres
    public var longPressInterval = GestureDefaults.longPressInterval
    public var dragMinimumDistanceMillimetres = GestureDefaults.dragMinimumDistanceMillimetres
    public var magnifyMinimumScaleDelta = GestureDefaults.magnifyMinimumScaleDelta
    public var rotateMinimumAngleDegrees = GestureDefaults.rotateMinimumAngleDegrees

    public init() {}
}

/// Taps (single and double), long-press, drag, and magnify with rotate, 1–5 fingers.
///
/// The four members race in an arena: whichever recognizes first owns the sequence. A drag and a
/// pinch of the same two fingers are rivals, so a straight two-finger scroll does not also
/// report magnify; the double tap has priority over the single, which waits for its window.
public typealias DefaultGestureSet = Arena<
    Exclusive<TapGesture, TapGesture>,
    Arena<LongPressGesture, Arena<DragGesture, Simultaneous<MagnifyGesture, RotateGesture>>>
>

public enum DefaultGestures {
    public static func make(_ tuning: GestureTuning = GestureTuning()) -> DefaultGestureSet {
        func tap(_ count: Int) -> TapGesture {
            TapGesture(count: count, maximumDuration: tuning.tapMaximumDuration,
                       maximumMovementMillimetres: tuning.tapMaximumMovementMillimetres, window: tuning.tapWindow)
        }
        let taps = tap(2).exclusively(before: tap(1))
        let longPress = LongPressGesture(
            minimumDuration: tuning.longPressMinimumDuration,
            maximumDistanceMillimetres: tuning.longPressMaximumDistanceMillimetres,
            interval: tuning.longPressInterval)
        let drag = DragGesture(minimumDistanceMillimetres: tuning.dragMinimumDistanceMillimetres)
        let pinch = MagnifyGesture(minimumScaleDelta: tuning.magnifyMinimumScaleDelta)
            .simultaneously(with: RotateGesture(minimumAngleDegrees: tuning.rotateMinimumAngleDegrees))
        return Arena(taps, Arena(longPress, Arena(drag, pinch)))
    }
}
