import TactileCore
import TactileEvdev

/// Replays a recording on virtual time: every touch device gets a `DevicePipeline` with the
/// same gesture set, events are fed in time order across devices, and each pipeline's deadlines
/// fire at their own time before any later event — exactly what a live device would produce.
public struct Replayer<Root: Gesture> {
    /// One replayed device: its pipeline and where it is in its events.
    public struct Device {
        public let index: Int
        fileprivate var pipeline: DevicePipeline<Root>
        fileprivate let events: [InputEvent]
        fileprivate var next = 0

        public var description: DeviceDescription { pipeline.description }
        /// How big the pipeline decided the surface is, and how it is calibrated.
        public var geometry: DeviceGeometry { pipeline.geometry }
        /// Odd things the decoder worked around (time going backwards, too many contacts…).
        public var warnings: [DecoderWarning] { pipeline.warnings }
        public var warningCount: Int { pipeline.warningCount }
    }

    public private(set) var devices: [Device]
    /// Where the engines write; emptied after every step.
    private var output = GestureEventBuffer()

    /// - Parameter setup: the settings and gestures of each touch device, as live input gets them.
    public init(recording: Recording, setup: (DeviceDescription) -> DeviceSetup<Root>) {
        devices = []
        for recorded in recording.devices where recorded.description.isTouchDevice {
            devices.append(Device(
                index: devices.count,
                pipeline: DevicePipeline(description: recorded.description, setup: setup(recorded.description)),
                events: recorded.events))
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

    /// The earliest pending deadline of any device.
    public var nextDeadline: Instant? {
        devices.reduce(nil) { earliest($0, $1.pipeline.nextDeadline) }
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
        if devices[index].pipeline.feed(event, into: &output) == .frame {
            onFrame(index, devices[index].pipeline.lastFrame)
        }
        flush(device: index, onGesture)
        return true
    }

    /// Fires every deadline at or before `time`, in every device.
    public mutating func advance(to time: Instant, gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void) {
        for index in devices.indices {
            devices[index].pipeline.advance(to: time, into: &output)
            flush(device: index, onGesture)
        }
    }

    /// A new configuration for every device (a reload): gestures in flight end with `cancelled`
    /// at the time of the last event fed, then the new settings and gestures take over.
    public mutating func reconfigure(setup: (DeviceDescription) -> DeviceSetup<Root>,
                                     gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void) {
        for index in devices.indices {
            let setup = setup(devices[index].description)
            devices[index].pipeline.reconfigure(setup, at: devices[index].pipeline.now, into: &output)
            flush(device: index, onGesture)
        }
    }

    /// The recording is over (or the replay was stopped): what needs no finger fires, whatever
    /// is still in flight ends with `cancelled`.
    public mutating func finish(gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void) {
        for index in devices.indices {
            devices[index].pipeline.finish(into: &output)
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
    /// The default gesture set on every touch device, tuned to what each can measure.
    /// - Parameter settings: the same for every device (a size, a calibration).
    public init(recording: Recording, settings: DeviceSettings = DeviceSettings()) {
        self.init(recording: recording, setup: { .defaultGestures(for: $0, settings: settings) })
    }
}
