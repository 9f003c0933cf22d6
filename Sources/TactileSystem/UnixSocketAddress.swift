import Glibc

/// A filesystem (or, with a leading `@`, abstract) Unix socket address, for the C calls that
/// take a `sockaddr`.
public struct UnixSocketAddress {
    private var storage = sockaddr_un()
    /// The bytes of the address that count: the family and the path as written.
    public let length: socklen_t

    /// nil when the path does not fit (108 bytes, the kernel's limit).
    public init?(_ path: String) {
        var bytes = Array(path.utf8)
        // "@name" is an abstract socket: its address starts with a NUL byte.
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: storage.sun_path) else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
    }

    public func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
