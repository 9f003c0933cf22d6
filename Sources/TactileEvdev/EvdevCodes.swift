// The subset of <linux/input-event-codes.h> the decoder and the parsers need, with readable
// names. Values are the kernel ABI and never change.

/// Event types (`EV_*`).
public enum EventType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let rel: UInt16 = 0x02
    public static let abs: UInt16 = 0x03
    public static let msc: UInt16 = 0x04
}

/// Codes of `EV_SYN` events (`SYN_*`).
public enum SynCode {
    /// Ends one frame: everything since the previous report happened at once.
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    /// Ends one contact's data in multitouch protocol A.
    public static let mtReport: UInt16 = 2
    /// The kernel's buffer overflowed: events were lost.
    public static let dropped: UInt16 = 3
}

/// Codes of `EV_ABS` events (`ABS_*`).
public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let pressure: UInt16 = 0x18
    public static let mtSlot: UInt16 = 0x2f
    public static let mtTouchMajor: UInt16 = 0x30
    public static let mtTouchMinor: UInt16 = 0x31
    public static let mtWidthMajor: UInt16 = 0x32
    public static let mtWidthMinor: UInt16 = 0x33
    public static let mtOrientation: UInt16 = 0x34
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtToolType: UInt16 = 0x37
    public static let mtBlobID: UInt16 = 0x38
    public static let mtTrackingID: UInt16 = 0x39
    public static let mtPressure: UInt16 = 0x3a
}

/// Codes of `EV_KEY` events the touch decoder reads (`BTN_*`).
public enum KeyCode {
    public static let left: UInt16 = 0x110
    public static let right: UInt16 = 0x111
    public static let middle: UInt16 = 0x112

    /// A bit per physical button (left, right, middle), for tracking which are held.
    public static func buttonBit(_ code: UInt16) -> UInt8? {
        switch code {
        case left: return 1
        case right: return 2
        case middle: return 4
        default: return nil
        }
    }
    public static let toolPen: UInt16 = 0x140
    /// One finger on the surface (or more, if no higher `BTN_TOOL_*TAP` is set).
    public static let toolFinger: UInt16 = 0x145
    public static let toolQuintTap: UInt16 = 0x148
    /// Something touches the surface.
    public static let touch: UInt16 = 0x14a
    public static let toolDoubleTap: UInt16 = 0x14d
    public static let toolTripleTap: UInt16 = 0x14e
    public static let toolQuadTap: UInt16 = 0x14f

    /// How many fingers a `BTN_TOOL_*` code stands for, or nil for any other code.
    @inlinable public static func fingers(forTool code: UInt16) -> Int? {
        switch code {
        case toolFinger: 1
        case toolDoubleTap: 2
        case toolTripleTap: 3
        case toolQuadTap: 4
        case toolQuintTap: 5
        default: nil
        }
    }
}

/// Device properties (`INPUT_PROP_*`).
public enum InputProperty {
    public static let pointer: UInt16 = 0x00
    /// The surface is the screen: a touchscreen, not a touchpad.
    public static let direct: UInt16 = 0x01
    /// The whole pad is a button (clickpad).
    public static let buttonPad: UInt16 = 0x02
    /// The two slots are the corners of the contacts' bounding box, not the contacts.
    public static let semiMT: UInt16 = 0x03
    public static let topButtonPad: UInt16 = 0x04
    public static let pointingStick: UInt16 = 0x05
    public static let accelerometer: UInt16 = 0x06
}
