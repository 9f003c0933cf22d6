import TactileEvdev
@testable import TactileRecordings

/// libFuzzer target: the evemu reader (the fast event lines and the general parser, as a replay
/// streams them) on any text, and the decoder on whatever it accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var stream = EvemuStream(LineReader(bytes: UnsafeBufferPointer(start: data, count: size), file: "fuzz.evemu"))
    var events: [InputEvent] = []
    do {
        while let event = try stream.next() { events.append(event) }
    } catch {
        return 0
    }
    guard let description = stream.parser.description else { return 0 }
    CheckedDecoder.decodeAll(events, of: description)
    return 0
}
