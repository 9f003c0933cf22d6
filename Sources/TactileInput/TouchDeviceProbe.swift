import TactileEvdev
import TactileSystem

/// A touchscreen or touchpad libinput reported, opened read-only with libevdev.
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

    /// nil for devices that are neither touchscreens nor touchpads.
    init?(_ device: LibinputDevice) throws(Errno) {
        guard device.isTouchscreen || device.isTouchpad, let node = device.node else { return nil }
        kind = device.isTouchscreen ? .touchscreen : .touchpad
        self.node = node
        evdev = try EvdevDevice(path: node)
        var description = evdev.description
        let property = device.udevProperty("LIBINPUT_CALIBRATION_MATRIX")
        description.calibration = property.flatMap { CalibrationMatrix(text: $0) }
        invalidCalibration = description.calibration == nil ? property : nil
        self.description = description
    }
}

extension TouchDeviceInfo {
    /// The touch devices of a seat, or of the named nodes, as they are now, with the geometry
    /// their own description gives (no configuration is read).
    public static func list(_ source: LiveInput.Source) throws(LiveInputError) -> [TouchDeviceInfo] {
        let libinput = try Libinput(source)
        var found: [TouchDeviceInfo] = []
        libinput.dispatch { event in
            guard case .added(let device) = event, let probed = try? ProbedDevice(device) else { return }
            found.append(TouchDeviceInfo(
                name: device.name, node: probed.node, kind: probed.kind, description: probed.description,
                geometry: DeviceGeometry(description: probed.description),
                rawContacts: probed.description.isTouchDevice))
        }
        return found
    }
}
