import Foundation
import Glibc
@testable import TactileDaemon
import TactileCore
import TactileSystem
import TactileTestSupport
import Testing

/// What a D-Bus peer can make the Touchégg server hold (issue 42): its framing, pure, and the
/// bound on all clients together, with raw clients on real sockets.
@Suite("D-Bus peers are bounded", .serialized)
struct DBusBoundTests {
    /// org.freedesktop.DBus.Peer.Ping on "/", serial 1, as GLib's GDBusMessage writes it.
    static let ping: [UInt8] = hexBytes(
        "6c01000100000000010000004500000001016f00010000002f0000000000000002017300190000006f72672e66726565"
            + "6465736b746f702e444275732e5065657200000000000000030173000400000050696e6700000000")
    static let authentication = Array("\0AUTH EXTERNAL 30\r\nBEGIN\r\n".utf8)

    @Test("framing: messages after BEGIN are followed however the bytes are split")
    func framingAcrossSplits() throws {
        let stream = Self.authentication + Self.ping + Self.ping
        for split in [1, 5, 17, Self.authentication.count, Self.authentication.count + 3, Self.authentication.count + 16,
                      Self.authentication.count + 90, stream.count - 1] {
            var framing = DBusInboundFraming()
            try framing.take(stream[..<split])
            try framing.take(stream[split...])
            #expect(framing.state == .header([]), "split at \(split): \(framing.state)")
        }
    }

    @Test("framing: a message declared over 64 KiB, a first byte that is no endianness, a long authentication are refused")
    func framingRefusals() {
        var huge = Self.ping
        huge[4...7] = [0x00, 0x00, 0xc0, 0x07]  // a body of 0x07c00000 bytes, 124 MiB, little endian
        var framing = DBusInboundFraming()
        #expect(throws: DBusInboundFraming.Refusal.self) { try framing.take((Self.authentication + huge)[...]) }

        var garbage = Self.ping
        garbage[0] = UInt8(ascii: "x")
        framing = DBusInboundFraming()
        #expect(throws: DBusInboundFraming.Refusal.self) { try framing.take((Self.authentication + garbage)[...]) }

        framing = DBusInboundFraming()
        let endless = [UInt8](repeating: UInt8(ascii: "A"), count: DBusInboundFraming.longestAuthentication + 1)
        #expect(throws: DBusInboundFraming.Refusal.self) { try framing.take(endless[...]) }

        // Exactly the largest message passes.
        var largest = Self.ping
        let body = DBusInboundFraming.largestMessage - 88
        largest[4...7] = [UInt8(body & 0xff), UInt8(body >> 8 & 0xff), UInt8(body >> 16 & 0xff), 0]
        framing = DBusInboundFraming()
        #expect(throws: Never.self) { try framing.take((Self.authentication + largest)[...]) }
        #expect(framing.state == .message(remaining: body))
    }

    @Test("clients that each stay under their own bound but together pass the total: the one holding most is dropped")
    func totalBound() throws {
        let name = "tactile-total-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let loop = try EventLoop()
        defer { loop.removeAllHandlers() }
        var log: [String] = []
        // Each client may hold 512 KiB, all together 160 KiB: the total is what is passed first.
        let server = try ToucheggServer(address: DBusUnixAddress(parsing: "unix:abstract=\(name)"), policy: ReaderPolicy(group: nil),
                                        queueLimit: 512 * 1024, totalLimit: 160 * 1024, loop: loop) { log.append($0) }
        defer { server.close() }
        // Three clients that ping and never read.
        let clients = (0..<3).map { _ in RawDBusClient(abstractName: name) }
        defer { clients.forEach { $0.close() } }
        for client in clients { Thread { client.flood(with: Self.ping, seconds: 30) }.start() }
        // Until one is dropped, or 30 s (a slow sanitizer build floods slowly).
        let giveUp = monotonicNow() + .seconds(30)
        var check: EventLoop.Timer!
        check = loop.addTimer {
            if log.contains(where: { $0.contains("dropped") }) || monotonicNow() > giveUp { loop.stop() }
            try? loop.setDeadline(monotonicNow() + .milliseconds(50), for: check)
        }
        try loop.setDeadline(monotonicNow(), for: check)
        try loop.run()
        #expect(log.contains { $0.contains("more than the 163840 all may") }, "\(log)")
    }
}

func hexBytes(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}
