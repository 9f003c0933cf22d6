import CLibevdev
import CUdev
import Glibc
import TactileCore
import TactileProtocol
import TactileSystem

/// Which modifiers are held on a seat's keyboards, asked of the kernel when a gesture begins and
/// only then: each node udev calls a keyboard (`ID_INPUT_KEYBOARD`) is opened read-only, asked the
/// state of its keys (`EVIOCGKEY`) and closed. No event is ever read, so nothing typed is seen:
/// only which of Ctrl, Alt, AltGr, Shift, Super and Caps Lock are down at that moment.
public final class KeyboardModifiers {
    private let seat: String
    private let udev: OpaquePointer?
    /// The seat's keyboard nodes, from the last walk of udev's records. A walk reads sysfs for
    /// every input device, too much for each gesture's start: it is redone only when this list
    /// is older than `keyboardListLifetime`, so a keyboard plugged in is seen within that.
    private var keyboardNodes: [String] = []
    private var keyboardNodesFound: Instant?
    static let keyboardListLifetime = Interval.seconds(5)
    /// `EVIOCGKEY`'s answer, a bit per key code up to `KEY_MAX`; kept, not made per keyboard.
    private var keys = [UInt8](repeating: 0, count: 96)

    public init(seat: String) {
        self.seat = seat
        udev = udev_new()
    }

    deinit { if let udev { udev_unref(udev) } }

    /// The modifiers held on any of the seat's keyboards now; none where none can be read.
    public func held() -> ModifierSet {
        let now = monotonicNow()
        if keyboardNodesFound.map({ now - $0 >= Self.keyboardListLifetime }) ?? true {
            keyboardNodes = findKeyboards()
            keyboardNodesFound = now
        }
        var held: ModifierSet = []
        for node in keyboardNodes { held.formUnion(modifiers(at: node)) }
        return held
    }

    /// The nodes of the records udev calls keyboards (`ID_INPUT_KEYBOARD`) on this seat.
    private func findKeyboards() -> [String] {
        guard let udev else { return [] }
        var nodes: [String] = []
        forEachUdevEventNode(udev) { record in
            guard Self.property(record, "ID_INPUT_KEYBOARD") == "1",
                (Self.property(record, "ID_SEAT") ?? "seat0") == seat,
                let node = udev_device_get_devnode(record)
            else { return }
            nodes.append(String(cString: node))
        }
        return nodes
    }

    /// One keyboard's held modifiers; none when it cannot be opened (unplugged since the walk).
    private func modifiers(at node: String) -> ModifierSet {
        let descriptor = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        guard tactile_evdev_key_state(descriptor, &keys, Int32(keys.count)) >= 0 else { return [] }
        return ModifierSet(keyState: keys)
    }

    private static func property(_ device: OpaquePointer, _ key: String) -> String? {
        udev_device_get_property_value(device, key).map { String(cString: $0) }
    }
}
