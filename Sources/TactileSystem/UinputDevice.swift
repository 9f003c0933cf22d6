import CLinuxIO
import Glibc

/// A virtual input device made through the kernel's uinput (Documentation/input/uinput.rst): what
/// is written to it comes out of a new /dev/input/eventN, which the compositor reads as it reads
/// any keyboard or mouse — on X11 and Wayland alike.
///
/// The steps are the documentation's: open /dev/uinput, declare each event type and code the
/// device may send (`UI_SET_EVBIT`, `UI_SET_KEYBIT`, `UI_SET_RELBIT`), name it (`UI_DEV_SETUP`),
/// create it (`UI_DEV_CREATE`); `UI_DEV_DESTROY` and closing remove it, and the kernel then
/// releases any key still down.
public final class UinputDevice {
    public static let path = "/dev/uinput"

    /// One evdev event, as `struct input_event` carries it; the kernel stamps the time.
    public struct Event: Equatable, Sendable {
        public var type: UInt16
        public var code: UInt16
        public var value: Int32

        public init(type: UInt16, code: UInt16, value: Int32) {
            (self.type, self.code, self.value) = (type, code, value)
        }

        public static func key(_ code: UInt16, pressed: Bool) -> Event {
            Event(type: UInt16(EV_KEY), code: code, value: pressed ? 1 : 0)
        }

        /// `SYN_REPORT`: what came before it is one state change, which readers apply at once.
        public static let report = Event(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0)
    }

    /// REL_X and REL_Y, which make a device with buttons a mouse to udev's `input_id`.
    public static let pointerAxes = [UInt16(REL_X), UInt16(REL_Y)]

    public let name: String
    public let keys: [UInt16]
    private var descriptor: FileDescriptor?

    /// Creates the device, declaring `keys` (EV_KEY codes) and, when `relativeAxes` is not empty,
    /// those EV_REL axes: a device with buttons and REL_X/REL_Y is what udev tags as a mouse.
    public init(name: String, keys: [UInt16], relativeAxes: [UInt16] = []) throws(UinputError) {
        self.name = name
        self.keys = keys
        let raw = tactile_uinput_open()
        guard raw >= 0 else { throw UinputError(step: .open, errno: .current) }
        let descriptor = FileDescriptor(rawValue: raw)
        func check(_ step: UinputError.Step, _ result: Int32) throws(UinputError) {
            guard result >= 0 else {
                let error = UinputError(step: step, errno: .current)
                try? descriptor.close()
                throw error
            }
        }
        try check(.declare, tactile_uinput_set_evbit(raw, EV_KEY))
        for key in keys { try check(.declare, tactile_uinput_set_keybit(raw, Int32(key))) }
        if !relativeAxes.isEmpty {
            try check(.declare, tactile_uinput_set_evbit(raw, EV_REL))
            for axis in relativeAxes { try check(.declare, tactile_uinput_set_relbit(raw, Int32(axis))) }
        }
        try check(.setup, tactile_uinput_setup(raw, name, 0, 0))
        try check(.create, tactile_uinput_create(raw))
        self.descriptor = descriptor
    }

    /// Writes `events` in one `write`: uinput takes any number of whole `input_event`s at once and
    /// never blocks on the device's readers.
    public func send(_ events: [Event]) throws(Errno) {
        guard let descriptor else { throw Errno(rawValue: ENODEV) }
        var records = events.map { event in
            var record = input_event()
            (record.type, record.code, record.value) = (event.type, event.code, event.value)
            return record
        }
        try records.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) in try descriptor.writeAll(UnsafeRawBufferPointer(bytes)) }
        }.get()
    }

    /// Removes the device (the kernel releases whatever it still holds down). Idempotent.
    public func destroy() {
        guard let descriptor else { return }
        self.descriptor = nil
        _ = tactile_uinput_destroy(descriptor.rawValue)
        try? descriptor.close()
    }

    deinit { destroy() }
}

/// Why the virtual device could not be made, with what to do about it.
public struct UinputError: Error, Equatable, CustomStringConvertible {
    public enum Step: String, Sendable {
        case open = "open"
        case declare = "declare the keys of"
        case setup = "name"
        case create = "create"
    }

    public var step: Step
    public var errno: Errno

    public var description: String {
        let what = step == .open ? "cannot open \(UinputDevice.path)" : "cannot \(step.rawValue) the virtual keyboard"
        let hint = switch (step, errno.rawValue) {
        case (.open, ENOENT), (.open, ENODEV):
            "; the kernel's uinput module is not loaded (modprobe uinput) or not built"
        case (.open, EACCES), (.open, EPERM):
            "; install the udev rule 70-tactile-uinput.rules (the user at the seat may then use it; udev/ in the source, /usr/share/doc/tactile/examples/ in the package), or add this user to a group the node belongs to"
        default: ""
        }
        return "\(what): \(errno)\(hint)"
    }
}
