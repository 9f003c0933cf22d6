import TactileCore
import TactileEvdev
import Testing
@testable import TactileRecordings

@Suite("Evemu event lines, read fast")
struct EvemuEventLineTests {
    static let header = EvemuText(slots: 2).text

    /// The event `line` stands for, read through the whole loader (a plain touch event follows
    /// it, so that a line of another type still makes a touch recording).
    static func events(_ line: String) throws -> [InputEvent] {
        let events = try RecordingLoader.load(text: header + line + "\nE: 9.000000 0003 0035 1\n", file: "line.evemu")
            .devices[0].events
        return Array(events.dropLast())
    }

    @Test("every way of writing an event line the general reading takes gives the same event", arguments: [
        ("E: 1.500000 0003 0035 100", 1_500_000, 3, 0x35, 100),
        ("E: 1.5 0003 0035 100", 1_500_000, 3, 0x35, 100),  // fewer fraction digits: tenths
        ("E: 12.000042 0003 0036 -7", 12_000_042, 3, 0x36, -7),
        ("E:\t3.000001\t0x0003\t0x0039\t2147483647", 3_000_001, 3, 0x39, 2_147_483_647),
        ("E:0.000001 0000 0000 0", 1, 0, 0, 0),  // no space after E:, read by the general reading
        ("E: 0.1 0003 0035 +5", 100_000, 3, 0x35, 5),  // a plus sign, likewise
        ("E: 0.1 0003 0035 5 # a comment", 100_000, 3, 0x35, 5),
        ("E: 1369413382.137926 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1", 1_369_413_382_137_926, 3, 0x39, -1),
        ("E: 0.1 0003 0035 5#no space before it", 100_000, 3, 0x35, 5),
        ("E: 0.1 0003 0035 2147483647\t# more digits than the fast reading takes", 100_000, 3, 0x35, 2_147_483_647),
        ("E: 0.1 0003 0035 5   ", 100_000, 3, 0x35, 5),
        ("E: 0.1 ffff FfFf -2147483648", 100_000, 0xffff, 0xffff, -2_147_483_648),
    ])
    func sameEvent(line: String, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) throws {
        #expect(try Self.events(line) == [InputEvent(time: Instant(microseconds: microseconds), type: type,
                                                      code: code, value: value)])
    }

    @Test("lines the fast reading is not sure of are left to the general reading, which names what is wrong", arguments: [
        ("E: 1.5000001 0003 0035 1", "bad time"),
        ("E: 1.5 10000 0035 1", "bad event type"),
        ("E: 1.5 0003 0035 2147483648", "bad event value"),
        ("E: 1.5 0003 0035", "needs \"seconds.microseconds type code value\""),
        ("E: 1.5 0003 0035 1 2", "needs \"seconds.microseconds type code value\""),
        ("E: -1.5 0003 0035 1", "bad time"),
        ("E: 1.5 0003 0035\t# 1", "needs \"seconds.microseconds type code value\""),
        ("E: 1.5 0003 0035 1\tx # c", "needs \"seconds.microseconds type code value\""),
        ("E: 1.5 0003 0035 1x\t# c", "bad event value"),
    ])
    func malformed(line: String, message: String) {
        do {
            _ = try Self.events(line)
            Issue.record("accepted \(line)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test("the fast reading itself takes the plain form, with or without a comment after it, and declines the others")
    func fastReading() {
        #expect(EvemuEventLine.parse("E: 1.5 0003 0035 100"[...]) != nil)
        #expect(EvemuEventLine.parse("E: 1.5 0003 0035 100 # c"[...]) != nil)
        #expect(EvemuEventLine.parse("E: 1.5 0003 0035 100\t# EV_ABS / ABS_MT_POSITION_X    100"[...]) != nil)
        #expect(EvemuEventLine.parse("E:1.5 0003 0035 100"[...]) == nil)
        #expect(EvemuEventLine.parse("E: 1.5 0003 0035 +100"[...]) == nil)
        #expect(EvemuEventLine.parse("E: 1.5 0003 0035 100 c"[...]) == nil)
    }

    @Test("the reading of lines as evemu-record writes them gives what the scanner gives, or leaves the line to it", arguments: [
        "E: 1.500000 0003 0035 100", "E: 1369413358.008095 0003 0039 0000", "E: 0.000001 ffff FfFf -2147483648",
        "E: 1.5 0003 0035 100", "E: 1.500000 0003 0035 2147483648", "E: 1.500000 0003 0035 -", "E: 1.500000 0003 0035 ",
        "E: 1.500000 0x03 0035 1", "E: 1.500000 0003 0035 1 ", "E: 1234567890123.000000 0003 0035 1",
        "E: 123456789012.000000 0003 0035 1", "E: 1.500000  003 0035 1", "E: 1.50000x 0003 0035 1",
        "E: 1.500000 0003 0035 00000000001", "E: .500000 0003 0035 1", "E: 1.500000 0003 0035 -0",
        "E: 1369413358.008095 0003 0039 0000\t# EV_ABS / ABS_MT_TRACKING_ID   0", "E: 1.500000 0003 0035 100 # c",
        "E: 1.500000 0003 0035 100\t#", "E: 1.500000 0003 0035 100\t", "E: 1.500000 0003 0035 100\tx",
        "E: 1.500000 0003 0035 100#c", "E: 1.500000 0003 0035 100\t\t# c", "E: 1.500000 0003 0035 12345678\t# c",
        "E: 1.500000 0003 0035 123456789\t# c", "E: 1.500000 0003 0035 -1\t# c", "E: 1.500000 0003 0035 \t# c",
        "E: 1.500000 0003 0035 -\t# c", "E: 1.500000 0003 0035 1 #",
    ])
    func asWritten(line: String) {
        var bytesOfLine = line
        bytesOfLine.withUTF8 { bytes in
            guard let event = EvemuEventLine.parseAsWritten(bytes) else { return }
            #expect(EvemuEventLine.parse(bytes) == event, "\(line)")
        }
    }

    @Test("the fast reading takes every line written its way, with every length of seconds and value, with and without its comment, and reads it as the scanner does")
    func writtenForms() {
        // Every length of seconds and of value, in both signs and hex cases, with digits drawn
        // from a rotating pattern so every digit appears in every place.
        let pattern = Array("987654321012345678909876")
        func digits(_ count: Int, from offset: Int) -> String { String(pattern[(offset % 10)..<(offset % 10 + count)]) }
        let hexFields = ["0000", "0003", "002f", "0039", "ABCD", "fFfF", "9a0B"]
        var lines: [String] = []
        for secondsDigits in 1...12 {
            for valueDigits in 1...8 {
                for variant in 0..<4 {
                    let offset = secondsDigits * 8 + valueDigits + variant
                    let sign = variant % 2 == 0 ? "" : "-"
                    let type = hexFields[offset % hexFields.count]
                    let code = hexFields[(offset + 3) % hexFields.count]
                    let line = "E: \(digits(secondsDigits, from: offset)).\(digits(6, from: offset + 3)) \(variant >= 2 ? type.uppercased() : type) \(variant >= 2 ? code.lowercased() : code) "
                        + "\(sign)\(digits(valueDigits, from: offset + 5))"
                    lines += [line, line + "\t# EV_ABS / ABS_MT_POSITION_X    1415"]
                }
            }
        }
        var accepted = 0
        for line in lines {
            var bytesOfLine = line
            bytesOfLine.withUTF8 { bytes in
                let fast = EvemuEventLine.parseAsWritten(bytes)
                #expect(fast != nil, "\(line)")
                #expect(fast == EvemuEventLine.parse(bytes), "\(line)")
                if fast != nil { accepted += 1 }
            }
        }
        #expect(accepted == 12 * 8 * 4 * 2)
    }

    @Test("the fast reading declines any line with one byte changed to something its form does not allow, or reads it as the scanner does")
    func changedBytes() {
        for line in ["E: 1369413358.008095 0003 003a -1234", "E: 1369413358.008095 0003 003a -1234\t# EV_ABS"].map({ Array($0.utf8) }) {
            changedBytes(of: line)
        }
    }

    private func changedBytes(of line: [UInt8]) {
        for index in line.indices {
            for replacement in [UInt8(ascii: "0"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "F"), UInt8(ascii: "g"),
                                UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: ":"),
                                UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "#"), UInt8(ascii: "\t"), 0x00, 0x80, 0xb0,
                                0xff] {
                var changed = line
                changed[index] = replacement
                changed.withUnsafeBufferPointer { bytes in
                    guard let fast = EvemuEventLine.parseAsWritten(bytes) else { return }
                    #expect(fast == EvemuEventLine.parse(bytes), "\(String(decoding: changed, as: UTF8.self))")
                }
            }
        }
    }
}
