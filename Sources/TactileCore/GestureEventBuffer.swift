// Events are written over the slots of ones already taken, and emptying it only sets `count`:
// the array's own `removeAll(keepingCapacity:)` went through `replaceSubrange` and a uniqueness
// check, ~30 instructions on every frame that published.
/// Where recognizers write their events. The caller owns it and reuses it across frames,
/// so once its capacity has grown to the largest burst it never allocates again.
public struct GestureEventBuffer: Sendable {
    /// Written in `0..<count`; the slots after it are free, left from earlier events.
    @usableFromInline var slots: [GestureEvent]
    /// How many events it holds.
    public private(set) var count = 0
    /// The touch sequence of the engine stepping its gestures now, which it stamps on this
    /// step's events: what an explaining log names its decisions by, so they carry the stream's
    /// `seq` whichever engine steps the log.
    var sequence: UInt64 = 1

    /// An empty buffer with room for `capacity` events (none is reserved for 0).
    public init(capacity: Int = 64) {
        slots = []
        if capacity > 0 { slots.reserveCapacity(capacity) }
    }

    /// The events, in the order they were written (a copy: for tests and tools, not per frame).
    public var events: [GestureEvent] { Array(slots.prefix(count)) }

    /// It holds no event.
    public var isEmpty: Bool { count == 0 }

    /// The event at `index`, in `0..<count`.
    @inlinable public subscript(index: Int) -> GestureEvent {
        precondition(index < count, "event index out of range")
        return slots[index]
    }

    /// Writes one more event.
    public mutating func append(_ event: GestureEvent) {
        if count < slots.count { slots[count] = event } else { slots.append(event) }
        count += 1
    }

    /// Drops everything after the first `count` events (used to withdraw a loser's output).
    public mutating func truncate(to count: Int) {
        precondition(count >= 0, "a buffer cannot be cut below empty")
        if count < self.count { self.count = count }
    }

    /// Empties the buffer, keeping its storage.
    public mutating func removeAll() { count = 0 }

    /// Labels the events from `start` on as the named gesture `label`'s.
    mutating func label(from start: Int, as label: UInt16) {
        var index = start
        while index < count {
            slots[index].label = label
            index += 1
        }
    }

    /// Stamps the events from `start` on with a sequence number.
    mutating func stamp(from start: Int, sequence: UInt64) {
        var index = start
        while index < count {
            slots[index].sequence = sequence
            index += 1
        }
    }
}
