import Foundation
import Glibc

/// A D-Bus client on a raw socket to an abstract address: it authenticates as this user, then
/// sends what a test gives it and never reads, as a hostile or stalled peer does.
public final class RawDBusClient: @unchecked Sendable {
    public let descriptor: Int32

    /// Connects to `abstractName`; the socket closes on exec, so no child a test starts holds it.
    public init(abstractName: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = [UInt8(0)] + Array(abstractName.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in bytes.enumerated() { path[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) } }
    }

    /// The external authentication as this user, `\0AUTH EXTERNAL <uid in hex>\r\n`.
    private static var authentication: [UInt8] {
        Array("\0AUTH EXTERNAL \(Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined())\r\n".utf8)
    }

    /// Sends the whole authentication and `BEGIN` at once, without waiting for the server's
    /// reply, so a server can finish it in the pass that accepts the connection.
    public func authenticateAtOnce() {
        _ = write(Self.authentication + Array("BEGIN\r\n".utf8))
    }

    /// Authenticates, then sends `message` over and over for `seconds` or until the server closes.
    public func flood(with message: [UInt8], seconds: Double) {
        guard write(Self.authentication) else { return }
        var reply = [UInt8](repeating: 0, count: 256)
        guard recv(descriptor, &reply, reply.count, 0) > 0 else { return }
        guard write(Array("BEGIN\r\n".utf8)) else { return }
        let batch = Array([[UInt8]](repeating: message, count: 100).joined())
        let end = Date().addingTimeInterval(seconds)
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while Date() < end {
            let sent = send(descriptor, batch, batch.count, Int32(MSG_NOSIGNAL))
            if sent < 0 && errno != EAGAIN && errno != EINTR { return }
        }
    }

    private func write(_ bytes: [UInt8]) -> Bool { send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count }

    /// Hangs up: a flood under way ends at its next send.
    public func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }
}
