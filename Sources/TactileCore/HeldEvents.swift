/// Events a composite withholds until it knows whether they may be published (the single tap
/// waiting for the double tap's window). Inline storage: holding never allocates.
struct HeldEvents {
    /// A held gesture writes at most `began` and one coalesced `changed`, or one `ended`,
    /// before its rival decides; four slots leave room for an `ended` and a `cancelled` too.
    static let capacity = 4

    private var storage = InlineArray<4, GestureEvent>(
        repeating: GestureEvent(time: Instant(microseconds: 0), phase: .ended, fingers: 0, location: .zero,
                                payload: .tap(count: 0)))
    private(set) var count = 0

    /// Moves the events from `start` on out of `events` into the hold. When the hold is full,
    /// the newest event replaces the last one: consecutive `changed` events coalesce.
    mutating func take(from events: inout GestureEventBuffer, start: Int) {
        var index = start
        while index < events.count {
            if count < HeldEvents.capacity {
                storage[count] = events[index]
                count += 1
            } else {
                storage[HeldEvents.capacity - 1] = events[index]
            }
            index += 1
        }
        events.truncate(to: start)
    }

    /// Publishes the held events, re-timed to `time`: the moment they became true for the
    /// consumer, which keeps the output stream in time order.
    mutating func release(at time: Instant, into events: inout GestureEventBuffer) {
        for index in 0..<count {
            var event = storage[index]
            event.time = time
            events.append(event)
        }
        count = 0
    }

    mutating func discard() { count = 0 }
}
