import TactileEvdev
import TactileSystem

extension TouchDeviceInfo {
    /// Describes a device libinput reported, reading its node with libevdev; nil for devices
    /// that are not touchscreens or touchpads. The opened node is returned for raw reading.
    /// `size` may override the surface size the device's resolution gives.
    static func probe(_ device: LibinputDevice, size: (DeviceDescription) -> (width: Double, height: Double)? = { _ in nil })
        throws(Errno) -> (info: TouchDeviceInfo, node: EvdevDevice)? {
        guard device.isTouchscreen || device.isTouchpad, let node = device.node else { return nil }
        let evdev = try EvdevDevice(path: node)
        let kind: Kind = device.isTouchscreen ? .touchscreen : .touchpad
        let info = TouchDeviceInfo(
            name: device.name, node: node, kind: kind, description: evdev.description,
            geometry: DeviceGeometry(description: evdev.description, overrideSize: size(evdev.description)),
            rawContacts: kind == .touchpad && evdev.description.isTouchDevice)
        return (info, evdev)
    }

    /// The touch devices of a seat, or of the named nodes, as they are now.
    public static func list(_ source: LiveInput.Source) throws(LiveInputError) -> [TouchDeviceInfo] {
        let libinput = try Libinput(source)
        var found: [TouchDeviceInfo] = []
        libinput.dispatch { event in
            guard case .added(let device) = event, let probed = try? probe(device) else { return }
            found.append(probed.info)
        }
        return found
    }
}
