import CLibevdev
import Glibc
import TactileCore
import TactileEvdev
import TactileSystem

/// One evdev node read through libevdev: opened read-only and non-blocking, never grabbed, so
/// the desktop (libinput in the compositor) keeps receiving the same events.
final class EvdevDevice {
    /// What one read of the node gave.
    enum Read {
        /// An ordinary event.
        case event(InputEvent)
        /// The kernel dropped events (SYN_DROPPED) at this time; libevdev has resynchronised its
        /// view of the device, which `replayState` now reports.
        case dropped(Instant)
    }

    let descriptor: FileDescriptor
    private let handle: OpaquePointer
    /// What the device says about itself, read once when it is opened.
    let description: DeviceDescription
    /// Whether the kernel stamps events on CLOCK_MONOTONIC, as libinput's and our timers expect.
    let hasMonotonicClock: Bool

    init(path: String) throws(Errno) {
        descriptor = try .open(path, [.readOnly, .nonBlocking, .closeOnExec])
        var created: OpaquePointer?
        let status = libevdev_new_from_fd(descriptor.rawValue, &created)
        guard status == 0, let created else {
            try? descriptor.close()
            throw Errno(rawValue: -status)
        }
        handle = created
        hasMonotonicClock = libevdev_set_clock_id(handle, CLOCK_MONOTONIC) == 0
        description = Self.describe(handle)
    }

    deinit {
        libevdev_free(handle)
        try? descriptor.close()
    }

    /// Reads every event available now, then returns; throws `.noSuchDevice` once the device
    /// is gone. Reading allocates nothing.
    func readAvailable(_ body: (Read) -> Void) throws(Errno) {
        var raw = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let status = libevdev_next_event(handle, flags, &raw)
            switch status {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
                if flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue { body(.event(Self.event(raw))) }
            case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
                if flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue {
                    // The SYN_DROPPED itself: switch to draining libevdev's resync events, which
                    // only update its own state; `replayState` reports the result.
                    flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                }
            case -EAGAIN:
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
                    body(.dropped(Self.instant(raw.time)))
                    continue
                }
                return
            case -EINTR:
                continue
            default:
                throw Errno(rawValue: -status)
            }
        }
    }

    /// The device's current state as the events of one frame, ending in SYN_REPORT: the finger
    /// buttons that are down and every active slot's tracking id and position. A fresh decoder
    /// fed these knows exactly what libevdev knows after a resync.
    func replayState(at time: Instant, _ body: (InputEvent) -> Void) {
        for code in [KeyCode.touch, KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap,
                     KeyCode.toolQuadTap, KeyCode.toolQuintTap]
        where libevdev_has_event_code(handle, UInt32(EventType.key), UInt32(code)) == 1 {
            let value = libevdev_get_event_value(handle, UInt32(EventType.key), UInt32(code))
            body(InputEvent(time: time, type: EventType.key, code: code, value: value))
        }
        let slots = libevdev_get_num_slots(handle)
        if slots > 0 {
            for slot in 0..<slots {
                let tracking = libevdev_get_slot_value(handle, UInt32(slot), UInt32(AbsCode.mtTrackingID))
                guard tracking >= 0 else { continue }
                body(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtSlot, value: slot))
                for code in [AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY] {
                    let value = libevdev_get_slot_value(handle, UInt32(slot), UInt32(code))
                    body(InputEvent(time: time, type: EventType.abs, code: code, value: value))
                }
            }
            let current = libevdev_get_current_slot(handle)
            body(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtSlot, value: current))
        }
        for code in [AbsCode.x, AbsCode.y] where libevdev_has_event_code(handle, UInt32(EventType.abs), UInt32(code)) == 1 {
            let value = libevdev_get_event_value(handle, UInt32(EventType.abs), UInt32(code))
            body(InputEvent(time: time, type: EventType.abs, code: code, value: value))
        }
        body(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
    }

    private static func event(_ raw: input_event) -> InputEvent {
        InputEvent(time: instant(raw.time), type: raw.type, code: raw.code, value: raw.value)
    }

    private static func instant(_ time: timeval) -> Instant {
        Instant(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_usec))
    }

    /// Builds the description the decoder and the geometry estimate need, from libevdev's view.
    private static func describe(_ handle: OpaquePointer) -> DeviceDescription {
        var description = DeviceDescription(
            name: String(cString: libevdev_get_name(handle)),
            bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(handle)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(handle)))
        for property in 0..<UInt32(INPUT_PROP_CNT) where libevdev_has_property(handle, property) == 1 {
            description.properties.insert(UInt16(property))
        }
        for type in 0..<UInt32(EV_CNT) where libevdev_has_event_type(handle, type) == 1 {
            let maximum = libevdev_event_type_get_max(type)
            guard maximum >= 0 else { continue }
            var codes = Set<UInt16>()
            for code in 0...UInt32(maximum) where libevdev_has_event_code(handle, type, code) == 1 {
                codes.insert(UInt16(code))
                if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(handle, code)?.pointee {
                    description.absInfo[UInt16(code)] = AbsInfo(
                        value: info.value, minimum: info.minimum, maximum: info.maximum,
                        fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
                }
            }
            description.codes[UInt16(type)] = codes
        }
        return description
    }
}
