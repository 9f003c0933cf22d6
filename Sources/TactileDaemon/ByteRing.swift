import TactileSystem

/// A bounded first-in first-out queue of bytes in a ring: a socket client's unsent output.
///
/// Taking bytes from the front costs nothing (an array trimmed with `removeFirst` moved
/// everything behind them, for every partial write). The storage grows on demand, doubling, up
/// to `limit`, so an idle client costs no memory and a slow one at most `limit` bytes.
struct ByteRing {
    let limit: Int
    private var storage: [UInt8] = []
    /// Where the oldest byte is.
    private var head = 0
    private(set) var count = 0

    init(limit: Int) { self.limit = limit }

    var isEmpty: Bool { count == 0 }

    /// Appends `bytes`; false (and nothing appended) when they would exceed `limit`.
    mutating func append(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends `bytes`; false (and nothing appended) when they would exceed `limit`.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= limit - count else { return false }
        guard !bytes.isEmpty else { return true }
        if count + bytes.count > storage.count { grow(toHold: count + bytes.count) }
        let tail = (head + count) % storage.count
        // up to the storage's end, then the rest from its start
        let first = min(bytes.count, storage.count - tail)
        storage.withUnsafeMutableBytes { buffer in
            UnsafeMutableRawBufferPointer(rebasing: buffer[tail..<(tail + first)])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<first]))
            UnsafeMutableRawBufferPointer(rebasing: buffer[..<(bytes.count - first)])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[first...]))
        }
        count += bytes.count
        return true
    }

    /// Calls `body` with the oldest bytes that lie contiguously in storage (all of them, or
    /// those up to the ring's end); `body` returns how many it took, which are removed.
    mutating func consumeFront(_ body: (UnsafeRawBufferPointer) -> Int) {
        guard count > 0 else { return }
        let contiguous = min(count, storage.count - head)
        let taken = storage.withUnsafeBytes { buffer in
            body(UnsafeRawBufferPointer(rebasing: buffer[head..<(head + contiguous)]))
        }
        precondition((0...contiguous).contains(taken), "took more bytes than were offered")
        head = (head + taken) % storage.count
        count -= taken
        if count == 0 { head = 0 }
    }

    /// Sends what `descriptor` takes now of the queued bytes, oldest first, and removes them:
    /// how many bytes went.
    /// - Throws: the error of a send that failed other than for want of room.
    mutating func send(to descriptor: FileDescriptor) throws(Errno) -> Int {
        var moved = 0
        var failure: Errno?
        while !isEmpty {
            var sent = 0
            consumeFront { bytes in
                do throws(Errno) {
                    sent = try descriptor.sendWithoutWaiting(bytes)
                } catch {
                    failure = error
                }
                return sent
            }
            if let failure { throw failure }
            moved += sent
            if sent == 0 { break }
        }
        return moved
    }

    /// Re-lays the bytes from index 0 in a larger array: doubling, at least `needed`, at most `limit`.
    private mutating func grow(toHold needed: Int) {
        let capacity = min(limit, max(needed, storage.count * 2, 256))
        var larger = [UInt8](repeating: 0, count: capacity)
        for offset in 0..<count { larger[offset] = storage[(head + offset) % storage.count] }
        storage = larger
        head = 0
    }
}
