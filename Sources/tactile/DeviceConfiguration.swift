import TactileCore
import TactileEvdev
import TactileConfiguration

/// What a configuration makes of one device, live or replayed alike: both paths take these two
/// hooks, so a device recognizes the same gestures on the same surface size either way.
extension Configuration {
    /// The declared gestures and the default set, tuned for what the device can measure on the
    /// surface it has: `overrideSize` (`replay --size`), else the configured size, else its own.
    func gestures(for device: DeviceDescription, overrideSize: (width: Double, height: Double)?) -> AnyGesture {
        makeGestureSet(forDevice: device.name,
                       base: GestureTuning(for: device, overrideSize: overrideSize ?? surfaceSize(for: device)))
    }

    /// The gestures on the surface the configuration gives the device (or its own).
    func gestures(for device: DeviceDescription) -> AnyGesture { gestures(for: device, overrideSize: nil) }

    /// The surface size a `[tuning]` section gives the device, in mm; nil keeps its resolution.
    func surfaceSize(for device: DeviceDescription) -> (width: Double, height: Double)? {
        size(forDevice: device.name).map { ($0.width, $0.height) }
    }
}
