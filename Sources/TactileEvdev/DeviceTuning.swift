import TactileCore

extension GestureTuning {
    /// The default tuning, for what a device can measure.
    ///
    /// Semi-MT pads report the corners of the fingers' bounding box, not the fingers: the box
    /// jumps as fingers land and never turns, so magnify and rotate are switched off there, as
    /// libinput disables its pinch gestures on semi-MT touchpads. A configuration's thresholds
    /// cannot switch them back on.
    ///
    /// The surface (for edge swipes) and whether its size is a guess come from the device's
    /// `DevicePipeline`, which decides its geometry, the user's size included. Whether it is a
    /// touchscreen decides whether it has edge swipes unless a configuration says.
    public init(for device: DeviceDescription, geometry: DeviceGeometry) {
        self.init()
        measuresFingerPositions = !device.isSemiMT
        surfaceIsTouchscreen = device.isDirect
        surfaceSizeIsEstimated = geometry.isEstimated
        if geometry.width > 0 && geometry.height > 0 { surface = SurfaceSize(width: geometry.width, height: geometry.height) }
    }
}
