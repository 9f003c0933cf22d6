import CLibevdev
import CUdev
import Glibc
import TactileProtocol

/// Which modifiers are held on a seat's keyboards, asked of the kernel when a gesture begins and
/// only then: each node udev calls a keyboard (`ID_INPUT_KEYBOARD`) is opened read-only, asked the
/// state of its keys (`EVIOCGKEY`) and closed. No event is ever read, so nothing typed is seen:
/// only which of Ctrl, Alt, AltGr, Shift, Super and Caps Lock are down at that moment.
public final class KeyboardModifiers {
    private let seat: String
    private let udev: OpaquePointer?

    public init(seat: String) {
        self.seat = seat
        udev = udev_new()
    }

    deinit { if let udev { udev_unref(udev) } }

    /// The modifiers held on any of the seat's keyboards now; none where none can be read.
    public func held() -> ModifierSet {
        guard let udev else { return [] }
        var held: ModifierSet = []
        forEachUdevEventNode(udev) { record in
            guard Self.property(record, "ID_INPUT_KEYBOARD") == "1",
                (Self.property(record, "ID_SEAT") ?? "seat0") == seat,
                let node = udev_device_get_devnode(record)
            else { return }
            held.formUnion(Self.modifiers(at: node))
        }
        return held
    }

    /// One keyboard's held modifiers: `EVIOCGKEY`, a bit per key code up to `KEY_MAX`.
    private static func modifiers(at node: UnsafePointer<CChar>) -> ModifierSet {
        let descriptor = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var keys = [UInt8](repeating: 0, count: 96)
        guard tactile_evdev_key_state(descriptor, &keys, Int32(keys.count)) >= 0 else { return [] }
        return ModifierSet(keyState: keys)
    }

    private static func property(_ device: OpaquePointer, _ key: String) -> String? {
        udev_device_get_property_value(device, key).map { String(cString: $0) }
    }
}
