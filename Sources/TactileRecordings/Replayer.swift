import TactileCore
import TactileEvdev

/// Replays a recording on virtual time: every touch device gets a decoder and an engine with
/// the same gesture set, events are fed in time order across devices, and each engine's deadlines
/// fire at their own time before any later event — exactly what a live device would produce.
public struct Replayer<Root: Gesture> {
    /// One replayed device: what it is, how big, and the state that turns its events into gestures.
    public struct Device {
        public let index: Int
        public let description: DeviceDescription
        public let geometry: DeviceGeometry
        fileprivate var decoder: EvdevDecoder
        fileprivate var engine: Engine<Root>
        fileprivate let events: [InputEvent]
        fileprivate var next = 0

        /// Odd things the decoder worked around (time going backwards, too many contacts…).
        public var warnings: [DecoderWarning] { decoder.warnings }
        public var warningCount: Int { decoder.warningCount }
    }

    public private(set) var devices: [Device]
    /// Where the engines write; emptied after every step.
    private var output = GestureEventBuffer()

    /// - Parameters:
    ///   - size: the surface size in mm for a device, overriding its resolution; nil keeps it.
    ///   - makeGestures: the gesture set each touch device's engine recognizes.
    public init(recording: Recording, size: (DeviceDescription) -> (width: Double, height: Double)?,
                makeGestures: (DeviceDescription) -> Root) {
        devices = []
        for recorded in recording.devices where recorded.description.isTouchDevice {
            let geometry = DeviceGeometry(description: recorded.description, overrideSize: size(recorded.description))
            devices.append(Device(
                index: devices.count, description: recorded.description, geometry: geometry,
                decoder: EvdevDecoder(device: recorded.description, geometry: geometry),
                engine: Engine(makeGestures(recorded.description)), events: recorded.events))
        }
    }

    /// Feeds every event. `frame` sees each decoded frame; `gesture` each recognized event, in
    /// time order (events of the same instant in device order).
    public mutating func run(
        frame onFrame: (_ device: Int, _ frame: borrowing TouchFrame) -> Void = { _, _ in },
        gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void
    ) {
        while step(frame: onFrame, gesture: onGesture) {}
        finish(gesture: onGesture)
    }

    /// The time of the next event, on the recording's clock; nil once all were fed.
    public var nextEventTime: Instant? {
        deviceWithEarliestEvent().map { devices[$0].events[devices[$0].next].time }
    }

    /// The earliest pending deadline of any device's engine.
    public var nextDeadline: Instant? {
        devices.reduce(nil) { earliest($0, $1.engine.nextDeadline) }
    }

    /// Feeds the next event (after every deadline before it); false when none is left.
    public mutating func step(
        frame onFrame: (_ device: Int, _ frame: borrowing TouchFrame) -> Void = { _, _ in },
        gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void
    ) -> Bool {
        guard let index = deviceWithEarliestEvent() else { return false }
        let event = devices[index].events[devices[index].next]
        devices[index].next += 1
        // Deadlines of every device up to this moment fire first, so output stays in time order.
        advance(to: event.time, gesture: onGesture)
        switch devices[index].decoder.decode(event) {
        case .frame(let decoded)?:
            onFrame(index, decoded)
            devices[index].engine.process(decoded, into: &output)
        case .dropped(let time)?:
            devices[index].engine.reset(at: time, into: &output)
        case nil:
            break
        }
        flush(device: index, onGesture)
        return true
    }

    /// Fires every deadline at or before `time`, in every device's engine.
    public mutating func advance(to time: Instant, gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void) {
        for index in devices.indices {
            devices[index].engine.advance(to: time, into: &output)
            flush(device: index, onGesture)
        }
    }

    /// A new gesture set for every device (a configuration reload): gestures in flight end with
    /// `cancelled` at the time of the last event fed, then the new set takes over.
    public mutating func reconfigure(makeGestures: (DeviceDescription) -> Root,
                                     gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void) {
        for index in devices.indices {
            let gestures = makeGestures(devices[index].description)
            devices[index].engine.replaceGestures(with: gestures, at: devices[index].engine.now, into: &output)
            flush(device: index, onGesture)
        }
    }

    /// The recording is over (or the replay was stopped): what needs no finger fires, whatever
    /// is still in flight ends with `cancelled`.
    public mutating func finish(gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void) {
        for index in devices.indices {
            devices[index].engine.endOfInput(into: &output)
            flush(device: index, onGesture)
        }
    }

    private func deviceWithEarliestEvent() -> Int? {
        var best: Int?
        for device in devices where device.next < device.events.count {
            let time = device.events[device.next].time
            if let current = best, devices[current].events[devices[current].next].time <= time { continue }
            best = device.index
        }
        return best
    }

    private mutating func flush(device: Int, _ onGesture: (_ device: Int, _ event: GestureEvent) -> Void) {
        for index in 0..<output.count { onGesture(device, output[index]) }
        output.removeAll()
    }
}

extension Replayer where Root == DefaultGestureSet {
    /// The default gesture set on every touch device, tuned to what each can measure
    /// (`GestureTuning(for:)`).
    /// - Parameter overrideSize: the surface size in mm, for devices that report no resolution.
    public init(recording: Recording, overrideSize: (width: Double, height: Double)? = nil) {
        self.init(recording: recording, size: { _ in overrideSize },
                  makeGestures: { DefaultGestures.make(GestureTuning(for: $0, overrideSize: overrideSize)) })
    }
}
