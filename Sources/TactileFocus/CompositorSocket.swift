import Glibc
import TactileSystem

/// A connection to a compositor's Unix stream socket, with what has been read but not yet
/// consumed. Requests and their replies are waited for with a timeout, so a compositor that
/// accepts but never answers costs `listen` a bounded pause, not its bindings.
final class CompositorSocket {
    let descriptor: FileDescriptor
    let path: String
    /// Bytes read and not yet taken by a decoder.
    var buffer: [UInt8] = []
    /// Where each read lands: allocated once per connection, not once per read.
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    /// How long a request may wait for its reply.
    static let replyTimeoutSeconds = 2

    init(connectingTo path: String) throws(FocusError) {
        self.path = path
        guard let address = UnixSocketAddress(path) else { throw FocusError("\(path): path too long for a socket") }
        let raw = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard raw >= 0 else { throw FocusError("socket: \(Errno(rawValue: errno))") }
        var timeout = timeval(tv_sec: Self.replyTimeoutSeconds, tv_usec: 0)
        setsockopt(raw, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(raw, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard address.withSockaddr({ connect(raw, $0, $1) }) == 0 else {
            let error = Errno(rawValue: errno)
            close(raw)
            throw FocusError("cannot connect to \(path): \(error)")
        }
        descriptor = FileDescriptor(rawValue: raw)
    }

    deinit { try? descriptor.close() }

    /// Sends all of `bytes`; MSG_NOSIGNAL, so a compositor gone away is an error, not SIGPIPE.
    func send(_ bytes: [UInt8]) throws(FocusError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { throw FocusError("\(path): cannot send: \(Errno(rawValue: errno))") }
            offset += sent
        }
    }

    /// Reads what is there (blocking up to the timeout); false at end of stream.
    func fill() throws(FocusError) -> Bool {
        let result = chunk.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) -> Int in try descriptor.read(into: bytes) }
        }
        let count: Int
        switch result {
        case .success(let read): count = read
        case .failure(let error) where error == .wouldBlock:
            throw FocusError("\(path): no reply within \(Self.replyTimeoutSeconds) s")
        case .failure(let error): throw FocusError("\(path): \(error)")
        }
        buffer += chunk[0..<count]
        return count > 0
    }

    /// Takes one `\n`-terminated line out of the buffer, without its newline.
    func takeLine() -> [UInt8]? {
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = Array(buffer[..<newline])
        buffer.removeFirst(newline + 1)
        return line
    }

    /// Waits for the next line: a reply of a line-based protocol.
    func readLine() throws(FocusError) -> [UInt8] {
        while true {
            if let line = takeLine() { return line }
            guard try fill() else { throw FocusError("\(path): closed before replying") }
        }
    }

    /// Everything up to the end of the stream: a reply the compositor ends by closing.
    func readToEnd() throws(FocusError) -> [UInt8] {
        while try fill() {}
        defer { buffer.removeAll() }
        return buffer
    }
}
