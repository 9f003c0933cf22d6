/// Events a composite withholds until it knows whether they may be published (the single tap
/// waiting for the double tap's window).
///
/// Nothing held is ever dropped but a `changed` superseded by a later one of the same kind:
/// `began`, `ended` and `cancelled` are always kept, in order, so every held `began` is released
/// with its end. Kept that way, the hold needs room for at most twice the member's
/// `milestoneLimit`: every held `changed` is either the last of its kind or followed by a
/// milestone of its kind, and every kind with a `changed` has a `began` before it. The storage is
/// reserved for that many when the gesture is built, so holding never allocates afterwards. Were
/// the bound ever wrong, the list would grow rather than drop an event (and the assertion stops
/// debug and fuzz builds).
struct HeldEvents {
    private var events: [GestureEvent] = []
    /// Twice the milestones of the member whose events are held (see above).
    let capacity: Int

    init(for member: some Gesture) {
        capacity = 2 * member.milestoneLimit
        events.reserveCapacity(capacity)
    }

    /// Moves the events from `start` on out of `buffer` into the hold. Inlined because most
    /// calls find nothing to take, and the call cost more than that check.
    @inline(__always)
    mutating func take(from buffer: inout GestureEventBuffer, start: Int) {
        guard buffer.count > start else { return }
        var index = start
        while index < buffer.count {
            hold(buffer[index])
            index += 1
        }
        buffer.truncate(to: start)
    }

    /// Out of line: rare (a step of the single tap that wrote), and inlined it grew `take`'s callers.
    @inline(never)
    private mutating func hold(_ event: GestureEvent) {
        // The latest value of a continuous gesture is what the consumer needs; the ones before it
        // were never published, so nobody saw them.
        if event.phase == .changed, let last = events.lastIndex(where: { $0.kind == event.kind }),
            events[last].phase == .changed
        {
            events.remove(at: last)
        }
        assert(events.count < capacity, "a held member wrote more milestones than its milestoneLimit")
        events.append(event)
    }

    /// Publishes the held events, re-timed to `time`: the moment they became true for the
    /// consumer, which keeps the output stream in time order.
    mutating func release(at time: Instant, into buffer: inout GestureEventBuffer) {
        for var event in events {
            event.time = time
            buffer.append(event)
        }
        events.removeAll(keepingCapacity: true)
    }

    mutating func discard() { events.removeAll(keepingCapacity: true) }
}
