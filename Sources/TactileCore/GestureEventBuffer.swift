/// Where recognizers write their events. The caller owns it and reuses it across frames,
/// so once its capacity has grown to the largest burst it never allocates again.
public struct GestureEventBuffer: Sendable {
    /// The events, in the order they were written.
    public private(set) var events: [GestureEvent]

    /// An empty buffer with room for `capacity` events (none is reserved for 0).
    public init(capacity: Int = 64) {
        events = []
        if capacity > 0 { events.reserveCapacity(capacity) }
    }

    /// How many events it holds.
    public var count: Int { events.count }
    /// It holds no event.
    public var isEmpty: Bool { events.isEmpty }

    /// The event at `index`, in `0..<count`.
    @inlinable public subscript(index: Int) -> GestureEvent { events[index] }

    /// Writes one more event.
    public mutating func append(_ event: GestureEvent) { events.append(event) }

    /// Drops everything after the first `count` events (used to withdraw a loser's output).
    public mutating func truncate(to count: Int) {
        if count < events.count { events.removeLast(events.count - count) }
    }

    /// Empties the buffer, keeping its storage.
    public mutating func removeAll() { events.removeAll(keepingCapacity: true) }

    /// Stamps the events from `start` on with a sequence number.
    mutating func stamp(from start: Int, sequence: UInt64) {
        var index = start
        while index < events.count {
            events[index].sequence = sequence
            index += 1
        }
    }
}
