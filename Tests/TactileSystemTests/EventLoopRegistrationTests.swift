import Glibc
import TactileCore
import TactileSystem
import Testing

/// Registrations live in reused slots: a registration that was unregistered must never reach
/// the descriptor registered after it in the same slot.
@Suite struct EventLoopRegistrationTests {
    /// A pipe with one byte waiting in it, so its reading end is readable.
    private func readablePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == 1)
        return (ends[0], ends[1])
    }

    /// Stops `loop` a second from now, should the handlers it expects never stop it: a broken
    /// registration fails the test instead of hanging it.
    private func stopLater(_ loop: EventLoop, noting calls: @escaping () -> Void) throws {
        let timeout = loop.addTimer {
            calls()
            loop.stop()
        }
        try loop.setDeadline(monotonicNow() + Interval(microseconds: 1_000_000), for: timeout)
    }

    @Test func aStaleRegistrationNeitherRemovesNorReachesItsSlotsNextDescriptor() throws {
        let loop = try EventLoop()
        defer { loop.removeAllHandlers() }
        let first = readablePipe(), second = readablePipe()
        defer { for descriptor in [first.read, first.write, second.read, second.write] { close(descriptor) } }

        var calls: [String] = []
        let stale = try loop.register(FileDescriptor(rawValue: first.read)) { calls.append("first") }
        loop.unregister(stale)
        let current = try loop.register(FileDescriptor(rawValue: second.read)) {
            calls.append("second")
            loop.stop()
        }
        #expect(stale != current, "a reused slot gave the same registration")
        // Unregistering the stale one again must leave the current one registered.
        loop.unregister(stale)
        try stopLater(loop) { calls.append("timeout") }
        try loop.run()
        #expect(calls == ["second"])
        loop.unregister(current)
    }

    @Test func manyRegistrationsEachReachTheirOwnHandler() throws {
        let loop = try EventLoop()
        defer { loop.removeAllHandlers() }
        var pipes: [(read: Int32, write: Int32)] = []
        defer { for ends in pipes { close(ends.read); close(ends.write) } }
        var registrations: [EventLoop.Registration] = []
        var reached: [Int] = []
        for index in 0..<40 {
            let ends = readablePipe()
            pipes.append(ends)
            registrations.append(try loop.register(FileDescriptor(rawValue: ends.read)) {
                var byte: UInt8 = 0
                _ = read(ends.read, &byte, 1)
                reached.append(index)
                if reached.count == 20 { loop.stop() }
            })
        }
        // Every other one leaves; the 20 left are each called once, with their own index.
        for index in stride(from: 1, to: 40, by: 2) { loop.unregister(registrations[index]) }
        try stopLater(loop) { reached.append(-1) }
        try loop.run()
        #expect(reached.sorted() == Array(stride(from: 0, to: 40, by: 2)))
    }
}
