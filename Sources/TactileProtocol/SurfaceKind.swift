/// Which kind of device a gesture was made on: the stream's `surface`, a binding's `source=`.
public enum SurfaceKind: String, CaseIterable, Sendable {
    /// An indirect surface: the pointer moves, the screen does not sit under the fingers.
    case touchpad
    /// The surface is the screen (`INPUT_PROP_DIRECT`).
    case touchscreen

    /// A touchscreen when its surface is the screen (`INPUT_PROP_DIRECT`), else a touchpad.
    public init(direct: Bool) { self = direct ? .touchscreen : .touchpad }
}
