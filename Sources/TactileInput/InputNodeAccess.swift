import CUdev
import Glibc
import TactileSystem

/// An input event node this process may not read, and why. Discovery skips a node it cannot
/// open (as libinput does, which logs that at info level only), so `tactile run` lists these
/// itself while it waits for devices: otherwise a user without access sees nothing at all.
public struct UnreadableInputNode: Sendable, Equatable {
    public init(node: String, name: String?, touchKind: String?, error: Errno, owner: String, group: String, mode: UInt32) {
        self.node = node
        self.name = name
        self.touchKind = touchKind
        self.error = error
        self.owner = owner
        self.group = group
        self.mode = mode
    }

    /// `/dev/input/eventN`.
    public let node: String
    /// The device's name in sysfs, if it has one.
    public let name: String?
    /// `touchpad` or `touchscreen` when udev tagged it so (`ID_INPUT_TOUCHPAD`, `ID_INPUT_TOUCHSCREEN`).
    public let touchKind: String?
    /// Why `access(node, R_OK)` failed.
    public let error: Errno
    /// The node's owner and group names (or numbers), and its permission bits.
    public let owner: String
    public let group: String
    public let mode: UInt32

    /// Every input event node udev knows on `seat` (all seats when nil) that this process
    /// cannot read, in udev's order.
    public static func scan(seat: String?) -> [UnreadableInputNode] {
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        var found: [UnreadableInputNode] = []
        forEachUdevEventNode(udev) { device in
            guard let nodePointer = udev_device_get_devnode(device) else { return }
            let deviceSeat = property(device, "ID_SEAT") ?? "seat0"
            if let seat, seat != deviceSeat { return }
            let node = String(cString: nodePointer)
            guard access(node, R_OK) != 0 else { return }
            let error = Errno(rawValue: Glibc.errno)
            var status = stat()
            guard stat(node, &status) == 0 else { return }
            let name = udev_device_get_parent(device).flatMap { udev_device_get_sysattr_value($0, "name") }
                .map { String(cString: $0) }
            let touchKind = property(device, "ID_INPUT_TOUCHPAD") == "1" ? "touchpad"
                : property(device, "ID_INPUT_TOUCHSCREEN") == "1" ? "touchscreen" : nil
            found.append(UnreadableInputNode(
                node: node, name: name, touchKind: touchKind, error: error,
                owner: userName(status.st_uid), group: groupName(status.st_gid), mode: status.st_mode & 0o7777))
        }
        return found
    }

    /// `path` if this process may not read it, with why; nil when it may, or when it does not
    /// exist (opening it then says so). For nodes named on the command line, which udev
    /// need not know.
    public static func check(_ path: String) -> UnreadableInputNode? {
        guard access(path, R_OK) != 0 else { return nil }
        let error = Errno(rawValue: Glibc.errno)
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return UnreadableInputNode(node: path, name: nil, touchKind: nil, error: error, owner: userName(status.st_uid),
                                   group: groupName(status.st_gid), mode: status.st_mode & 0o7777)
    }

    private static func property(_ device: OpaquePointer, _ key: String) -> String? {
        udev_device_get_property_value(device, key).map { String(cString: $0) }
    }

    private static func userName(_ uid: uid_t) -> String {
        getpwuid(uid).flatMap { $0.pointee.pw_name }.map { String(cString: $0) } ?? String(uid)
    }

    private static func groupName(_ gid: gid_t) -> String {
        getgrgid(gid).flatMap { $0.pointee.gr_name }.map { String(cString: $0) } ?? String(gid)
    }

    /// Whether members of the node's group may read it (so joining that group is the fix).
    public var groupMayRead: Bool { mode & 0o040 != 0 }
}
