import TactileCore

extension GestureTuning {
    /// The default tuning, for what a device can measure.
    ///
    /// Semi-MT pads report the corners of the fingers' bounding box, not the fingers: the box
    /// jumps as fingers land and never turns, so magnify and rotate are switched off there, as
    /// libinput disables its pinch gestures on semi-MT touchpads. A configuration's thresholds
    /// cannot switch them back on.
    ///
    /// The surface (for edge swipes) and whether its size is a guess come from the same decision
    /// the decoder scales by, `DeviceGeometry`, with the user's size when there is one.
    public init(for device: DeviceDescription, overrideSize: (width: Double, height: Double)? = nil) {
        self.init()
        measuresFingerPositions = !device.isSemiMT
        let geometry = DeviceGeometry(description: device, overrideSize: overrideSize)
        surfaceSizeIsEstimated = geometry.isEstimated
        if geometry.width > 0 && geometry.height > 0 { surface = SurfaceSize(width: geometry.width, height: geometry.height) }
    }
}
