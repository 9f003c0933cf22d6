import CLinuxIO
import Glibc

/// The calls a stream server makes on its sockets, as typed values: never waiting, never raising
/// SIGPIPE, retrying on `EINTR`.
extension FileDescriptor {
    /// The next pending connection of a listening socket, non-blocking and close-on-exec; nil when
    /// none is pending. A connection aborted before it was accepted is skipped.
    public func acceptConnection() throws(Errno) -> FileDescriptor? {
        while true {
            let descriptor = accept4(rawValue, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
            if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: throw Errno.current
            }
        }
    }

    /// Sends as much of `bytes` as the socket takes now: how many bytes it took (0 when it is
    /// full). A peer that went away is an error (`EPIPE`, `ECONNRESET`), not a signal.
    public func sendWithoutWaiting(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        var sent = 0
        while sent < bytes.count {
            let written = send(rawValue, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            if written >= 0 {
                sent += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return sent
            default: throw Errno.current
            }
        }
        return sent
    }

    /// Reads what the socket holds now into `buffer`: how many bytes, 0 at the end of the stream,
    /// nil when nothing is there.
    public func receiveWithoutWaiting(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int? {
        while true {
            let count = recv(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: throw Errno.current
            }
        }
    }
}
