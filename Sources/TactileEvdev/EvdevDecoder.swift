import TactileCore

/// Turns a device's raw events into one `TouchFrame` per SYN_REPORT, positions in millimetres
/// from the top-left corner of the axis range (after the geometry's calibration, if any).
///
/// Which protocol is decoded follows the device description:
/// - **protocol B** (`ABS_MT_SLOT`): contacts live in slots and start and end with
///   `ABS_MT_TRACKING_ID`. Each start gets a fresh decoder-assigned id, so a tracking id the
///   kernel reuses is still a new contact.
/// - **semi-MT** (`INPUT_PROP_SEMI_MT`): decoded like protocol B, but the two slots are the
///   corners of the contacts' bounding box. Both corners are emitted as contacts: their
///   centroid is the fingers', so drag works, while the individual positions (and so the
///   spread and the rotation: no magnify or rotate there) are not real. `fingerCount` comes from `BTN_TOOL_*`.
/// - **protocol A** (`SYN_MT_REPORT`, no slots): every frame lists all contacts without ids;
///   they are matched to the previous frame's contacts, closest pair first, and unmatched
///   ones get new ids.
/// - **single touch** (`ABS_X`/`ABS_Y` only): one contact while `BTN_TOUCH` is down and a
///   position is known; `fingerCount` from `BTN_TOOL_*`.
///
/// After SYN_DROPPED the events up to the next SYN_REPORT are discarded. Without the ioctls
/// libevdev uses to resynchronise, a slot's state is then unknown: it becomes a contact again
/// (with a new id) as soon as it reports a position. Streams that start mid-touch are handled
/// the same way.
///
/// Decoding allocates nothing per event; only a warning builds a string.
public struct EvdevDecoder {
    /// Slots kept per device; events for higher slots are dropped with a warning.
    public static let slotCapacity = 16
    /// Warnings kept in `warnings`; `warningCount` counts them all.
    public static let storedWarningLimit = 32

    public private(set) var warnings: [DecoderWarning] = []
    public private(set) var warningCount = 0

    private enum Encoding {
        case slots
        case protocolA
        case singleTouch
    }

    /// One multitouch slot (or the single-touch contact).
    private struct Slot {
        enum State {
            /// Nothing known: the stream started, or events were dropped. A position update
            /// makes it a contact.
            case unknown
            /// Its last tracking id was -1.
            case released
            /// A contact with `contactID` is down.
            case active
        }
        var state = State.unknown
        var trackingID: Int32 = -1
        var contactID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var hasX = false
        var hasY = false
        var hasPosition: Bool { hasX && hasY }
    }

    /// Converts raw axis values to millimetres, through the geometry's calibration if it has one.
    private struct Scale {
        var minimumX: Double
        var minimumY: Double
        var unitsPerMillimetreX: Double
        var unitsPerMillimetreY: Double
        /// Each axis's `AbsInfo.range`, over which libinput normalises for its calibration.
        var rangeX: Double
        var rangeY: Double
        var calibration: CalibrationMatrix?

        func point(_ x: Int32, _ y: Int32) -> Point {
            guard let calibration else {
                return Point(x: (Double(x) - minimumX) / unitsPerMillimetreX, y: (Double(y) - minimumY) / unitsPerMillimetreY)
            }
            // libinput's order: normalise over the axis range, apply the matrix, scale back.
            let calibrated = calibration.apply(x: (Double(x) - minimumX) / rangeX, y: (Double(y) - minimumY) / rangeY)
            return Point(x: calibrated.x * rangeX / unitsPerMillimetreX, y: calibrated.y * rangeY / unitsPerMillimetreY)
        }
    }

    private let mode: Encoding
    private var scale: Scale
    /// Slots the decoder accepts: the declared count, capped at `slotCapacity`.
    private let usableSlots: Int
    private let hasTouchButton: Bool
    private let hasToolButtons: Bool

    private var slots: InlineArray<16, Slot>
    private var currentSlot: Int
    private var single = Slot()
    /// Protocol A: the contact being reported, and those reported since the last SYN_REPORT.
    private var pending = Slot()
    private var reported: InlineArray<10, Point>
    private var reportedCount = 0
    private var reportedOverflow = 0
    /// The last frame completed, read in place by whoever drives the decoder (copying a frame
    /// out with every event was a quarter of a live touchscreen's cost); protocol A matches new
    /// contacts against it.
    public private(set) var lastFrame: TouchFrame

    private var touchDown = false
    /// Bit n set while the `BTN_TOOL_*` for n+1 fingers is down.
    private var toolBits: UInt8 = 0
    /// Bits for BTN_LEFT, BTN_RIGHT, BTN_MIDDLE while pressed (a clickpad's physical click).
    private var buttonBits: UInt8 = 0
    private var lastTime: Instant?
    private var discardingUntilReport = false
    private var nextContactID: Int32 = 0
    /// Touchpads may report more fingers (BTN_TOOL_*) than positions; touchscreens report a
    /// position for every finger, and some (N-Trig) send BTN_TOOL_DOUBLETAP as a plain touch
    /// flag, so on direct devices only positions count.
    private let countsToolFingers: Bool
    private let isSemiMT: Bool

    public init(device: DeviceDescription, geometry: DeviceGeometry) {
        if device.hasMultitouchSlots && device.hasMultitouchPositions {
            mode = .slots
        } else if device.hasMultitouchPositions {
            mode = .protocolA
        } else {
            mode = .singleTouch
        }
        let xCode = mode == .singleTouch ? AbsCode.x : AbsCode.mtPositionX
        let yCode = mode == .singleTouch ? AbsCode.y : AbsCode.mtPositionY
        scale = Scale(
            minimumX: Double(device.absInfo[xCode]?.minimum ?? 0),
            minimumY: Double(device.absInfo[yCode]?.minimum ?? 0),
            unitsPerMillimetreX: 1, unitsPerMillimetreY: 1,
            rangeX: device.absInfo[xCode]?.range ?? 1,
            rangeY: device.absInfo[yCode]?.range ?? 1,
            calibration: nil
        )
        let declared = device.slotCount
        usableSlots = min(declared > 0 ? declared : EvdevDecoder.slotCapacity, EvdevDecoder.slotCapacity)
        let initialSlot = Int(device.absInfo[AbsCode.mtSlot]?.value ?? 0)
        currentSlot = (0..<usableSlots).contains(initialSlot) ? initialSlot : 0
        hasTouchButton = device.supports(type: EventType.key, code: KeyCode.touch)
        hasToolButtons = device.maxToolFingers > 0
        countsToolFingers = !device.isDirect
        isSemiMT = device.isSemiMT
        slots = InlineArray(repeating: Slot())
        reported = InlineArray(repeating: .zero)
        lastFrame = TouchFrame(time: Instant(microseconds: 0))
        rescale(to: geometry)
    }

    /// The device's size or calibration changed (a configuration reload): positions from the
    /// next frame on use `geometry`, and the contacts that are down stay down.
    public mutating func rescale(to geometry: DeviceGeometry) {
        scale.unitsPerMillimetreX = geometry.unitsPerMillimetreX > 0 ? geometry.unitsPerMillimetreX : 1
        scale.unitsPerMillimetreY = geometry.unitsPerMillimetreY > 0 ? geometry.unitsPerMillimetreY : 1
        scale.calibration = geometry.calibration
    }

    /// Feeds one event: at each SYN_REPORT a frame is complete in `lastFrame`, at SYN_DROPPED
    /// the kernel lost events.
    public mutating func feed(_ event: InputEvent) -> DecodeStep {
        let time = monotonic(event.time)
        if discardingUntilReport {
            if event.type == EventType.syn && event.code == SynCode.report { discardingUntilReport = false }
            return .nothing
        }
        switch event.type {
        case EventType.syn:
            return synchronise(event.code, at: time)
        case EventType.key:
            key(event.code, down: event.value != 0)
        case EventType.abs:
            absolute(event.code, event.value, at: time)
        default:
            break
        }
        return .nothing
    }

    /// Feeds one event; returns a copy of the frame at each SYN_REPORT and `.dropped` at
    /// SYN_DROPPED: for callers that keep frames, not the per-event path.
    public mutating func decode(_ event: InputEvent) -> DecodedFrame? {
        switch feed(event) {
        case .nothing: nil
        case .frame: .frame(lastFrame)
        case .dropped(let time): .dropped(time)
        }
    }

    // MARK: - Events

    @inline(__always)
    private mutating func monotonic(_ time: Instant) -> Instant {
        guard let last = lastTime, time < last else {
            lastTime = time
            return time
        }
        warn(at: last, "time went backwards by \((last - time).microseconds) µs; clamped to the previous event's time")
        return last
    }

    private mutating func synchronise(_ code: UInt16, at time: Instant) -> DecodeStep {
        switch code {
        case SynCode.report:
            completeFrame(at: time)
            return .frame
        case SynCode.mtReport:
            if mode == .protocolA { finishReportedContact() }
            return .nothing
        case SynCode.dropped:
            loseState()
            discardingUntilReport = true
            return .dropped(time)
        default:
            return .nothing
        }
    }

    private mutating func key(_ code: UInt16, down: Bool) {
        if code == KeyCode.touch {
            touchDown = down
        } else if let fingers = KeyCode.fingers(forTool: code) {
            let bit = UInt8(1) << UInt8(fingers - 1)
            toolBits = down ? toolBits | bit : toolBits & ~bit
        } else if let bit = KeyCode.buttonBit(code) {
            buttonBits = down ? buttonBits | bit : buttonBits & ~bit
        }
    }

    @inline(__always)
    private mutating func absolute(_ code: UInt16, _ value: Int32, at time: Instant) {
        switch mode {
        case .slots:
            slotAxis(code, value, at: time)
        case .protocolA:
            if code == AbsCode.mtPositionX { pending.x = value; pending.hasX = true }
            if code == AbsCode.mtPositionY { pending.y = value; pending.hasY = true }
        case .singleTouch:
            if code == AbsCode.x { single.x = value; single.hasX = true }
            if code == AbsCode.y { single.y = value; single.hasY = true }
        }
    }

    @inline(__always)
    private mutating func slotAxis(_ code: UInt16, _ value: Int32, at time: Instant) {
        if code == AbsCode.mtSlot {
            if value >= 0 && Int(value) < usableSlots {
                currentSlot = Int(value)
            } else {
                currentSlot = -1
                let slots = usableSlots
                warn(at: time, "slot \(value) is outside the device's slots 0..<\(slots); its events are ignored")
            }
            return
        }
        guard currentSlot >= 0 else { return }
        let index = currentSlot
        switch code {
        case AbsCode.mtTrackingID:
            if value < 0 {
                slots[index].state = .released
            } else if slots[index].state != .active || slots[index].trackingID != value {
                slots[index].state = .active
                slots[index].trackingID = value
                slots[index].contactID = newContactID()
            }
        case AbsCode.mtPositionX, AbsCode.mtPositionY:
            if code == AbsCode.mtPositionX {
                slots[index].x = value
                slots[index].hasX = true
            } else {
                slots[index].y = value
                slots[index].hasY = true
            }
            if slots[index].state == .unknown {
                slots[index].state = .active
                slots[index].trackingID = -1
                slots[index].contactID = newContactID()
                warn(at: time, "slot \(index) moved without a tracking id (stream started mid-touch or events were dropped); treated as a new contact")
            }
        default:
            break
        }
    }

    private mutating func finishReportedContact() {
        defer { pending = Slot() }
        guard pending.hasPosition else { return }
        guard reportedCount < TouchFrame.capacity else {
            reportedOverflow += 1
            return
        }
        reported[reportedCount] = scale.point(pending.x, pending.y)
        reportedCount += 1
    }

    /// SYN_DROPPED: what happened since is unknown, so every contact ends; slots come back
    /// as new contacts when they next report a position.
    private mutating func loseState() {
        for index in 0..<EvdevDecoder.slotCapacity where slots[index].state != .released {
            slots[index].state = .unknown
        }
        single.state = .released
        pending = Slot()
        reportedCount = 0
        reportedOverflow = 0
        lastFrame.removeAllContacts()
    }

    // MARK: - Frames

    private var isTouching: Bool {
        if hasTouchButton { return touchDown }
        if hasToolButtons { return toolBits != 0 }
        return true
    }

    /// The finger count `BTN_TOOL_*` reports: the highest tool that is down.
    private var toolFingers: Int {
        toolBits == 0 ? 0 : 8 - toolBits.leadingZeroBitCount
    }

    /// Builds the frame the report completes into `lastFrame`: in place, but for protocol A,
    /// whose contacts are matched against the previous frame's. A frame built aside and copied
    /// in cost a fill of its ten contacts and a copy of 272 bytes per report.
    private mutating func completeFrame(at time: Instant) {
        var down = 0
        switch mode {
        case .slots:
            if isSemiMT && lastFrame.fingerCount > 0 && toolFingers != lastFrame.fingerCount { renumberActiveSlots() }
            lastFrame.removeAllContacts()
            for index in 0..<EvdevDecoder.slotCapacity {
                let slot = slots[index]
                guard slot.state == .active && slot.hasPosition else { continue }
                down += 1
                let point = scale.point(slot.x, slot.y)
                lastFrame.append(Contact(id: slot.contactID, x: point.x, y: point.y))
            }
        case .protocolA:
            var frame = TouchFrame(time: time)
            finishReportedContact()
            if isTouching {
                matchReportedContacts(into: &frame)
                down = reportedCount + reportedOverflow
            }
            reportedCount = 0
            reportedOverflow = 0
            lastFrame = frame
        case .singleTouch:
            lastFrame.removeAllContacts()
            if isTouching && single.hasPosition {
                if single.state != .active {
                    single.state = .active
                    single.contactID = newContactID()
                }
                let point = scale.point(single.x, single.y)
                lastFrame.append(Contact(id: single.contactID, x: point.x, y: point.y))
                down = 1
            } else {
                single.state = .released
            }
        }
        lastFrame.time = time
        if down > lastFrame.count {
            let kept = lastFrame.count
            warn(at: time, "\(down) contacts are down but a frame holds \(TouchFrame.capacity); \(down - kept) left out")
        }
        lastFrame.fingerCount = max(down, isTouching && countsToolFingers ? toolFingers : 0)
        lastFrame.isButtonPressed = buttonBits != 0
    }

    /// Gives protocol A contacts the ids of the previous frame's nearest contacts, closest
    /// pair first; contacts left over are new.
    private mutating func matchReportedContacts(into frame: inout TouchFrame) {
        var ids = InlineArray<10, Int32>(repeating: -1)
        var previousTaken = InlineArray<10, Bool>(repeating: false)
        for _ in 0..<min(reportedCount, lastFrame.count) {
            var best: (current: Int, previous: Int, distance: Double)?
            for current in 0..<reportedCount where ids[current] < 0 {
                for old in 0..<lastFrame.count where !previousTaken[old] {
                    let contact = lastFrame[old]
                    let distance = (reported[current] - Point(x: contact.x, y: contact.y)).length
                    if best == nil || distance < best!.distance { best = (current, old, distance) }
                }
            }
            guard let pair = best else { break }
            ids[pair.current] = lastFrame[pair.previous].id
            previousTaken[pair.previous] = true
        }
        for index in 0..<reportedCount {
            let id = ids[index] >= 0 ? ids[index] : newContactID()
            frame.append(Contact(id: id, x: reported[index].x, y: reported[index].y))
        }
    }

    /// On semi-MT pads the slots are the corners of the fingers' bounding box: when a finger
    /// lands or lifts the corners are different points, so they get new identities rather than
    /// seeming to jump.
    private mutating func renumberActiveSlots() {
        for index in 0..<EvdevDecoder.slotCapacity where slots[index].state == .active {
            slots[index].contactID = newContactID()
        }
    }

    private mutating func newContactID() -> Int32 {
        defer { nextContactID = nextContactID == Int32.max ? 0 : nextContactID + 1 }
        return nextContactID
    }

    /// Called only when something is wrong, so building the message is off the normal path.
    /// The message is only made while warnings are still kept: a device whose clock runs
    /// backwards at every event would otherwise build a string per event for nothing. Never
    /// inlined, and the events' functions are: with a message built inline, a function that
    /// checks a time saved every register first (~30 instructions an event where 6 do).
    @inline(never)
    private mutating func warn(at time: Instant, _ message: @autoclosure () -> String) {
        warningCount += 1
        if warnings.count < EvdevDecoder.storedWarningLimit {
            warnings.append(DecoderWarning(time: time, message: message()))
        }
    }
}
