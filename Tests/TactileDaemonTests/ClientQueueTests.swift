import Glibc
import Testing
import TactileSystem
@testable import TactileDaemon

@Suite("ClientQueue: one stream client's bytes, queued only when it is behind")
struct ClientQueueTests {
    /// A connected pair: the server's end (non-blocking, the smallest send buffer) and the client's.
    private func pair() throws -> (server: FileDescriptor, client: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &ends) == 0)
        var small: Int32 = 1
        setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    private func readAll(_ descriptor: FileDescriptor) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while let count = try? buffer.withUnsafeMutableBytes({ buffer throws(Errno) in try descriptor.receiveWithoutWaiting(into: buffer) }),
              count > 0 {
            bytes += buffer[..<count]
        }
        return bytes
    }

    @Test("a client that keeps up has nothing queued; one that falls behind gets every byte in order once it reads")
    func queuedOnlyWhenBehind() throws {
        let (server, client) = try pair()
        defer { try? server.close(); try? client.close() }
        var queue = ClientQueue(server, limit: 1 << 20)
        let line = Array("{\"phase\":\"changed\"}\n".utf8)
        #expect(line.withUnsafeBytes { queue.send($0) } == .accepted)
        #expect(queue.isEmpty)
        #expect(readAll(client) == line)

        var sent: [UInt8] = []
        while queue.isEmpty {
            #expect(line.withUnsafeBytes { queue.send($0) } == .accepted)
            sent += line
        }
        var received = readAll(client)
        while !queue.isEmpty {
            #expect(queue.flush() == nil)
            received += readAll(client)
        }
        #expect(received == sent)
    }

    @Test("a client that stops reading overflows its limit; one that hung up is gone")
    func overflowAndGone() throws {
        let (server, client) = try pair()
        defer { try? server.close() }
        var queue = ClientQueue(server, limit: 4096)
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
        var delivery = ClientQueue.Delivery.accepted
        while delivery == .accepted { delivery = line.withUnsafeBytes { queue.send($0) } }
        guard case .overflowed(let waiting) = delivery else {
            Issue.record("expected an overflow, got \(delivery)")
            return
        }
        #expect(waiting > 4096 && queue.waitingCount <= 4096)

        try client.close()
        let gone = line.withUnsafeBytes { queue.send($0) }
        #expect(gone == .gone(.brokenPipe) || gone == .gone(Errno(rawValue: ECONNRESET)), "\(gone)")
    }
}
