import Glibc
import TactileEvdev
import TactileSystem
import TactileProtocol
import TactileDaemon
import TactileConfiguration

extension RunCommand {
    /// The Touchégg-protocol server, when `--touchegg` or the configuration's `touchegg =` asks for
    /// one. Its readers are root, the daemon's user and the stream socket's group: `--socket-group`,
    /// or the group of the socket systemd passed (`SocketGroup=`).
    func makeToucheggServer(_ configuration: Configuration, socket: SocketServer?, loop: EventLoop) throws -> ToucheggServer? {
        guard let text = toucheggAddress ?? configuration.toucheggAddress else { return nil }
        let address = try DBusUnixAddress(parsing: text)
        var group: gid_t?
        if let socketGroup {
            guard let entry = getgrnam(socketGroup) else { throw UnknownGroup(name: socketGroup) }
            group = entry.pointee.gr_gid
        } else if let socket {
            group = Self.groupReading(socket.listeningDescriptor)
        }
        let server = try ToucheggServer(address: address, policy: ReaderPolicy(group: group), queueLimit: clientQueueLimit,
                                        loop: loop, log: { Log.info($0) })
        Log.info("serving Touchégg's D-Bus protocol at \(address)")
        return server
    }

    /// The group that may use the socket file `descriptor` is bound to, if its mode lets a group in.
    static func groupReading(_ descriptor: Int32) -> gid_t? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        let path = withUnsafeBytes(of: address.sun_path) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var status = stat()
        guard !path.isEmpty, stat(path, &status) == 0, status.st_mode & 0o060 != 0 else { return nil }
        return status.st_gid
    }
}

extension ToucheggSurface {
    /// A device as Touchégg sees it: a touchscreen (a direct surface) or a touchpad, and its size.
    init(_ geometry: DeviceGeometry, direct: Bool) {
        self.init(device: direct ? .touchscreen : .touchpad, width: geometry.width, height: geometry.height)
    }
}

/// `--socket-group` names a group the system does not have.
struct UnknownGroup: Error, CustomStringConvertible {
    let name: String
    var description: String { "--socket-group \(name): no such group" }
}
