import CLibinput
import CUdev

/// One device libinput reports, held with a reference so it outlives the event that announced
/// it. Equal when it is the same libinput device.
final class LibinputDevice: Hashable {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = libinput_device_ref(handle)
    }

    deinit { libinput_device_unref(handle) }

    var name: String { String(cString: libinput_device_get_name(handle)) }

    /// The event node (`/dev/input/eventN`), from the device's udev record.
    var node: String? {
        guard let device = libinput_device_get_udev_device(handle) else { return nil }
        defer { udev_device_unref(device) }
        return udev_device_get_devnode(device).map { String(cString: $0) }
    }

    /// A property of the device's udev record (`LIBINPUT_CALIBRATION_MATRIX`, say).
    func udevProperty(_ name: String) -> String? {
        guard let device = libinput_device_get_udev_device(handle) else { return nil }
        defer { udev_device_unref(device) }
        return udev_device_get_property_value(device, name).map { String(cString: $0) }
    }

    var isTouchscreen: Bool { libinput_device_has_capability(handle, LIBINPUT_DEVICE_CAP_TOUCH) != 0 }

    /// A touchpad: libinput recognises gestures on it (`LIBINPUT_DEVICE_CAP_GESTURE`).
    var isTouchpad: Bool { libinput_device_has_capability(handle, LIBINPUT_DEVICE_CAP_GESTURE) != 0 }

    /// Tells libinput (this context only, not the compositor's) to stop reading the device:
    /// it closes its descriptor, so only Tactile's raw reader reads the node. libinput keeps
    /// the device, and on a seat still reports its removal.
    func stopLibinputEvents() {
        _ = libinput_device_config_send_events_set_mode(handle, LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue)
    }

    /// Lends the handle to code in this module that derives a key from it.
    func withHandle<Result>(_ body: (OpaquePointer) -> Result) -> Result { body(handle) }

    static func == (lhs: LibinputDevice, rhs: LibinputDevice) -> Bool { lhs.handle == rhs.handle }
    func hash(into hasher: inout Hasher) { hasher.combine(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))) }
}
