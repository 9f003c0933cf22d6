import Glibc

/// Who is at the other end of a connected Unix socket, as the kernel recorded it when the peer
/// connected (`SO_PEERCRED`, and `SO_PEERGROUPS` for its supplementary groups): nothing the peer
/// says about itself, so it can decide who may read the gesture stream.
public struct PeerCredentials: Equatable, Sendable, CustomStringConvertible {
    public var processID: pid_t
    public var userID: uid_t
    public var groupID: gid_t
    /// Supplementary groups (empty where the kernel predates `SO_PEERGROUPS`, Linux 4.13).
    public var groups: [gid_t]

    public init(processID: pid_t, userID: uid_t, groupID: gid_t, groups: [gid_t]) {
        self.processID = processID
        self.userID = userID
        self.groupID = groupID
        self.groups = groups
    }

    /// `SO_PEERGROUPS` from `<asm-generic/socket.h>`, which Swift's Glibc module does not export.
    private static let peerGroupsOption: Int32 = 59

    /// The credentials of the peer of the connected socket `descriptor`.
    public init(ofPeer descriptor: Int32) throws(Errno) {
        // `struct ucred` (pid, uid, gid), which Glibc declares only with _GNU_SOURCE.
        var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { throw Errno.current }
        var groups = [gid_t](repeating: 0, count: 64)
        while true {
            var size = socklen_t(groups.count * MemoryLayout<gid_t>.size)
            let result = groups.withUnsafeMutableBytes { getsockopt(descriptor, SOL_SOCKET, Self.peerGroupsOption, $0.baseAddress, &size) }
            if result == 0 {
                groups.removeLast(groups.count - Int(size) / MemoryLayout<gid_t>.size)
                break
            }
            // ERANGE: `size` now says how much room the list needs.
            if errno == ERANGE, Int(size) / MemoryLayout<gid_t>.size > groups.count {
                groups = [gid_t](repeating: 0, count: Int(size) / MemoryLayout<gid_t>.size)
                continue
            }
            groups = []
            break
        }
        self.init(processID: credentials.pid, userID: credentials.uid, groupID: credentials.gid, groups: groups)
    }

    public var description: String { "pid \(processID), uid \(userID), gid \(groupID)" }
}
