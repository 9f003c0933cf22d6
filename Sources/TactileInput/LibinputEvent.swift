import CLibinput
import TactileCore
import TactileProtocol

/// Names a libinput device in events without holding a reference: the key `LiveInput` keeps
/// its devices under. Valid from the device's `added` event to its `removed` event.
struct DeviceKey: Hashable {
    fileprivate let bits: UInt

    fileprivate init(_ handle: OpaquePointer) { bits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))) }
}

extension LibinputDevice {
    var key: DeviceKey { withHandle { DeviceKey($0) } }
}

/// The libinput events Tactile acts on, as values: building one allocates nothing except for
/// a device that was just added. Touch events are not among them: Tactile reads touchscreens
/// through their raw events, as it replays them.
enum LibinputEvent {
    case added(LibinputDevice)
    case removed(DeviceKey)
    case gesture(DeviceKey, LibinputGesture)

    init?(_ event: OpaquePointer) {
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            self = .added(LibinputDevice(libinput_event_get_device(event)))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            self = .removed(DeviceKey(libinput_event_get_device(event)))
        default:
            guard let gesture = LibinputGesture(event) else { return nil }
            self = .gesture(DeviceKey(libinput_event_get_device(event)), gesture)
        }
    }

    fileprivate static func time(_ microseconds: UInt64) -> Instant { Instant(microseconds: Int64(microseconds)) }
}

/// One step of a touchpad gesture libinput recognised itself (swipe, pinch, hold).
struct LibinputGesture {
    enum Stage: Equatable {
        case begin, update
        /// The gesture ended; `cancelled` when libinput withdrew it (fingers changed, a click).
        case end(cancelled: Bool)
    }

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
        let gesture = libinput_event_get_gesture_event(event)
        if stage == .end(cancelled: false), libinput_event_gesture_get_cancelled(gesture) != 0 {
            stage = .end(cancelled: true)
        }
        time = LibinputEvent.time(libinput_event_gesture_get_time_usec(gesture))
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
