import TactileEvdev

/// A device description built from bytes: any mix of single-touch and multitouch axes, slots,
/// `BTN_TOUCH`, tool and button keys and properties, with axis ranges that may be empty or
/// inverted, resolutions that may be negative, and sometimes an override size that is not a size.
enum FuzzedDevice {
    static let tools = [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap,
                        KeyCode.toolQuintTap, KeyCode.left, KeyCode.right, KeyCode.middle]

    static func make(_ input: inout FuzzInput) -> (description: DeviceDescription, size: (width: Double, height: Double)?) {
        let layout = input.byte()
        let toolBits = input.byte()
        var description = DeviceDescription(name: "fuzzed")
        var axes: Set<UInt16> = []
        if layout & 1 != 0 { axes.formUnion([AbsCode.x, AbsCode.y]) }
        if layout & 2 != 0 { axes.formUnion([AbsCode.mtPositionX, AbsCode.mtPositionY]) }
        if layout & 4 != 0 { axes.insert(AbsCode.mtSlot) }
        if layout & 8 != 0 { axes.insert(AbsCode.mtTrackingID) }
        description.codes[EventType.abs] = axes
        var keys = Set(tools.indices.filter { toolBits & (1 << $0) != 0 }.map { tools[$0] })
        if layout & 16 != 0 { keys.insert(KeyCode.touch) }
        description.codes[EventType.key] = keys
        for (bit, property) in [(32, InputProperty.direct), (64, InputProperty.semiMT), (128, InputProperty.pointer)]
        where Int(layout) & bit != 0 {
            description.properties.insert(property)
        }
        for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] {
            description.absInfo[code] = AbsInfo(minimum: Int32(input.int16()), maximum: Int32(input.int16()),
                                                resolution: Int32(Int8(bitPattern: input.byte())))
        }
        description.absInfo[AbsCode.mtSlot] = AbsInfo(
            value: Int32(Int8(bitPattern: input.byte())),
            minimum: Int32(Int8(bitPattern: input.byte())), maximum: Int32(Int8(bitPattern: input.byte())))
        let size = input.pick([nil, (100, 60), (0, 0), (-3, 4), (.nan, 5), (.infinity, 1), (1e-300, 1e300)])
        return (description, size)
    }
}
