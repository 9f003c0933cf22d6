import Glibc
import TactileSystem

/// A Unix stream socket listening at an address, as both servers want theirs: non-blocking,
/// close-on-exec, created 0600, or 0660 and owned by a group, and never world-accessible, not
/// even between `bind` and `chmod`. A stale socket file is replaced first; another daemon's live
/// socket, or a file that is not a socket, is an error (`ExistingSocketFile`).
enum ListeningSocket {
    /// The listening descriptor. `file`: the socket's path, nil for an abstract socket. `name`:
    /// how errors name it. `group`: the group to give the file to, with the name errors use.
    /// `bindHint`: added to a failed `bind`'s message when the address is in use.
    static func open(_ address: UnixSocketAddress, file: String?, name: String, group: (id: gid_t, name: String)?,
                     bindHint: String = "") throws(SocketError) -> Int32 {
        if let file { try ExistingSocketFile.clear(file, address: address) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError.fromErrno("socket") }
        /// Closes the descriptor and removes the file once bound, then throws `error`.
        func fail(_ error: SocketError, bound: Bool) throws(SocketError) -> Never {
            Glibc.close(descriptor)
            if bound, let file { unlink(file) }
            throw error
        }
        let previousMask = umask(0o177)
        let bound = address.withSockaddr { bind(descriptor, $0, $1) }
        umask(previousMask)
        guard bound == 0 else {
            try fail(SocketError.fromErrno("bind \(name)" + (errno == EADDRINUSE ? bindHint : "")), bound: false)
        }
        if let file, let group {
            guard chown(file, getuid(), group.id) == 0, chmod(file, 0o660) == 0 else {
                try fail(SocketError.fromErrno("give \(file) to group \(group.name)"), bound: true)
            }
        }
        guard listen(descriptor, 64) == 0 else { try fail(SocketError.fromErrno("listen \(name)"), bound: true) }
        return descriptor
    }
}
