import TactileProtocol

/// The modifiers each gesture in flight began with, so that all its events carry what was held
/// as it began: they are read at its first event (`began`, or a tap's one `ended`) and only then,
/// and let go with its `ended` or `cancelled`.
public struct GestureModifiers {
    /// A gesture in flight, as `GestureBeginnings` names one.
    private struct Key: Hashable {
        var device: String
        var sequence: UInt64
        var gesture: GestureName

        init(_ record: GestureRecord) { (device, sequence, gesture) = (record.device, record.sequence, record.gesture) }
    }

    /// As for `GestureBeginnings`: gestures in flight are a handful.
    static let capacity = 64

    private var held: [Key: ModifierSet] = [:]

    public init() {}

    /// The modifiers of `record`'s gesture: `read()` at its first event, a `began` or a tap's one
    /// `ended`, remembered after. Only gestures begun with some held are remembered, so while
    /// none is, nothing is looked up.
    public mutating func modifiers(of record: GestureRecord, read: () -> ModifierSet) -> ModifierSet {
        switch record.phase {
        case .began:
            let modifiers = read()
            if !modifiers.isEmpty {
                if held.count >= Self.capacity { held.removeAll(keepingCapacity: true) }
                held[Key(record)] = modifiers
            }
            return modifiers
        case .ended where record.gesture == .recognized(.tap): return read()
        case .changed: return held.isEmpty ? [] : held[Key(record)] ?? []
        case .ended, .cancelled: return held.isEmpty ? [] : held.removeValue(forKey: Key(record)) ?? []
        }
    }
}
