import Glibc
import TactileSystem

/// A client of the daemon the soak drives: on its socket, or a D-Bus peer on the Touchégg
/// address, that keeps reading (a stayer keeps every byte) or stalls, never reading.
final class SoakClient {
    let descriptor: Int32
    /// What it read, kept only by a client that keeps it.
    private(set) var received: [UInt8] = []
    private let keeps: Bool
    /// The server closed the connection.
    private(set) var closed = false

    /// A client of the socket at `path`; nil if it could not connect.
    init?(socketPath path: String, keeps: Bool = false) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.keeps = keeps
        guard descriptor >= 0, UnixSocketAddress(path)?.withSockaddr({ connect(descriptor, $0, $1) }) == 0 else {
            close()
            return nil
        }
    }

    /// A D-Bus peer of the abstract socket `name`, authenticated as D-Bus clients are; nil if
    /// it could not connect or was refused.
    init?(abstractName name: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        keeps = false
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = [UInt8(0)] + Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.enumerated() { bytes[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
        }
        let uid = Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined()
        guard descriptor >= 0, connected == 0, send(Array("\0AUTH EXTERNAL \(uid)\r\n".utf8)) else {
            close()
            return nil
        }
        var reply = [UInt8](repeating: 0, count: 256)
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 5_000) == 1, recv(descriptor, &reply, reply.count, 0) > 2, reply[0] == UInt8(ascii: "O"),
            send(Array("BEGIN\r\n".utf8))
        else {
            close()
            return nil
        }
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }

    /// Reads whatever has arrived, without waiting.
    func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !closed {
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 { closed = true }
            guard count > 0 else { return }
            if keeps { received += buffer[0..<count] }
        }
    }

    func close() { Glibc.close(descriptor) }
}
