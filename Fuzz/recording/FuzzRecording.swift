import TactileRecordings

/// libFuzzer target: `RecordingLoader` on any text, as `tactile replay` loads a file: format
/// detection, evemu, `libinput record` (also quoted in a mail), evtest, validation; then the
/// decoder on every device of a recording it accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let recording = try? RecordingLoader.load(text: text, file: "fuzz") else { return 0 }
    for device in recording.devices {
        CheckedDecoder.decodeAll(device.events, of: device.description)
    }
    return 0
}
