import CLibinput
import TactileCore
import TactileProtocol

/// Names a libinput device in its events without holding a reference: how `LiveInput` finds
/// the touchpad a gesture came from. Valid from `Libinput.add` to `Libinput.remove`.
struct LibinputDeviceKey: Hashable {
    fileprivate let bits: UInt

    fileprivate init(_ handle: OpaquePointer) { bits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))) }
}

extension LibinputDevice {
    var key: LibinputDeviceKey { withHandle { LibinputDeviceKey($0) } }
}

/// One step of a touchpad gesture libinput recognised itself (swipe, pinch, hold): the libinput
/// events Tactile acts on, as values, built without allocating. Devices come and go through udev
/// (`TouchDeviceDiscovery`), and touches are read raw, as they are replayed.
struct LibinputGesture {
    enum Stage: Equatable {
        case begin, update
        /// The gesture ended; `cancelled` when libinput withdrew it (fingers changed, a click).
        case end(cancelled: Bool)
    }

    /// The touchpad it happened on.
    var device: LibinputDeviceKey
    var kind: PassThroughGesture.Kind
    var stage: Stage
    var time: Instant
    var fingers: Int
    /// Unaccelerated motion of the fingers' centre since the previous step, mm.
    var delta: Point
    /// pinch: the scale since `begin` (1 = unchanged).
    var scale: Double
    /// pinch: rotation since the previous step, degrees clockwise.
    var angleDelta: Double

    /// libinput reports gesture motion in units normalised to 1000 dpi.
    private static let millimetresPerUnit = 25.4 / 1000

    init?(_ event: OpaquePointer) {
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: (kind, stage) = (.swipe, .begin)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: (kind, stage) = (.swipe, .update)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: (kind, stage) = (.swipe, .end(cancelled: false))
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: (kind, stage) = (.pinch, .begin)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: (kind, stage) = (.pinch, .update)
        case LIBINPUT_EVENT_GESTURE_PINCH_END: (kind, stage) = (.pinch, .end(cancelled: false))
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: (kind, stage) = (.hold, .begin)
        case LIBINPUT_EVENT_GESTURE_HOLD_END: (kind, stage) = (.hold, .end(cancelled: false))
        default: return nil
        }
        device = LibinputDeviceKey(libinput_event_get_device(event))
        let gesture = libinput_event_get_gesture_event(event)
        if stage == .end(cancelled: false), libinput_event_gesture_get_cancelled(gesture) != 0 {
            stage = .end(cancelled: true)
        }
        time = Instant(microseconds: Int64(libinput_event_gesture_get_time_usec(gesture)))
        fingers = Int(libinput_event_gesture_get_finger_count(gesture))
        delta = .zero
        scale = 1
        angleDelta = 0
        if stage == .update {
            delta = Point(x: libinput_event_gesture_get_dx_unaccelerated(gesture) * Self.millimetresPerUnit,
                          y: libinput_event_gesture_get_dy_unaccelerated(gesture) * Self.millimetresPerUnit)
        }
        if kind == .pinch {
            scale = libinput_event_gesture_get_scale(gesture)
            angleDelta = libinput_event_gesture_get_angle_delta(gesture)
        }
    }
}
