import Glibc
import TactileSystem

/// Who may read the gesture stream over a connection: root, the daemon's own user, and the
/// members of one group (the socket's, as `--socket-group` or systemd's `SocketGroup=` made it).
/// Touchégg lets any local user watch every gesture through its abstract socket; an abstract
/// socket has no file permissions, so each connecting peer's kernel-recorded credentials decide.
public struct ReaderPolicy: Sendable {
    public var daemonUser: uid_t
    /// nil: no group is admitted.
    public var group: gid_t?

    public init(daemonUser: uid_t = geteuid(), group: gid_t?) {
        self.daemonUser = daemonUser
        self.group = group
    }

    public func admits(_ peer: PeerCredentials) -> Bool {
        if peer.userID == 0 || peer.userID == daemonUser { return true }
        guard let group else { return false }
        return peer.groupID == group || peer.groups.contains(group)
    }

    /// Who is admitted, for the log line that says a peer was not.
    public var description: String {
        var readers = "root or uid \(daemonUser)"
        if let group { readers += " or group \(Self.groupName(group))" }
        return readers
    }

    static func groupName(_ group: gid_t) -> String {
        guard let entry = getgrgid(group), let name = entry.pointee.gr_name else { return "\(group)" }
        return String(cString: name)
    }
}
