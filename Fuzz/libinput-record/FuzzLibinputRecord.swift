@testable import TactileRecordings

/// libFuzzer target: libyaml and the `libinput record` reader on any text, and the decoder on
/// every device it accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let root = try? YAMLNode.load(text, file: "fuzz.yml", lineNumbers: { $0 + 1 }),
          let parsed = try? LibinputRecordParser(root: root, file: "fuzz.yml") else { return 0 }
    for (device, _) in parsed.devices {
        CheckedDecoder.decodeAll(device.events, of: device.description)
    }
    return 0
}
