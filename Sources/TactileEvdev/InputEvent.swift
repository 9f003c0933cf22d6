import TactileCore

/// One kernel input event, `struct input_event` without the padding, with its time already on
/// the device's monotonic clock in microseconds.
public struct InputEvent: Equatable, Hashable, Sendable {
    public var time: Instant
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    @inlinable public init(time: Instant, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
