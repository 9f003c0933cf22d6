import Glibc
import TactileSystem

/// The two things Tactile uses from systemd, spoken over their documented protocols with no
/// libsystemd: sockets passed by socket activation, and readiness notification.
enum Systemd {
    /// The first socket systemd passed (fd 3), when LISTEN_PID names this process.
    static func activatedSocket() -> Int32? {
        guard let pid = getenv("LISTEN_PID").flatMap({ Int32(String(cString: $0)) }), pid == getpid(),
            let count = getenv("LISTEN_FDS").flatMap({ Int(String(cString: $0)) }), count >= 1
        else { return nil }
        // Children (bound commands) must not believe the sockets are theirs.
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        _ = fcntl(3, F_SETFD, FD_CLOEXEC)
        return 3
    }

    /// Sends `state` (e.g. `READY=1`) to $NOTIFY_SOCKET; does nothing when not run by systemd.
    static func notify(_ state: String) {
        guard let path = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !path.isEmpty else { return }
        guard let address = UnixSocketAddress(path) else { return }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let message = Array(state.utf8)
        _ = address.withSockaddr { address, length in
            message.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
        }
    }
}
