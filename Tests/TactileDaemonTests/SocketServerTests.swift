import Foundation
import Glibc
import Testing
@testable import TactileDaemon

@Suite("SocketServer: lines to clients that keep up and to one that falls behind")
struct SocketServerTests {
    @Test("a client that falls behind still gets every byte in order, and the one that reads gets them at once")
    func behindAndCaughtUp() throws {
        let path = NSTemporaryDirectory() + "tactile-socket-server-\(getpid()).sock"
        let server = try SocketServer(path: path, queueLimit: 1 << 20)
        defer { server.close() }
        let reading = try connect(to: path), behind = try connect(to: path)
        defer { Glibc.close(reading); Glibc.close(behind) }
        var accepted: [Int32] = []
        _ = server.acceptPendingClients { accepted.append($0) }
        #expect(accepted.count == 2)
        // the smallest send buffer, so most of a burst waits in the client's queue
        var small: Int32 = 1
        for descriptor in accepted {
            setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        }

        var sent: [UInt8] = [], readAtOnce: [UInt8] = [], readLate: [UInt8] = []
        func line(_ number: Int) -> [UInt8] {
            Array("{\"seq\":\(number),\"padding\":\"\(String(repeating: "x", count: 200))\"}\n".utf8)
        }
        // a burst the late reader does not read
        for number in 0..<100 {
            sent += line(number)
            server.broadcast(line(number)[...])
            readAtOnce += readAvailable(reading)
        }
        #expect(readAtOnce == sent)
        readLate += readAvailable(behind)
        #expect(readLate.count < sent.count, "the burst did not fill the socket: the queue was not tried")
        // then it reads as lines keep coming, and catches up
        for number in 100..<300 {
            readLate += readAvailable(behind)
            sent += line(number)
            server.broadcast(line(number)[...])
            readAtOnce += readAvailable(reading)
        }
        readLate += readAvailable(behind)
        #expect(readAtOnce == sent)
        #expect(readLate == sent)
        #expect(server.clientCount == 2 && server.droppedClientCount == 0)
    }

    private func connect(to path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(connected == 0, "connect: \(String(cString: strerror(errno)))")
        return descriptor
    }

    /// What the socket holds now, without waiting.
    private func readAvailable(_ descriptor: Int32) -> [UInt8] {
        var taken: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count <= 0 { return taken }
            taken += buffer[..<count]
        }
    }
}
