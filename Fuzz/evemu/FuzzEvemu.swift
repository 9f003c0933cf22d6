@testable import TactileRecordings

/// libFuzzer target: the evemu parser on any text, and the decoder on whatever it accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let parsed = try? EvemuParser(lines: TextLine.lines(of: text, file: "fuzz.evemu")),
          let description = parsed.description else { return 0 }
    CheckedDecoder.decodeAll(parsed.events, of: description)
    return 0
}
