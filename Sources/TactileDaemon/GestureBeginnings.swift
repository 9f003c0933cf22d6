import TactileProtocol

/// The `began` event of each gesture in flight, by which a binding's `direction=` is judged on
/// its later phases (`BindingDirection`). Kept only while the gesture lasts: its `ended` or
/// `cancelled` lets it go.
struct GestureBeginnings {
    /// A gesture in flight: its device, touch sequence and kind, as `PressedKeys.Holder` names one.
    private struct Key: Hashable {
        var device: String
        var sequence: UInt64
        var gesture: GestureName
    }

    /// Gestures in flight at once are a handful; a stream that lost its ends (a daemon that went
    /// away mid-gesture, a client that joined late) must not grow this without bound.
    static let capacity = 64

    private var beginnings: [Key: GestureRecord] = [:]

    /// `record`'s gesture's `began` event, kept from `record` itself when it is one.
    mutating func beginning(of record: GestureRecord) -> GestureRecord? {
        let key = Key(device: record.device, sequence: record.sequence, gesture: record.gesture)
        switch record.phase {
        case .began:
            if beginnings.count >= Self.capacity { beginnings.removeAll(keepingCapacity: true) }
            beginnings[key] = record
            return record
        case .changed: return beginnings[key]
        case .ended, .cancelled: return beginnings.removeValue(forKey: key)
        }
    }
}
