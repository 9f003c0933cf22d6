import Foundation
import Glibc

/// A listening Unix stream socket whose every connection is served on its own thread: the
/// real-socket half of a compositor stand-in. `stop()` closes the socket and every
/// connection, as a compositor that exits does.
final class UnixStreamServer: @unchecked Sendable {
    let path: String
    private let listener: Int32
    private let lock = NSLock()
    private var connections: Set<Int32> = []
    private var stopped = false

    init(path: String, serve: @escaping @Sendable (Int32) -> Void) throws {
        self.path = path
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw StandInError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw StandInError("path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
        let descriptor = listener
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw StandInError("cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR { continue }
                    return  // stopped
                }
                // Not inherited by the processes the test starts, so closing it hangs up for real.
                _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                guard track(connection) else { return }
                Thread.detachNewThread { [self] in
                    serve(connection)
                    untrack(connection)
                }
            }
        }
    }

    private func track(_ connection: Int32) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else {
            close(connection)
            return false
        }
        connections.insert(connection)
        return true
    }

    private func untrack(_ connection: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if connections.remove(connection) != nil { close(connection) }
    }

    /// Closes the listening socket and hangs up on every client; the path is removed.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        unlink(path)
        // Shutting down wakes each connection's thread, which then closes it.
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }
}

public struct StandInError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Blocking reads and writes on a stand-in's connection.
enum StandInIO {
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    static func write(_ descriptor: Int32, _ text: String) { write(descriptor, Array(text.utf8)) }

    /// Reads exactly `count` bytes; nil at end of stream.
    static func read(_ descriptor: Int32, count: Int) -> [UInt8]? {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: count)
        while result.count < count {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count - result.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            result += chunk[0..<got]
        }
        return result
    }

    /// Reads one line, without its newline; nil at end of stream.
    static func readLine(_ descriptor: Int32) -> String? {
        var line: [UInt8] = []
        while let byte = read(descriptor, count: 1) {
            if byte[0] == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line += byte
        }
        return nil
    }
}
