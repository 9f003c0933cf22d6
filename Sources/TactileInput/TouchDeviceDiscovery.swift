import CUdev
import Glibc
import TactileSystem

/// A touch device to read: one udev reports on the seat, or a node named on the command line.
struct FoundTouchDevice {
    /// The event node, `/dev/input/eventN`.
    let node: String
    /// The node's device number: names the device from its arrival to its removal, which
    /// udev announces by number and path, not by anything Tactile opened.
    let number: dev_t
    /// What udev's `input_id` builtin made of it (`ID_INPUT_TOUCHSCREEN`, `ID_INPUT_TOUCHPAD`);
    /// nil for a named node udev has no record of, which its own description then classifies.
    let kind: TouchDeviceInfo.Kind?
    /// udev's `LIBINPUT_CALIBRATION_MATRIX`, as written.
    let calibration: String?
}

/// Finds touch devices through udev alone: a seat's devices and its monitor's hot-plug
/// announcements, or the nodes named on the command line. libinput is not needed for this (and
/// brings GLib, GObject and libwacom, 1.4 MB of a daemon's memory); it is loaded only for touchpads
/// whose own gestures pass through (`PassThroughGestures`).
///
/// A seat's device is taken as libinput's udev backend takes one (`src/udev-seat.c`): an
/// `event*` node with `ID_INPUT`, on the seat by `ID_SEAT` (default `seat0`), initialized by
/// udevd, not `LIBINPUT_IGNORE_DEVICE`.
final class TouchDeviceDiscovery {
    /// What udev announced.
    enum Change {
        case added(FoundTouchDevice)
        case removed(dev_t)
    }

    private let source: LiveInput.Source
    private let udev: OpaquePointer
    /// Listens to udevd's announcements (after its rules ran); nil for named nodes.
    private let monitor: OpaquePointer?
    /// The monitor's socket, readable when udev announced a change; nil for named nodes.
    let descriptor: FileDescriptor?

    init(_ source: LiveInput.Source) throws(LiveInputError) {
        guard let udev = udev_new() else { throw LiveInputError("udev_new failed: \(Errno(rawValue: Glibc.errno))") }
        self.source = source
        self.udev = udev
        guard case .seat = source else {
            monitor = nil
            descriptor = nil
            return
        }
        // Before the enumeration, so that nothing plugged in between is missed.
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            throw LiveInputError("cannot listen to udev's announcements: \(Errno(rawValue: Glibc.errno))")
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        guard udev_monitor_enable_receiving(monitor) == 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw LiveInputError("cannot listen to udev's announcements: \(Errno(rawValue: Glibc.errno))")
        }
        self.monitor = monitor
        descriptor = FileDescriptor(rawValue: udev_monitor_get_fd(monitor))
    }

    deinit {
        if let monitor { udev_monitor_unref(monitor) }
        udev_unref(udev)
    }

    /// The devices there now: the seat's touch devices in udev's order, or every named node in
    /// the order named (whatever it is: the caller finds out by opening it).
    func present() throws(LiveInputError) -> [FoundTouchDevice] {
        switch source {
        case .seat(let seat): return seatDevices(seat)
        case .devices(let paths): return try paths.map { path throws(LiveInputError) in try namedNode(path) }
        }
    }

    /// Hands over every change udev announced since the last call, in order.
    func receiveChanges(_ body: (Change) -> Void) {
        guard let monitor, case .seat(let seat) = source else { return }
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            switch udev_device_get_action(device).map({ String(cString: $0) }) {
            case "add": if let found = Self.touchDevice(device, onSeat: seat) { body(.added(found)) }
            case "remove": body(.removed(udev_device_get_devnum(device)))
            default: continue
            }
        }
    }

    private func seatDevices(_ seat: String) -> [FoundTouchDevice] {
        var found: [FoundTouchDevice] = []
        forEachUdevEventNode(udev) { device in
            // One udevd has not set up yet is announced once it has.
            guard udev_device_get_is_initialized(device) != 0 else { return }
            if let touch = Self.touchDevice(device, onSeat: seat) { found.append(touch) }
        }
        return found
    }

    private func namedNode(_ path: String) throws(LiveInputError) -> FoundTouchDevice {
        var status = stat()
        guard stat(path, &status) == 0 else { throw LiveInputError("cannot use \(path): \(Errno(rawValue: Glibc.errno))") }
        guard status.st_mode & S_IFMT == S_IFCHR else {
            throw LiveInputError("cannot use \(path): not a device node (an input event node is /dev/input/eventN)")
        }
        let record = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), status.st_rdev)
        defer { if let record { udev_device_unref(record) } }
        return FoundTouchDevice(node: path, number: status.st_rdev, kind: record.flatMap(Self.kind),
                                calibration: record.flatMap { Self.property($0, "LIBINPUT_CALIBRATION_MATRIX") })
    }

    /// `device` when it is an input node on `seat` that udev calls a touchscreen or touchpad.
    private static func touchDevice(_ device: OpaquePointer, onSeat seat: String) -> FoundTouchDevice? {
        guard let node = udev_device_get_devnode(device).map({ String(cString: $0) }),
              udev_device_get_sysname(device).map({ String(cString: $0).hasPrefix("event") }) == true,
              property(device, "ID_INPUT") == "1",
              (property(device, "ID_SEAT") ?? "seat0") == seat,
              property(device, "LIBINPUT_IGNORE_DEVICE") != "1",
              let kind = kind(device) else { return nil }
        return FoundTouchDevice(node: node, number: udev_device_get_devnum(device), kind: kind,
                                calibration: property(device, "LIBINPUT_CALIBRATION_MATRIX"))
    }

    private static func kind(_ device: OpaquePointer) -> TouchDeviceInfo.Kind? {
        if property(device, "ID_INPUT_TOUCHSCREEN") == "1" { return .touchscreen }
        if property(device, "ID_INPUT_TOUCHPAD") == "1" { return .touchpad }
        return nil
    }

    private static func property(_ device: OpaquePointer, _ key: String) -> String? {
        udev_device_get_property_value(device, key).map { String(cString: $0) }
    }
}
