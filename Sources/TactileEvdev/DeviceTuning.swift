import TactileCore

extension GestureTuning {
    /// The default tuning, for what a device can measure.
    ///
    /// Semi-MT pads report the corners of the fingers' bounding box, not the fingers: the box
    /// jumps as fingers land and never turns, so magnify and rotate are switched off there, as
    /// libinput disables its pinch gestures on semi-MT touchpads. A configuration's thresholds
    /// cannot switch them back on.
    public init(for device: DeviceDescription) {
        self.init()
        measuresFingerPositions = !device.isSemiMT
        surfaceSizeIsEstimated = DeviceGeometry(description: device).isEstimated
    }
}
