import Glibc
import TactileCore
import TactileEvdev
import TactileProtocol
import TactileSystem

/// Reads every touch device of a seat (or the named nodes) and recognises their gestures, on
/// an `EventLoop`: each device's raw events (read from its node, read-only, never grabbed) go
/// through the same `DevicePipeline` as in replay, so live and replay agree on positions as well
/// as on gestures and times. udev finds the devices and reports hot-plug
/// (`TouchDeviceDiscovery`); libinput only passes touchpads' own gestures through, and is loaded
/// for the first touchpad that needs it. Devices come and go while it runs; one removed
/// mid-gesture ends its gestures with `cancelled`.
///
/// Everything happens on the loop's thread. Per event nothing is allocated: frames and gesture
/// events are values, and the output buffer is reused.
public final class LiveInput {
    /// Where live input comes from.
    public enum Source: Sendable {
        /// Every touch device udev assigns to this seat, with hot-plug.
        case seat(String)
        /// Only these event nodes, without hot-plug.
        case devices([String])
    }

    /// What Tactile reads on touchpads.
    public struct TouchpadSources: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The raw contacts from the event node, recognised by Tactile's own gestures.
        public static let raw = TouchpadSources(rawValue: 1)
        /// libinput's swipe, pinch and hold gestures, passed through.
        public static let libinput = TouchpadSources(rawValue: 2)
        public static let both: TouchpadSources = [.raw, .libinput]
    }

    /// A touch device was found; `id` names it in every later callback.
    public var onDeviceAdded: (_ id: Int, _ info: TouchDeviceInfo) -> Void = { _, _ in }
    /// A reload has set the device up again; its geometry may have changed.
    public var onDeviceReconfigured: (_ id: Int, _ info: TouchDeviceInfo, _ geometry: DeviceGeometry) -> Void = { _, _, _ in }
    /// The device is gone; its last gestures have been delivered.
    public var onDeviceRemoved: (_ id: Int) -> Void = { _ in }
    /// One recognised gesture event, in time order per device.
    public var onGesture: (_ id: Int, _ event: GestureEvent) -> Void = { _, _ in }
    /// One step of a gesture libinput recognised on a touchpad, passed through.
    public var onPassThrough: (_ id: Int, _ gesture: PassThroughGesture) -> Void = { _, _ in }
    /// Something the user may want to know (a size estimate, a node that could not be read).
    public var onWarning: (String) -> Void = { _ in }

    private let loop: EventLoop
    private let discovery: TouchDeviceDiscovery
    /// The devices there when input was made, added by `start`.
    private var present: [FoundTouchDevice]
    private var discoveryRegistration: EventLoop.Registration?
    /// For touchpads whose own gestures pass through; made for the first of them.
    private var libinput: Libinput?
    private var libinputRegistration: EventLoop.Registration?
    private let verbose: Bool
    /// The settings and gestures of each device (from the configuration): the function replay
    /// takes, so live input and replay set a device up alike.
    private var setup: (DeviceDescription) -> DeviceSetup<AnyGesture<Void>>
    private let touchpadSources: TouchpadSources
    /// Armed at the earliest deadline of any device.
    private var deadlineTimer: EventLoop.Timer?
    /// In the order they were added, so deadlines and shutdown visit them deterministically.
    private var devices: [LiveDevice] = []
    private var byNumber: [dev_t: LiveDevice] = [:]
    private var byLibinputKey: [LibinputDeviceKey: LiveDevice] = [:]
    private var nextID = 0
    private var output = GestureEventBuffer()

    /// - Parameter setup: a device's settings and gestures; by default the default set, tuned
    ///   to what the device can measure, at the device's own size and calibration.
    /// - Parameter touchpadSources: raw contacts, libinput's gestures, or both (the default).
    /// - Parameter verbose: adds libinput's informational log (why it rejected a touchpad, for
    ///   one) to stderr.
    public init(_ source: Source, loop: EventLoop,
                setup: @escaping (DeviceDescription) -> DeviceSetup<AnyGesture<Void>> = {
                    device in DeviceSetup(gestures: { AnyGesture(erasing: DefaultGestures.make(GestureTuning(for: device, geometry: $0))) })
                },
                touchpadSources: TouchpadSources = .both, verbose: Bool = false) throws(LiveInputError) {
        self.loop = loop
        self.setup = setup
        self.touchpadSources = touchpadSources
        self.verbose = verbose
        discovery = try TouchDeviceDiscovery(source)
        present = try discovery.present()
        deadlineTimer = loop.addTimer { [unowned self] in deadlinePassed() }
    }

    /// Starts reading: the devices present now are reported before this returns.
    public func start() throws(Errno) {
        if let descriptor = discovery.descriptor {
            discoveryRegistration = try loop.register(descriptor) { [unowned self] in receiveChanges() }
        }
        for found in present { add(found) }
        present = []
        rearm()
    }

    /// A new configuration: gestures in flight end with `cancelled`, then every device has the
    /// new settings and recognizes the new gesture set.
    public func reconfigure(_ setup: @escaping (DeviceDescription) -> DeviceSetup<AnyGesture<Void>>) {
        self.setup = setup
        let now = monotonicNow()
        for device in devices {
            device.pipeline.reconfigure(setup(device.info.description), at: now, into: &output)
            deliver(device)
            onDeviceReconfigured(device.id, device.info, device.pipeline.geometry)
        }
        rearm()
    }

    /// The input ends (SIGINT, SIGTERM): every device's gestures in flight end with `cancelled`
    /// and are delivered. Reading stops.
    public func finish() {
        for device in devices { finish(device) }
        devices.removeAll()
        byNumber.removeAll()
        for registration in [discoveryRegistration, libinputRegistration].compactMap({ $0 }) {
            loop.unregister(registration)
        }
        discoveryRegistration = nil
        libinputRegistration = nil
        if let deadlineTimer { try? loop.setDeadline(nil, for: deadlineTimer) }
    }

    // MARK: - Events

    private func receiveChanges() {
        discovery.receiveChanges { change in
            switch change {
            case .added(let found): if byNumber[found.number] == nil { add(found) }
            case .removed(let number): if let device = byNumber[number] { remove(device) }
            }
        }
        rearm()
    }

    private func dispatchLibinput() {
        libinput?.dispatch { gesture in
            guard let device = byLibinputKey[gesture.device] else { return }
            onPassThrough(device.id, device.libinputGestures.translate(gesture, at: device.lastCentroid))
        }
        rearm()
    }

    private func readRaw(_ device: LiveDevice) {
        guard let reader = device.reader else { return }
        do {
            // The pipeline is changed where it lives, not copied out and back (~1 KB each way).
            // Only a touchpad whose libinput gestures pass through needs where its contacts are.
            let tracksCentroid = device.info.kind == .touchpad && touchpadSources.contains(.libinput)
            try reader.node.readAvailable { read in
                switch read {
                case .event(let event):
                    if device.pipeline.feed(event, into: &output) == .frame, tracksCentroid,
                        !device.pipeline.lastFrame.isEmpty {
                        device.lastCentroid = device.pipeline.lastFrame.centroid
                    }
                case .dropped(let time):
                    device.pipeline.restart(at: time, into: &output)
                    reader.node.replayState(at: time) { device.pipeline.feed($0, into: &output) }
                }
            }
            // Once per read, not per event: everything read now is delivered before the loop
            // waits again, in the order it was recognized.
            deliver(device)
        } catch {
            deliver(device)
            // The node is gone (ENODEV) or failed: the device's input is over. libinput may not
            // say so itself, having stopped reading the node.
            if error != .noSuchDevice { onWarning("\(device.info.node): reading stopped: \(error)") }
            remove(device)
        }
        rearm()
    }

    /// The earliest engine deadline has passed. Input stamped before it is read first, so
    /// deadlines and frames interleave exactly as in replay; then each deadline fires at its
    /// own time.
    private func deadlinePassed() {
        for device in devices where device.reader != nil { readRaw(device) }
        dispatchLibinput()
        let now = monotonicNow()
        for device in devices {
            while let deadline = device.nextDeadline, deadline <= now {
                device.pipeline.advance(to: deadline, into: &output)
            }
            deliver(device)
        }
        rearm()
    }

    private func rearm() {
        guard let deadlineTimer else { return }
        let earliest = devices.reduce(nil) { TactileCore.earliest($0, $1.nextDeadline) }
        do {
            try loop.setDeadline(earliest, for: deadlineTimer)
        } catch {
            onWarning("cannot arm the deadline timer: \(error)")
        }
    }

    private func deliver(_ device: LiveDevice) {
        for index in 0..<output.count { onGesture(device.id, output[index]) }
        output.removeAll()
    }

    // MARK: - Hot-plug

    private func add(_ found: FoundTouchDevice) {
        let probed: ProbedDevice?
        do {
            probed = try ProbedDevice(found)
        } catch {
            // A node this user may not read is for `UnreadableInputNode`, which says what grants access.
            if error.rawValue != EACCES && error.rawValue != EPERM {
                onWarning("\(found.node): cannot read its description: \(error); ignored")
            }
            return
        }
        guard let probed else { return }
        if let text = probed.invalidCalibration {
            onWarning("\(probed.node): LIBINPUT_CALIBRATION_MATRIX '\(text)' is not six numbers; ignored, as libinput ignores it")
        }
        let pipeline = DevicePipeline(description: probed.description, setup: setup(probed.description))
        let readsRaw = probed.description.isTouchDevice && (probed.kind == .touchscreen || touchpadSources.contains(.raw))
        let info = TouchDeviceInfo(name: probed.description.name, node: probed.node, kind: probed.kind,
                                   description: probed.description, geometry: pipeline.geometry, rawContacts: readsRaw)
        let device = LiveDevice(id: nextID, number: found.number, info: info, pipeline: pipeline)
        nextID += 1
        if info.geometry.isEstimated { onWarning("\(info.node): \(info.geometry.estimationNote)") }
        if probed.kind == .touchpad && touchpadSources.contains(.libinput) { passThroughGestures(of: device) }
        if readsRaw {
            if !probed.evdev.hasMonotonicClock {
                onWarning("\(info.node): cannot switch its events to CLOCK_MONOTONIC; deadlines may fire late")
            }
            do {
                let registration = try loop.register(probed.evdev.descriptor) { [unowned self, unowned device] in
                    readRaw(device)
                }
                device.reader = RawReader(node: probed.evdev, registration: registration)
            } catch {
                onWarning("\(info.node): cannot watch its raw contacts: \(error)")
            }
        }
        devices.append(device)
        byNumber[device.number] = device
        onDeviceAdded(device.id, info)
        if device.reader != nil { readRaw(device) }
    }

    /// Lets libinput read the touchpad too, for its own gestures; the first such touchpad makes
    /// the context.
    private func passThroughGestures(of device: LiveDevice) {
        do {
            let libinput = try self.libinput ?? startLibinput()
            guard let handle = libinput.add(device.info.node) else {
                onWarning("\(device.info.node): libinput does not read it, so its own gestures do not pass through")
                return
            }
            device.passThrough = handle
            byLibinputKey[handle.key] = device
        } catch {
            onWarning("cannot start libinput (\(error)): touchpads' own gestures do not pass through")
        }
    }

    private func startLibinput() throws -> Libinput {
        let libinput = try Libinput(verbose: verbose)
        libinputRegistration = try loop.register(libinput.descriptor) { [unowned self] in dispatchLibinput() }
        self.libinput = libinput
        return libinput
    }

    /// The device is gone (udev says so, or its node failed): its gestures end.
    private func remove(_ device: LiveDevice) {
        guard byNumber.removeValue(forKey: device.number) != nil else { return }
        finish(device)
        devices.removeAll { $0 === device }
        onDeviceRemoved(device.id)
    }

    private func finish(_ device: LiveDevice) {
        if let reader = device.reader {
            loop.unregister(reader.registration)
            device.reader = nil
        }
        if let handle = device.passThrough {
            byLibinputKey[handle.key] = nil
            libinput?.remove(handle)
            device.passThrough = nil
        }
        device.pipeline.finish(into: &output)
        deliver(device)
    }
}
