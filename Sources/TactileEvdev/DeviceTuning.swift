import TactileCore

extension GestureTuning {
    /// The default tuning, adjusted to what a device can measure.
    ///
    /// Semi-MT pads report the corners of the fingers' bounding box, not the fingers: the box
    /// jumps as fingers land and never turns, so magnify and rotate are switched off there, as
    /// libinput disables its pinch gestures on semi-MT touchpads.
    public init(for device: DeviceDescription) {
        self.init()
        if device.isSemiMT {
            magnifyMinimumScaleDelta = .infinity
            rotateMinimumAngleDegrees = .infinity
        }
    }
}
