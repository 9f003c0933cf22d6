/// Which phases a gesture wrote: what a modifier remembers between the step in which its base
/// wrote events and the moment they are published. A bit set, so remembering never allocates.
public struct PhaseSet: OptionSet, Sendable {
    /// One bit per phase.
    public let rawValue: UInt8
    /// The phases of `rawValue`'s bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `GesturePhase.began`.
    public static let began = PhaseSet(rawValue: 1 << 0)
    /// `GesturePhase.changed`.
    public static let changed = PhaseSet(rawValue: 1 << 1)
    /// `GesturePhase.ended`.
    public static let ended = PhaseSet(rawValue: 1 << 2)
    /// `GesturePhase.cancelled`.
    public static let cancelled = PhaseSet(rawValue: 1 << 3)

    /// Just `phase`.
    public init(_ phase: GesturePhase) {
        switch phase {
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }

    /// The phases of the events from `start` on.
    public init(_ events: borrowing GestureEventBuffer, from start: Int) {
        self = []
        var index = start
        while index < events.count {
            insert(PhaseSet(events[index].phase))
            index += 1
        }
    }
}
