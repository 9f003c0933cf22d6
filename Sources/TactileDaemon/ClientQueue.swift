import TactileSystem

/// One client of a stream server, as the server writes to it: bytes go straight from the
/// caller's buffer to the client's socket, and only what the socket does not take now is copied,
/// into a queue of at most `limit` bytes that goes out before anything newer. A client whose queue
/// would overflow has stopped reading; the server disconnects it, so it never delays anyone.
/// The JSON socket's clients and Touchégg's D-Bus clients are written through it alike.
struct ClientQueue {
    let descriptor: FileDescriptor
    private var waiting: ByteRing

    init(_ descriptor: FileDescriptor, limit: Int) {
        self.descriptor = descriptor
        waiting = ByteRing(limit: limit)
    }

    /// What became of bytes handed to the client.
    enum Delivery: Equatable {
        /// Sent, or queued behind what waits.
        case accepted
        /// The client is gone: a send failed with this error.
        case gone(Errno)
        /// The client stopped reading: this many bytes would have waited, more than `limit`.
        case overflowed(waiting: Int)
    }

    /// Bytes waiting for the client's socket to take them.
    var waitingCount: Int { waiting.count }
    var isEmpty: Bool { waiting.isEmpty }
    var limit: Int { waiting.limit }

    /// Sends `bytes` after what waits, and queues what the socket does not take now.
    mutating func send(_ bytes: UnsafeRawBufferPointer) -> Delivery {
        if let failure = flush() { return .gone(failure) }
        var taken = 0
        if waiting.isEmpty {
            do {
                taken = try descriptor.sendWithoutWaiting(bytes)
            } catch {
                return .gone(error)
            }
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[taken...])
        guard waiting.append(rest) else { return .overflowed(waiting: waiting.count + rest.count) }
        return .accepted
    }

    /// Sends what the socket takes now of what waits; the error when the client is gone.
    mutating func flush() -> Errno? {
        do {
            _ = try waiting.send(to: descriptor)
            return nil
        } catch {
            return error
        }
    }
}
