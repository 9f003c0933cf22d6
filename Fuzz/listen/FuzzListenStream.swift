import TactileCore
import TactileProtocol

/// libFuzzer target: the stream reader of `tactile listen` — the bytes a socket delivers, cut
/// into pieces of fuzzed sizes, split into lines, each line read as a gesture record. Checks
/// that the splitter reports every line exactly once, whole, in order and never longer than its
/// cap, and that every record it reads writes back to a line that reads back to the same line
/// (what the daemon writes, `listen` reads; no number read from outside can trap).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListenStream(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let seed = bytes.first else { return 0 }
    let stream = bytes.dropFirst()

    var splitter = StreamLineSplitter()
    var pieces: [StreamLineSplitter.Piece] = []
    // Piece sizes 1...64 from a small generator seeded by the first byte: the same stream is
    // delivered cut in different places.
    var state = UInt32(seed) | 1
    var start = stream.startIndex
    while start < stream.endIndex {
        state = state &* 1_103_515_245 &+ 12_345
        let length = Int((state >> 16) % 64) + 1
        let end = min(start + length, stream.endIndex)
        splitter.feed(stream[start..<end]) { pieces.append($0) }
        start = end
    }

    // What the stream holds, line by line: every complete line gives exactly one piece.
    let lines = stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
    invariant(pieces.count == lines.count, "\(lines.count) lines gave \(pieces.count) pieces")
    for (index, (piece, line)) in zip(pieces, lines).enumerated() {
        switch piece {
        case .line(let text, let number):
            invariant(number == index + 1, "line \(index + 1) reported as line \(number)")
            invariant(line.count <= StreamLineSplitter.maximumLineLength, "a line of \(line.count) bytes passed the cap")
            invariant(text == String(decoding: line, as: UTF8.self), "line \(number) was not passed whole")
            checkRecord(text)
        case .overlong(let number):
            invariant(number == index + 1, "overlong line \(index + 1) reported as line \(number)")
            invariant(line.count > StreamLineSplitter.maximumLineLength, "a line of \(line.count) bytes was called overlong")
        }
    }
    return 0
}

/// A line the reader accepts must survive being written again: written, read, written, the two
/// writes are the same bytes (the first may round a number to the wire's decimals).
private func checkRecord(_ line: String) {
    guard let record = try? GestureRecord(jsonLine: line) else { return }
    _ = record.environment
    var written: [UInt8] = []
    JSONLinesEncoder(deviceName: record.device, surface: record.surface).encode(record, into: &written)
    let text = String(decoding: written.dropLast(), as: UTF8.self)
    guard let reread = try? GestureRecord(jsonLine: text) else {
        invariant(false, "the reader refuses what the encoder wrote: \(text)")
        return
    }
    var again: [UInt8] = []
    JSONLinesEncoder(deviceName: reread.device, surface: reread.surface).encode(reread, into: &again)
    invariant(again == written, "written twice differently:\n\(text)\n\(String(decoding: again, as: UTF8.self))")
}
