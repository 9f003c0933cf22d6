import TactileEvdev
@testable import TactileRecordings

/// libFuzzer target: libyaml's event parser and the `libinput record` reader on any text (the
/// checking pass over the whole document, then each device's events read again as a replay
/// streams them), and the decoder on every device it accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    func parser() -> YAMLEventParser {
        YAMLEventParser(text: text, file: "fuzz.yml", lineNumbers: { $0 + 1 })
    }
    guard let parsed = try? LibinputRecordParser(parser()) else { return 0 }
    for (index, device) in parsed.devices.enumerated() {
        var events: [InputEvent] = []
        guard var stream = try? LibinputRecordEvents(parser(), device: index) else { fatalError("checked, then refused") }
        while let event = try? stream.next() { events.append(event) }
        precondition(events.count == device.eventCount, "the checking pass and the replay read different events")
        CheckedDecoder.decodeAll(events, of: device.description)
    }
    return 0
}
