import TactileCore
import TactileEvdev
import TactileSystem

/// One touch device being read, and the state that turns its input into gestures.
final class LiveDevice {
    /// Stable for the process's lifetime; how gesture output names its device.
    let id: Int
    let info: TouchDeviceInfo
    var engine: Engine<AnyGesture>
    /// Touchscreens: libinput's touch events become frames.
    var touchscreen: TouchscreenFrames?
    /// Touchpads: the raw node, read with libevdev, and the decoder of its events.
    var raw: RawContacts?
    /// Touchpads: libinput's own gestures, passed through.
    var libinputGestures = LibinputGestureTranslator()
    /// Touchpads: where the contacts last were, for libinput's gestures, which carry no position.
    var lastCentroid = Point.zero

    init(id: Int, info: TouchDeviceInfo, gestures: AnyGesture) {
        self.id = id
        self.info = info
        engine = Engine(gestures)
    }
}

/// A touchpad's event node, read with libevdev, and the decoder its events go through.
struct RawContacts {
    let device: EvdevDevice
    var decoder: EvdevDecoder
    let registration: EventLoop.Registration

    /// After SYN_DROPPED: a fresh decoder, told the state libevdev resynchronised to.
    mutating func resynchronise(at time: Instant, geometry: DeviceGeometry, _ onFrame: (TouchFrame) -> Void) {
        decoder = EvdevDecoder(device: device.description, geometry: geometry)
        device.replayState(at: time) { event in
            if case .frame(let frame)? = decoder.decode(event) { onFrame(frame) }
        }
    }
}
