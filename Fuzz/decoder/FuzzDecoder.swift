import TactileCore
import TactileEvdev

/// libFuzzer target: an event stream against a device description, both from the input,
/// through `CheckedDecoder` into a `CheckedEngine` running the default gestures — the live
/// pipeline, SYN_DROPPED included.
///
/// Each event is five bytes: time step, type, code, and a 16-bit value. Types and codes are
/// mostly the ones touch devices send, so mutations explore slots, tracking ids and keys rather
/// than codes the decoder ignores.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    let (description, overrideSize) = FuzzedDevice.make(&input)
    let geometry = DeviceGeometry(description: description, settings: DeviceSettings(size: overrideSize))
    var decoder = CheckedDecoder(device: description, geometry: geometry)
    var engine = CheckedEngine(AnyGesture(erasing: DefaultGestures.make(GestureTuning(for: description, geometry: geometry))))
    var time = Instant(microseconds: 1_000_000)
    while !input.isExhausted {
        let step = input.byte()
        // Up to 127 ms forward, or up to 127 µs back (a clock the decoder must clamp).
        time = time + Interval(microseconds: step & 0x80 == 0 ? Int64(step) * 1_000 : -Int64(step & 0x7f))
        switch decoder.decode(nextEvent(&input, at: time)) {
        case .frame(let frame)?:
            engine.process(frame)
        case .dropped(let time)?:
            engine.reset(at: time)
        case nil:
            break
        }
    }
    engine.endOfInput()
    return 0
}

private let absoluteCodes = [AbsCode.mtSlot, AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY,
                             AbsCode.x, AbsCode.y, AbsCode.pressure, AbsCode.mtPressure]
private let synCodes = [SynCode.report, SynCode.report, SynCode.mtReport, SynCode.dropped, SynCode.config]

private func nextEvent(_ input: inout FuzzInput, at time: Instant) -> InputEvent {
    let type = input.byte()
    let code = input.byte()
    let value = Int32(input.int16())
    switch type % 8 {
    case 0, 1:
        return InputEvent(time: time, type: EventType.syn, code: synCodes[Int(code) % synCodes.count], value: 0)
    case 2, 3:
        return InputEvent(time: time, type: EventType.key, code: keyCode(code), value: value & 1)
    case 4, 5, 6:
        return InputEvent(time: time, type: EventType.abs, code: absoluteCodes[Int(code) % absoluteCodes.count],
                          value: value)
    default:
        return InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value)
    }
}

private func keyCode(_ selector: UInt8) -> UInt16 {
    selector < 0x80 ? KeyCode.touch : FuzzedDevice.tools[Int(selector) % FuzzedDevice.tools.count]
}
