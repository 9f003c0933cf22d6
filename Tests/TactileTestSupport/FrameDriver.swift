import TactileCore

extension Engine {
    /// The events a fresh engine of `gesture` makes of `frames`, in order: each frame's
    /// deadlines passed first, as live input and replay do; then, given `end`, the deadlines
    /// until it.
    public static func events(_ gesture: Root, _ frames: [TouchFrame], thenUntil end: Instant? = nil) -> [GestureEvent] {
        var engine = Engine(gesture)
        var buffer = GestureEventBuffer()
        var events: [GestureEvent] = []
        for frame in frames {
            engine.advance(to: frame.time, into: &buffer)
            engine.process(frame, into: &buffer)
            events += buffer.events
            buffer.removeAll()
        }
        if let end {
            engine.advance(to: end, into: &buffer)
            events += buffer.events
        }
        return events
    }
}
