import TactileCore

/// Everything a device's pipeline is built from besides the device itself: the user's settings
/// and the gestures to recognize. One function gives it for a device (the configuration's, or
/// the default), and replay, paced replay and live input all call that one function.
public struct DeviceSetup<Root: Gesture> {
    public var settings: DeviceSettings
    /// The gestures, made for the surface the pipeline decided on from `settings` (edge swipes
    /// and tap tolerances depend on it): called once, when the pipeline is built or reloaded.
    public var gestures: (DeviceGeometry) -> Root

    public init(settings: DeviceSettings = DeviceSettings(), gestures: @escaping (DeviceGeometry) -> Root) {
        self.settings = settings
        self.gestures = gestures
    }
}

extension DeviceSetup where Root == DefaultGestureSet {
    /// The default gesture set, tuned to what the device can measure (`GestureTuning(for:geometry:)`).
    public static func defaultGestures(for device: DeviceDescription,
                                       settings: DeviceSettings = DeviceSettings()) -> DeviceSetup {
        DeviceSetup(settings: settings, gestures: { DefaultGestures.make(GestureTuning(for: device, geometry: $0)) })
    }
}
