import Glibc
import TactileCore
import TactileSystem

/// A connection to a compositor's Unix stream socket, with what has been read but not yet
/// consumed. A request's whole reply is waited for until one deadline and up to a size, so a
/// compositor that accepts but never answers, answers a byte at a time or answers without end
/// costs `listen` a bounded pause, not its bindings: a timeout per read let a reply trickling a
/// byte every half second hold `listen` for as long as it trickled.
final class CompositorSocket {
    let descriptor: FileDescriptor
    let path: String
    /// Bytes read and not yet taken by a decoder.
    var buffer: [UInt8] = []
    /// Where each read lands: allocated once per connection, not once per read.
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    /// How long a request may wait for its whole reply.
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

    /// When a reply asked for now must be whole.
    func replyDeadline() -> Instant { monotonicNow() + .seconds(Double(Self.replyTimeoutSeconds)) }

    /// Reads what is there, waiting for it until `deadline` at most; false at end of stream.
    /// Throws once `buffer` holds more than `limit` bytes: a reply that big is no answer.
    func fill(before deadline: Instant, limit: Int) throws(FocusError) -> Bool {
        while true {
            let remaining = deadline - monotonicNow()
            var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            let ready = remaining.microseconds > 0
                ? poll(&entry, 1, Int32(clamping: (remaining.microseconds + 999) / 1_000)) : 0
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw FocusError("\(path): no whole reply within \(Self.replyTimeoutSeconds) s") }
            break
        }
        let more = try fill()
        guard buffer.count <= limit else { throw FocusError("\(path): a reply of more than \(limit) bytes") }
        return more
    }

    /// Reads what is there (blocking up to the socket's timeout); false at end of stream.
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

    /// Waits for the next line, of at most `limit` bytes: a reply of a line-based protocol.
    func readLine(limit: Int) throws(FocusError) -> [UInt8] {
        let deadline = replyDeadline()
        while true {
            if let line = takeLine() { return line }
            guard try fill(before: deadline, limit: limit) else { throw FocusError("\(path): closed before replying") }
        }
    }

    /// Everything up to the end of the stream, at most `limit` bytes: a reply the compositor
    /// ends by closing.
    func readToEnd(limit: Int) throws(FocusError) -> [UInt8] {
        let deadline = replyDeadline()
        while try fill(before: deadline, limit: limit) {}
        defer { buffer.removeAll() }
        return buffer
    }
}
