import TactileEvdev

/// What a live touch device is, for `tactile devices`, logs and output routing.
public struct TouchDeviceInfo: Sendable {
    public enum Kind: String, Sendable {
        /// The surface is the screen (`INPUT_PROP_DIRECT`): raw contacts from its node.
        case touchscreen
        /// An indirect surface: raw contacts from its node, gestures also through libinput.
        case touchpad
    }

    public var name: String
    /// The event node, `/dev/input/eventN`.
    public var node: String
    public var kind: Kind
    /// The device's own description, read from the node (through libevdev).
    public var description: DeviceDescription
    /// Size, millimetre scale and calibration, as the device's pipeline decided them.
    public var geometry: DeviceGeometry
    /// Whether Tactile reads the raw contacts and so recognises its own gestures.
    public var rawContacts: Bool

    /// Multitouch slots the device declares (0 for single-touch devices).
    public var slots: Int { description.slotCount }
}
