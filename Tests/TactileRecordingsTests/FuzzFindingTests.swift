import Testing
import TactileRecordings

/// Inputs the fuzz targets (`scripts/fuzz`) found that crashed or exhausted the reader: each must
/// now be an error naming its line.
@Suite("Fuzz findings: recordings")
struct FuzzFindingTests {
    private func error(_ text: String) -> String {
        do {
            let recording = try RecordingLoader.load(text: text, file: "fuzz")
            return "loaded \(recording.devices.count) device(s)"
        } catch {
            return error.description
        }
    }

    @Test("a YAML alias inside its own anchor (&a [*a]) is an error, not endless recursion")
    func yamlAliasCycle() {
        #expect(error("version: 1\ndevices: &a [*a]\n")
            == "fuzz:2: invalid libinput record: YAML aliases (*name) are not supported")
    }

    @Test("YAML aliases of aliases (a billion laughs) are an error, not gigabytes of nodes")
    func yamlBillionLaughs() {
        var text = "version: 1\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(error(text) == "fuzz:2: invalid libinput record: YAML aliases (*name) are not supported")
    }

    @Test("a control character in an event line's comment is refused as libyaml refuses it, though the line is read without libyaml")
    func yamlControlCharacterInAComment() {
        let text = MalformedInputTests.yaml(events: "  events:\n" + CondensedFramesTests.frames(2)
            + "  - evdev:\n    - [  5, 100000,   3,  47,     1] # EV_ABS / ABS_\u{18}MT_SLOT 1\n" + CondensedFramesTests.frames(2))
        // libyaml's reader gives no line for it.
        #expect(error(text).hasSuffix(": invalid YAML: control characters are not allowed"), "\(error(text))")
    }

    @Test("an evemu bitmask past 8192 bytes is an error, not an integer-overflow trap")
    func evemuBitmaskBeyondLargestCode() {
        let bitmask = "B: 03" + String(repeating: " 00", count: 8192) + " 01\n"
        #expect(error("N: long bitmask\n" + bitmask)
            == "fuzz:2: bitmask longer than 8192 bytes: bit 65536 is beyond the largest code, 65535")
    }
}
