import TactileCore

/// One touch device from its raw events to its gestures: description → geometry → decoder →
/// engine. `tactile replay`, the daemon's paced replay and live input each hold one per device
/// and do nothing else with events, so a device is set up, scaled, calibrated and recognized
/// the same way on every path, to the byte.
///
/// The pipeline alone decides the surface size (the user's setting, else the kernel's
/// resolution, else an estimate) and the calibration (the user's, else udev's); the gestures
/// are made for that surface, and callers read the decision from `geometry`.
///
/// Generic over the gesture set, as `Engine` is: the pipeline adds no existential on the way
/// (a configured set is an `AnyGesture` already), and feeding an event allocates nothing
/// (`tactile-bench --pipeline` counts). The per-event calls are `@inlinable`, so a caller's
/// pipeline of a concrete gesture set is specialized (a replay calls them a million times).
public struct DevicePipeline<Root: Gesture> {
    public let description: DeviceDescription
    public private(set) var geometry: DeviceGeometry
    @usableFromInline var decoder: EvdevDecoder
    @usableFromInline var engine: Engine<Root>

    public init(description: DeviceDescription, setup: DeviceSetup<Root>) {
        self.description = description
        geometry = DeviceGeometry(description: description, settings: setup.settings)
        decoder = EvdevDecoder(device: description, geometry: geometry)
        engine = Engine(setup.gestures(geometry))
    }

    /// When `advance(to:)` is next needed even if no event arrives.
    @inlinable public var nextDeadline: Instant? { engine.nextDeadline }
    /// The latest time the engine has seen.
    public var now: Instant { engine.now }
    /// Odd things the decoder worked around (time going backwards, too many contacts…).
    public var warnings: [DecoderWarning] { decoder.warnings }
    public var warningCount: Int { decoder.warningCount }

    /// Feeds one raw event: at a SYN_REPORT the frame goes to the engine (after every deadline
    /// before it), at a SYN_DROPPED gestures in flight are cancelled. Returns what the event
    /// did; a completed frame is `lastFrame`, for callers that also show frames.
    @discardableResult @inlinable
    public mutating func feed(_ event: InputEvent, into events: inout GestureEventBuffer) -> DecodeStep {
        let step = decoder.feed(event)
        switch step {
        case .frame: engine.process(decoder.lastFrame, into: &events)
        case .dropped(let time): engine.reset(at: time, into: &events)
        case .nothing: break
        }
        return step
    }

    /// The frame the last SYN_REPORT completed.
    @inlinable public var lastFrame: TouchFrame {
        _read { yield decoder.lastFrame }
    }

    /// Time has reached `time` without input: fires every deadline at or before it.
    @inlinable public mutating func advance(to time: Instant, into events: inout GestureEventBuffer) {
        engine.advance(to: time, into: &events)
    }

    /// The device's events were lost and its reader has resynchronised (libevdev after a
    /// SYN_DROPPED): gestures in flight are cancelled and decoding starts afresh. Feed the
    /// device's current state next, as one frame.
    public mutating func restart(at time: Instant, into events: inout GestureEventBuffer) {
        engine.reset(at: time, into: &events)
        decoder = EvdevDecoder(device: description, geometry: geometry)
    }

    /// A new configuration: gestures in flight end with `cancelled` at `time` (or the latest
    /// time seen, if later), then the new settings (size, calibration) and gestures apply.
    /// Contacts that are down stay down; sequence numbers carry on.
    public mutating func reconfigure(_ setup: DeviceSetup<Root>, at time: Instant, into events: inout GestureEventBuffer) {
        let geometry = DeviceGeometry(description: description, settings: setup.settings)
        engine.replaceGestures(with: setup.gestures(geometry), at: time, into: &events)
        if geometry != self.geometry {
            self.geometry = geometry
            decoder.rescale(to: geometry)
        }
    }

    /// The input is over (the recording ended, the device went away, the daemon stops): what
    /// needs no finger still fires, whatever is in flight ends with `cancelled`.
    @inlinable public mutating func finish(into events: inout GestureEventBuffer) {
        engine.endOfInput(into: &events)
    }
}
