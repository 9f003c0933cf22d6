/// Which devices edge swipes are looked for on: the configuration's `edge-swipes`.
///
/// A touchscreen's edge is real, the bezel, and a finger can come in from beyond it; phones
/// taught everyone that gesture, and GNOME Shell and lisgd look for it on touchscreens only. A
/// touchpad has no outside to come from, and its size is often a guess: people start a scroll or
/// a swipe near the edge it moves away from, which is an edge swipe's start. libinput gives
/// touchpads no edge gestures (its only edge behaviour, edge scrolling, is motion along an edge,
/// an opt-in scroll method), and Windows asks a touchpad's edge swipe to come from beyond the
/// pad. So a touchpad has edge swipes only where the configuration asks: a drag a person meant
/// is never taken from them unasked.
public enum EdgeSwipes: String, CaseIterable, Sendable {
    /// On touchscreens, off on touchpads: the default.
    case touchscreens
    /// On every device the setting applies to, touchpads too.
    case on
    /// On none.
    case off

    /// Whether a device has edge swipes, by whether it is a touchscreen.
    public func isOn(forTouchscreen isTouchscreen: Bool) -> Bool {
        switch self {
        case .touchscreens: isTouchscreen
        case .on: true
        case .off: false
        }
    }
}
