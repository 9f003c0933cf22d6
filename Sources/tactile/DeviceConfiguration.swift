import TactileCore
import TactileEvdev
import TactileConfiguration

/// What a configuration makes of one device, live or replayed alike: every path builds its
/// `DevicePipeline` from this one function, so a device recognizes the same gestures on the same
/// surface size, with the same calibration, either way.
extension Configuration {
    /// The sizes and calibration of the device's sections; the declared gestures and the default
    /// set, tuned for what the device can measure on the surface its pipeline decided on.
    func setup(for device: DeviceDescription) -> DeviceSetup<AnyGesture<Void>> {
        DeviceSetup(
            settings: DeviceSettings(
                size: size(forDevice: device.name).map { ($0.width, $0.height) },
                calibration: calibration(forDevice: device.name).flatMap(CalibrationMatrix.init)),
            gestures: { geometry in
                makeGestureSet(forDevice: device.name, base: GestureTuning(for: device, geometry: geometry))
            })
    }
}
