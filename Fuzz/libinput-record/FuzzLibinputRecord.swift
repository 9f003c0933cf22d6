import TactileEvdev
@testable import TactileRecordings

/// libFuzzer target: libyaml's event parser and the `libinput record` reader on any text (the
/// checking pass over the whole document, then each device's events read again as a replay
/// streams them), and the decoder on every device it accepted. Read again with its evdev frames
/// condensed (`YAMLFrameCondenser`), where the condensing held, the text must give the same
/// devices and events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    func parser(_ condensing: YAMLFrameCondenser.Reading?) -> YAMLEventParser {
        YAMLEventParser(text: text, file: "fuzz.yml", lineNumbers: { $0 + 1 }, condensing: condensing)
    }
    func events(_ condensing: YAMLFrameCondenser.Reading?, device: Int) -> [InputEvent] {
        var events: [InputEvent] = []
        guard var stream = try? LibinputRecordEvents(parser(condensing), device: device) else { fatalError("checked, then refused") }
        while let event = try? stream.next() { events.append(event) }
        return events
    }
    let checking = parser(.check)
    let condensed = (try? LibinputRecordParser(checking)).flatMap { checking.condensingHeld ? $0 : nil }
    guard let parsed = try? LibinputRecordParser(parser(nil)) else {
        precondition(condensed == nil, "condensed, the reader took a text it refuses line by line")
        return 0
    }
    if let condensed {
        precondition(condensed.devices.map(\.description) == parsed.devices.map(\.description)
            && condensed.devices.map(\.eventCount) == parsed.devices.map(\.eventCount)
            && condensed.devices.map(\.hasPosition) == parsed.devices.map(\.hasPosition)
            && condensed.devices.map(\.line) == parsed.devices.map(\.line), "condensed, the check read other devices")
    }
    for (index, device) in parsed.devices.enumerated() {
        let lineByLine = events(nil, device: index)
        precondition(lineByLine.count == device.eventCount, "the checking pass and the replay read different events")
        if condensed != nil {
            precondition(events(.replay, device: index) == lineByLine, "condensed, the replay read other events")
        }
        CheckedDecoder.decodeAll(lineByLine, of: device.description)
    }
    return 0
}
