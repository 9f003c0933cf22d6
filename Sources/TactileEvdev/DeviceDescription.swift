/// What a device says about itself: the header of an evemu file, the `evdev` block of a
/// `libinput record` file, or what the ioctls of a live device return; and what udev says about
/// it that changes positions (its calibration).
public struct DeviceDescription: Equatable, Sendable {
    public var name: String
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    /// `INPUT_PROP_*` values the device sets.
    public var properties: Set<UInt16>
    /// Event type → the codes of that type the device can send.
    public var codes: [UInt16: Set<UInt16>]
    /// `ABS_*` code → its range and resolution.
    public var absInfo: [UInt16: AbsInfo]
    /// udev's `LIBINPUT_CALIBRATION_MATRIX` for the device (a live device's property, or the
    /// `udev` block of a `libinput record` file); nil when it has none.
    public var calibration: CalibrationMatrix?

    public init(
        name: String,
        bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
        properties: Set<UInt16> = [],
        codes: [UInt16: Set<UInt16>] = [:],
        absInfo: [UInt16: AbsInfo] = [:],
        calibration: CalibrationMatrix? = nil
    ) {
        self.name = name
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.codes = codes
        self.absInfo = absInfo
        self.calibration = calibration
    }

    public func supports(type: UInt16, code: UInt16) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    /// Whether the surface is a screen. Uses `INPUT_PROP_DIRECT`; old kernels and old recordings
    /// set no properties at all, and then the device is guessed to be a touchscreen the way
    /// udev's `input_id` builtin does: it has `BTN_TOUCH` but no `BTN_TOOL_FINGER` (touchpads
    /// always report the finger tool).
    public var isDirect: Bool {
        if properties.contains(InputProperty.direct) { return true }
        guard properties.isEmpty else { return false }
        return supports(type: EventType.key, code: KeyCode.touch)
            && !supports(type: EventType.key, code: KeyCode.toolFinger)
    }

    public var isSemiMT: Bool { properties.contains(InputProperty.semiMT) }

    /// Multitouch protocol B: contacts live in numbered slots.
    public var hasMultitouchSlots: Bool { supports(type: EventType.abs, code: AbsCode.mtSlot) }

    public var hasMultitouchPositions: Bool {
        supports(type: EventType.abs, code: AbsCode.mtPositionX)
            && supports(type: EventType.abs, code: AbsCode.mtPositionY)
    }

    public var hasSingleTouchPositions: Bool {
        supports(type: EventType.abs, code: AbsCode.x) && supports(type: EventType.abs, code: AbsCode.y)
    }

    /// How many slots the device declares (0 without protocol B).
    public var slotCount: Int {
        guard hasMultitouchSlots, let slot = absInfo[AbsCode.mtSlot] else { return 0 }
        return max(Int(slot.maximum) - Int(slot.minimum) + 1, 0)
    }

    /// The most fingers the device can count with `BTN_TOOL_FINGER`…`BTN_TOOL_QUINTTAP`
    /// (0 when it has none of them).
    public var maxToolFingers: Int {
        codes[EventType.key, default: []].reduce(0) { most, code in
            max(most, KeyCode.fingers(forTool: code) ?? 0)
        }
    }

    /// Whether the device reports finger positions: absolute X/Y (single-touch or multitouch)
    /// and either `BTN_TOUCH` or multitouch axes. Keyboards, relative mice and trackpoints are
    /// not; neither are pen-only tablets (`BTN_TOOL_PEN` without multitouch axes).
    public var isTouchDevice: Bool {
        guard hasSingleTouchPositions || hasMultitouchPositions else { return false }
        let hasTouch = supports(type: EventType.key, code: KeyCode.touch)
        if !hasMultitouchPositions && supports(type: EventType.key, code: KeyCode.toolPen) { return false }
        return hasTouch || hasMultitouchPositions
    }

    /// The axes positions are read from: the multitouch ones when the device has them.
    public var positionAxes: (x: AbsInfo, y: AbsInfo)? {
        let codes = hasMultitouchPositions
            ? (AbsCode.mtPositionX, AbsCode.mtPositionY) : (AbsCode.x, AbsCode.y)
        guard let x = absInfo[codes.0], let y = absInfo[codes.1] else { return nil }
        return (x, y)
    }
}
