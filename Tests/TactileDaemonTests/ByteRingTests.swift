import Testing
@testable import TactileDaemon

@Suite("ByteRing: a socket client's unsent bytes")
struct ByteRingTests {
    @Test("bytes appended across the ring's end, and while it grows, come out in order")
    func wrapsAndGrows() {
        var ring = ByteRing(limit: 4096)
        let first = bytes(200, from: 0)
        #expect(append(first, to: &ring))
        ring.consumeFront { min($0.count, 150) }
        // 50 left at 150 of 256: the next 180 wrap past the end
        let second = bytes(180, from: 7)
        #expect(append(second, to: &ring))
        // 230 + 100 no longer fit: the ring grows and lays them out again
        let third = bytes(100, from: 13)
        #expect(append(third, to: &ring))
        #expect(drain(&ring) == Array(first[150...]) + second + third)
    }

    @Test("what would pass the limit is refused whole, and the ring keeps what it had")
    func limit() {
        var ring = ByteRing(limit: 300)
        #expect(append(bytes(250, from: 0), to: &ring))
        #expect(!append(bytes(51, from: 0), to: &ring))
        #expect(ring.count == 250)
        #expect(append(bytes(50, from: 0), to: &ring))
        #expect(ring.count == 300)
    }

    private func bytes(_ count: Int, from start: Int) -> [UInt8] {
        (0..<count).map { UInt8((start + $0) % 251) }
    }

    private func append(_ bytes: [UInt8], to ring: inout ByteRing) -> Bool {
        bytes.withUnsafeBytes { ring.append($0) }
    }

    private func drain(_ ring: inout ByteRing) -> [UInt8] {
        var taken: [UInt8] = []
        while !ring.isEmpty {
            ring.consumeFront { front in
                taken += front
                return front.count
            }
        }
        return taken
    }
}
