import CLibevdev
import Glibc
import TactileCore
import TactileEvdev
import TactileSystem

/// One evdev node: described through libevdev once, when it is opened; then read directly, whole
/// frames at a time, and resynchronised through the kernel's state queries after a drop. Opened
/// read-only and non-blocking, never grabbed, so the desktop (libinput in the compositor) keeps
/// receiving the same events.
///
/// Reading bypasses `libevdev_next_event`: it cost ~700 instructions per event live, more than
/// decoding and recognizing the event, and its last call of a read always found the queue empty
/// with one more `read`. One `read` takes every event queued (a frame, usually); a read that did
/// not fill the buffer emptied the queue, so it is the last. A read that ends inside an event
/// (an emulated node under load did) keeps that event's first bytes for the next: dropped, they
/// left every later event read misaligned, garbage.
final class EvdevDevice {
    /// What one read of the node gave.
    enum Read {
        /// An ordinary event.
        case event(InputEvent)
        /// The kernel dropped events (SYN_DROPPED) at this time; what it dropped is over, and
        /// `replayState` reports the device's state now.
        case dropped(Instant)
    }

    /// Where a read is in the kernel's protocol for lost events.
    private enum Stream {
        /// Events follow on from the last ones.
        case inStep
        /// The kernel dropped events at this time: what follows up to the next SYN_REPORT is
        /// incomplete and left out, then the state is asked for.
        case discardingAfterDrop(Instant)
    }

    let descriptor: FileDescriptor
    private let handle: OpaquePointer
    /// What the device says about itself, read once when it is opened.
    let description: DeviceDescription
    /// Whether the kernel stamps events on CLOCK_MONOTONIC, as libinput's and our timers expect.
    let hasMonotonicClock: Bool
    /// Events as the kernel hands them over; 64 hold a frame of ten contacts with room to spare.
    /// Allocated once the node is open and described, so that a node that cannot be opened
    /// leaves nothing allocated behind.
    private let buffer: UnsafeMutableBufferPointer<input_event>
    /// How many bytes at the buffer's start are the beginning of an event whose rest the next
    /// read brings: less than one event's size.
    private var partialBytes = 0
    private var stream = Stream.inStep

    init(path: String) throws(Errno) {
        descriptor = try .open(path, [.readOnly, .nonBlocking, .closeOnExec])
        var created: OpaquePointer?
        let status = libevdev_new_from_fd(descriptor.rawValue, &created)
        guard status == 0, let created else {
            try? descriptor.close()
            throw Errno(rawValue: -status)
        }
        handle = created
        buffer = .allocate(capacity: 64)
        hasMonotonicClock = libevdev_set_clock_id(handle, CLOCK_MONOTONIC) == 0
        description = Self.describe(handle)
    }

    deinit {
        libevdev_free(handle)
        buffer.deallocate()
        try? descriptor.close()
    }

    /// Reads every event available now, then returns; throws `.noSuchDevice` once the device
    /// is gone. Reading allocates nothing.
    func readAvailable(_ body: (Read) -> Void) throws(Errno) {
        let size = MemoryLayout<input_event>.stride
        let storage = UnsafeMutableRawBufferPointer(buffer)
        while true {
            let space = UnsafeMutableRawBufferPointer(rebasing: storage[partialBytes...])
            let bytes: Int
            do {
                bytes = try descriptor.read(into: space)
            } catch .wouldBlock {
                return
            }
            // An evdev node is never at its end while the device exists; a removed one fails
            // with ENODEV, but be as clear about a node that says end of file.
            guard bytes > 0 else { throw .noSuchDevice }
            let available = partialBytes + bytes
            let whole = available / size
            for raw in buffer[..<whole] { take(raw, body) }
            partialBytes = available - whole * size
            if partialBytes > 0 {
                storage.baseAddress!.copyMemory(from: storage.baseAddress! + whole * size, byteCount: partialBytes)
            }
            if bytes < space.count { return }
        }
    }

    private func take(_ raw: input_event, _ body: (Read) -> Void) {
        let isReport = raw.type == EventType.syn && raw.code == SynCode.report
        switch stream {
        case .inStep:
            if raw.type == EventType.syn && raw.code == SynCode.dropped {
                stream = .discardingAfterDrop(Self.instant(raw.time))
            } else {
                body(.event(Self.event(raw)))
            }
        case .discardingAfterDrop(let time):
            guard isReport else { return }
            stream = .inStep
            body(.dropped(time))
        }
    }

    /// The device's current state, asked of the kernel, as the events of one frame ending in
    /// SYN_REPORT: the finger buttons that are down and every active slot's tracking id and
    /// position. A fresh decoder fed these knows what the device knows. A query that fails (the
    /// device is going away) leaves its part out; the next read reports the removal.
    func replayState(at time: Instant, _ body: (InputEvent) -> Void) {
        let fd = descriptor.rawValue
        var keys = [UInt8](repeating: 0, count: Int(KEY_MAX) / 8 + 1)
        if tactile_evdev_key_state(fd, &keys, Int32(keys.count)) >= 0 {
            for code in [KeyCode.touch, KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap,
                         KeyCode.toolQuadTap, KeyCode.toolQuintTap]
            where description.codes[EventType.key]?.contains(code) == true {
                let isDown = keys[Int(code) / 8] & (1 << (code % 8)) != 0
                body(InputEvent(time: time, type: EventType.key, code: code, value: isDown ? 1 : 0))
            }
        }
        let slotAxes = [AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY]
        if let slotAxis = description.absInfo[AbsCode.mtSlot], slotAxis.maximum >= 0,
            let axes = slotValues(of: slotAxes, slots: Int(slotAxis.maximum) + 1) {
            for slot in 0...Int(slotAxis.maximum) where axes[0][slot] >= 0 {
                body(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(slot)))
                for (axis, code) in slotAxes.enumerated() {
                    body(InputEvent(time: time, type: EventType.abs, code: code, value: axes[axis][slot]))
                }
            }
            if let current = currentValue(of: AbsCode.mtSlot) {
                body(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtSlot, value: current))
            }
        }
        for code in [AbsCode.x, AbsCode.y] where description.absInfo[code] != nil {
            if let value = currentValue(of: code) {
                body(InputEvent(time: time, type: EventType.abs, code: code, value: value))
            }
        }
        body(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
    }

    /// Each of `codes`' value in every slot, or nil if the kernel would not say.
    private func slotValues(of codes: [UInt16], slots: Int) -> [[Int32]]? {
        var axes: [[Int32]] = []
        for code in codes {
            var values = [Int32](repeating: 0, count: slots + 1)
            values[0] = Int32(code)
            guard tactile_evdev_slot_values(descriptor.rawValue, &values, Int32(slots)) >= 0 else { return nil }
            axes.append(Array(values.dropFirst()))
        }
        return axes
    }

    private func currentValue(of axis: UInt16) -> Int32? {
        var info = input_absinfo()
        return tactile_evdev_abs_info(descriptor.rawValue, UInt32(axis), &info) >= 0 ? info.value : nil
    }

    private static func event(_ raw: input_event) -> InputEvent {
        InputEvent(time: instant(raw.time), type: raw.type, code: raw.code, value: raw.value)
    }

    /// The event's time; one beyond what an `Instant` holds (only garbage is) is held at the
    /// clock's end, never trapped on: the engine treats a deadline there as none.
    static func instant(_ time: timeval) -> Instant {
        let (microseconds, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else { return time.tv_sec < 0 ? Instant(microseconds: .min) : .distantFuture }
        return Instant(microseconds: microseconds) + Interval(microseconds: Int64(time.tv_usec))
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
