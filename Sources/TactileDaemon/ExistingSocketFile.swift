import Glibc
import TactileSystem

/// What already is at the path a daemon is asked to serve on. Only a stale socket — one nobody
/// accepts on any more, left by a daemon that died — may be replaced: another daemon's socket is
/// in use, and anything that is not a socket is the user's file.
enum ExistingSocketFile: Equatable {
    /// Nothing there: bind creates the socket.
    case none
    /// A socket whose listener is gone (connecting to it is refused): removed, then bound anew.
    case stale
    /// A socket someone accepts on: another daemon serves it.
    case inUse
    /// A regular file, directory, symbolic link, FIFO or device: never touched.
    case notASocket(kind: String)

    /// Looks at `path` without following a symbolic link, and connects to it if it is a socket.
    static func inspect(_ path: String, address: UnixSocketAddress) throws(SocketError) -> ExistingSocketFile {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return .none }
            throw SocketError.fromErrno("\(path): cannot look at what is there")
        }
        switch status.st_mode & S_IFMT {
        case S_IFSOCK: break
        case S_IFREG: return .notASocket(kind: "a regular file")
        case S_IFDIR: return .notASocket(kind: "a directory")
        case S_IFLNK: return .notASocket(kind: "a symbolic link")
        case S_IFIFO: return .notASocket(kind: "a FIFO")
        default: return .notASocket(kind: "a device node")
        }
        // Non-blocking, so a listener whose backlog is full answers EAGAIN instead of stalling us.
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { throw SocketError.fromErrno("socket") }
        defer { Glibc.close(probe) }
        if address.withSockaddr({ connect(probe, $0, $1) }) == 0 { return .inUse }
        switch errno {
        case ECONNREFUSED: return .stale
        case EAGAIN, EINPROGRESS: return .inUse
        default: throw SocketError.fromErrno("\(path): cannot tell whether another daemon serves it")
        }
    }

    /// Makes `path` free to bind, or says why it must not be.
    static func clear(_ path: String, address: UnixSocketAddress) throws(SocketError) {
        switch try inspect(path, address: address) {
        case .none:
            return
        case .stale:
            guard unlink(path) == 0 || errno == ENOENT else {
                throw SocketError.fromErrno("\(path): cannot remove the stale socket")
            }
        case .inUse:
            throw SocketError("\(path): another daemon is serving this socket; stop it first or choose another --socket")
        case .notASocket(let kind):
            throw SocketError("\(path) is \(kind), not a socket: refusing to replace it")
        }
    }
}
