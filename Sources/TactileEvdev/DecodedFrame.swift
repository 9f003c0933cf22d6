import TactileCore

/// What one SYN_REPORT (or SYN_DROPPED) of a device turns into.
/// What one event did to the decoder.
public enum DecodeStep: Equatable, Sendable {
    /// Nothing to act on yet.
    case nothing
    /// A SYN_REPORT completed a frame: it is in `lastFrame`.
    case frame
    /// The kernel dropped events at this time: in-flight gestures must be cancelled.
    case dropped(Instant)
}

/// A decoded frame, copied out (`EvdevDecoder.decode`).
public enum DecodedFrame: Sendable {
    /// Every contact that is down after the report.
    case frame(TouchFrame)
    /// The kernel dropped events at this time: in-flight gestures must be cancelled.
    case dropped(Instant)
}

/// Something odd in the event stream that the decoder worked around.
public struct DecoderWarning: Equatable, Sendable, CustomStringConvertible {
    public var time: Instant
    public var message: String

    public init(time: Instant, message: String) {
        self.time = time
        self.message = message
    }

    public var description: String { "\(time): \(message)" }
}
