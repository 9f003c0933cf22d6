/// The lines of a HID frame, which `libinput record --with-hidraw` writes before nearly every
/// evdev frame:
///
/// ```
///   - hid:
///       time: [  0,   6119]
///       hidraw2: [
///         0x54, 0x10, 0x62, 0x52, 0x02, 0xf5, 0x0e, 0x37, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00,
///         0x00, 0x00, 0x00
///       ]
/// ```
///
/// Tactile reads no HID report, and libyaml spends most of such a file's time on their bytes,
/// number by number, so `YAMLFrameCondenser` takes these frames into its runs of evdev frames.
/// Only this form is taken, one YAML reads as a mapping of a time and lists of plain scalars in
/// any block context: `time:` first, then each `hidrawN: [` with lines of `0xHH` bytes, each
/// followed by a comma and a space or the line's end, and a `]` of its own at the key's
/// indentation. Anything else (a comment or blank line inside a list, another key, bytes at the
/// key's indentation) ends the condensing, and libyaml reads the file.
struct HIDFrameLines {
    /// What the frame's next line must be.
    enum Expecting: Equatable {
        /// `time: [seconds, microseconds]`, deeper than the frame's `hid` key.
        case time
        /// A `hidrawN: [` at the time's indentation, or a line after the frame.
        case reportOrEnd
        /// A line of bytes deeper than the report's key, or its `]` at that key's indentation.
        case bytesOrClose
    }

    /// The indentation of the frame's `- hid:` line.
    private let frameIndentation: Int
    /// The indentation of its keys, `time` and each `hidrawN`, once the time was read.
    private var keyIndentation = 0
    private(set) var expecting = Expecting.time

    init(frameIndentation: Int) {
        self.frameIndentation = frameIndentation
    }

    /// Whether the line, after its `indentation`, is exactly `- hid:`. Reads eight bytes, two
    /// past the line's end (`LineReader.slack`).
    @inline(__always)
    static func isFrameStart(_ line: UnsafeRawBufferPointer, indentation: Int) -> Bool {
        line.count - indentation == 6 && ByteWords.load(line.baseAddress!, indentation) & 0xffff_ffff_ffff == frameStart
    }

    /// Whether the frame may end before the next line: its time and every list it opened were read.
    var isComplete: Bool { expecting == .reportOrEnd }

    /// Takes the frame's next line, deeper than the frame's own: false when it is not one this
    /// form has there. Without `checkingBytes`, a line of bytes is only told apart from the
    /// others, by its `0x`, as one a checking pass read before.
    mutating func take(_ line: UnsafeRawBufferPointer, indentation: Int, checkingBytes: Bool) -> Bool {
        var bytes = Bytes(line, from: indentation)
        switch expecting {
        case .time:
            guard indentation > frameIndentation + 2, bytes.take("time:"), bytes.takeSpaces() > 0, bytes.take("["),
                  bytes.takeDigits(), bytes.take(","), bytes.takeDigits(), bytes.take("]"), bytes.isAtEnd else { return false }
            keyIndentation = indentation
            expecting = .reportOrEnd
        case .reportOrEnd:
            guard indentation == keyIndentation, bytes.take("hidraw"), bytes.takeDigits(), bytes.take(":"),
                  bytes.takeSpaces() > 0, bytes.take("["), bytes.isAtEnd else { return false }
            expecting = .bytesOrClose
        case .bytesOrClose:
            if indentation == keyIndentation {
                guard bytes.take("]"), bytes.isAtEnd else { return false }
                expecting = .reportOrEnd
                return true
            }
            guard indentation > keyIndentation else { return false }
            guard checkingBytes else { return bytes.take("0x") }
            if bytes.takeWrittenBytes() && bytes.isAtEnd { return true }
            repeat {
                guard bytes.take("0x"), bytes.takeHexByte() else { return false }
                guard bytes.take(",") else { return bytes.isAtEnd }
                guard bytes.takeSpaces() > 0 || bytes.isAtEnd else { return false }
            } while !bytes.isAtEnd
        }
        return true
    }

    /// `- hid:` as the low six bytes of a word, its first byte lowest.
    private static let frameStart: UInt64 = 0x3a64_6968_202d

    /// A line's bytes read from the front; spaces are skipped only where a caller takes them,
    /// except before the numbers and brackets of `time`, where `libinput record` pads.
    private struct Bytes {
        private let line: UnsafeRawBufferPointer
        private var offset: Int

        init(_ line: UnsafeRawBufferPointer, from offset: Int) {
            self.line = line
            self.offset = offset
        }

        /// Whether only spaces are left.
        var isAtEnd: Bool {
            mutating get {
                _ = takeSpaces()
                return offset == line.count
            }
        }

        /// Skips spaces; how many.
        mutating func takeSpaces() -> Int {
            let start = offset
            while offset < line.count && line[offset] == UInt8(ascii: " ") { offset += 1 }
            return offset - start
        }

        /// The ASCII `text`, after any spaces when it is punctuation.
        mutating func take(_ text: StaticString) -> Bool {
            if text.utf8CodeUnitCount == 1 { _ = takeSpaces() }
            let count = text.utf8CodeUnitCount
            guard line.count - offset >= count,
                  (0..<count).allSatisfy({ line[offset + $0] == text.utf8Start[$0] }) else { return false }
            offset += count
            return true
        }

        /// Spaces, then 1 to 18 decimal digits: an integer libyaml leaves a plain scalar.
        mutating func takeDigits() -> Bool {
            _ = takeSpaces()
            let start = offset
            while offset < line.count && offset - start < 19, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[offset]) {
                offset += 1
            }
            return (1...18).contains(offset - start)
        }

        /// Bytes as `libinput record` writes them, `0xHH, ` six characters each: whether it took
        /// at least one. The rest of the line, a last byte without its comma or any other
        /// spacing, is read the general way; three quarters of such a file is these lines.
        mutating func takeWrittenBytes() -> Bool {
            let start = offset
            while line.count - offset >= 6, line[offset] == UInt8(ascii: "0"), line[offset + 1] == UInt8(ascii: "x"),
                  line[offset + 2].isHexDigit, line[offset + 3].isHexDigit,
                  line[offset + 4] == UInt8(ascii: ","), line[offset + 5] == UInt8(ascii: " ") {
                offset += 6
            }
            return offset > start
        }

        /// Exactly two hexadecimal digits.
        mutating func takeHexByte() -> Bool {
            guard line.count - offset >= 2, line[offset].isHexDigit, line[offset + 1].isHexDigit else { return false }
            offset += 2
            return true
        }
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
