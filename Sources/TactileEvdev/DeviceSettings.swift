/// What the user says about one device beyond what it says itself: a configuration's
/// `[tuning "…"]` section or a command-line option. Live input and replay take the same
/// settings, and `DevicePipeline` alone turns them into the device's geometry.
public struct DeviceSettings: Sendable {
    /// The surface's true size in mm, when the user knows it better than the kernel does.
    public var size: (width: Double, height: Double)?
    /// Replaces the calibration udev gives the device (`LIBINPUT_CALIBRATION_MATRIX`).
    public var calibration: CalibrationMatrix?

    public init(size: (width: Double, height: Double)? = nil, calibration: CalibrationMatrix? = nil) {
        self.size = size
        self.calibration = calibration
    }
}
