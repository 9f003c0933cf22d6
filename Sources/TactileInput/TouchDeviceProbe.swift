import TactileEvdev
import TactileSystem

/// A touchscreen or touchpad, opened read-only with libevdev.
struct ProbedDevice {
    let kind: TouchDeviceInfo.Kind
    /// The event node, `/dev/input/eventN`.
    let node: String
    let evdev: EvdevDevice
    /// What the node says about itself, with the calibration udev gives it.
    let description: DeviceDescription
    /// udev's `LIBINPUT_CALIBRATION_MATRIX` when it is not six numbers: ignored, as libinput
    /// ignores it, but worth a warning.
    let invalidCalibration: String?

    /// nil for devices that are neither touchscreens nor touchpads. A node udev did not
    /// classify is a touchscreen when its surface is the screen (`INPUT_PROP_DIRECT`).
    init?(_ found: FoundTouchDevice) throws(Errno) {
        evdev = try EvdevDevice(path: found.node)
        var description = evdev.description
        guard let kind = found.kind ?? (description.isTouchDevice ? (description.isDirect ? .touchscreen : .touchpad) : nil)
        else { return nil }
        self.kind = kind
        node = found.node
        description.calibration = found.calibration.flatMap { CalibrationMatrix(text: $0) }
        invalidCalibration = description.calibration == nil ? found.calibration : nil
        self.description = description
    }
}

extension TouchDeviceInfo {
    /// The touch devices of a seat, or of the named nodes, as they are now, with the geometry
    /// their own description gives (no configuration is read).
    public static func list(_ source: LiveInput.Source) throws(LiveInputError) -> [TouchDeviceInfo] {
        try TouchDeviceDiscovery(source).present().compactMap { found in
            guard let probed = try? ProbedDevice(found) else { return nil }
            return TouchDeviceInfo(
                name: probed.description.name, node: probed.node, kind: probed.kind, description: probed.description,
                geometry: DeviceGeometry(description: probed.description), rawContacts: probed.description.isTouchDevice)
        }
    }
}
