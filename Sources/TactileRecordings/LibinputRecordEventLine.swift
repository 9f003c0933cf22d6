import TactileEvdev

/// The lines of a `libinput record` file's events list read straight from their bytes: an evdev
/// frame's first line, `- evdev:`, and each of its events, `- [seconds, microseconds, type, code,
/// value]`, with the comment `libinput record` writes after it. A recording is nearly all such
/// lines, and libyaml spent tens of thousands of instructions on each event (a token and a
/// heap-allocated event per bracket, comma and number). Only the plainest form is taken, one
/// YAML reads as the same numbers in any block context; `YAMLFrameCondenser` leaves every other
/// line to libyaml.
enum LibinputRecordEventLine {
    /// How many spaces the line starts with.
    @inline(__always)
    static func indentation(_ line: UnsafeRawBufferPointer) -> Int {
        spaces(line.baseAddress!)
    }

    /// Whether the line, after its `indentation`, is empty or a `#` comment: nothing to YAML's
    /// structure in a block.
    @inline(__always)
    static func isBlankOrComment(_ line: UnsafeRawBufferPointer, indentation: Int) -> Bool {
        indentation == line.count || line[indentation] == UInt8(ascii: "#")
    }

    /// Whether the line, after its `indentation`, is exactly `- evdev:`.
    @inline(__always)
    static func isFrameStart(_ line: UnsafeRawBufferPointer, indentation: Int) -> Bool {
        line.count - indentation == 8 && ByteWords.load(line.baseAddress!, indentation) == frameStart
    }

    /// Whether the bytes are tabs and printable ASCII: what libyaml takes in a comment that it is
    /// not shown. Read eight bytes at a time, and past their end (`LineReader.slack`).
    @inline(__always)
    static func isPlainText(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset < bytes.count {
            let word = ByteWords.load(bytes.baseAddress!, offset)
            let ascii = word & ~highBits
            let control = ~(ascii &+ 0x6060_6060_6060_6060) & highBits  // below 0x20
            let delete = (ascii &+ 0x0101_0101_0101_0101) & highBits  // 0x7f
            let tab = ~((ascii ^ 0x0909_0909_0909_0909) &+ 0x7f7f_7f7f_7f7f_7f7f) & highBits
            var refused = (word & highBits) | (control & ~tab) | delete
            if bytes.count - offset < 8 { refused &= highBits >> (64 - 8 * UInt64(bytes.count - offset)) }
            guard refused == 0 else { return false }
            offset += 8
        }
        return true
    }

    /// `- evdev:` as a word, its first byte lowest.
    private static let frameStart: UInt64 = 0x3a76_6564_7665_202d

    /// Whether the line, after its `indentation`, starts as an event's does, `- [`: enough to tell
    /// it from the other lines of a run when its bytes were read and checked before.
    @inline(__always)
    static func looksLikeEvent(_ line: UnsafeRawBufferPointer, indentation: Int) -> Bool {
        line.count - indentation >= 13 && ByteWords.load32(line.baseAddress!, indentation) & 0xff_ffff == eventStart
    }

    /// `- [` as the low bytes of a word.
    private static let eventStart: UInt32 = 0x5b_202d

    /// The event of a line that is, after its `indentation`, `- [` and five integers (an optional
    /// `-` and 1 to 18 digits, spaces around each) separated by commas, then `]`, then nothing but
    /// spaces or spaces and a `#` comment; nil for any other line, or when a number is out of its
    /// range (libyaml and `LibinputRecordParser` then say what is wrong). `checkingComment`: nil
    /// too for a comment that is not `isPlainText`, which libyaml might refuse.
    ///
    /// It reads a line as `LineReader` hands it out, eight bytes at a time and past the line's
    /// end, where the line break (or a 0) stops every field.
    @inline(__always)
    static func event(_ line: UnsafeRawBufferPointer, indentation: Int, checkingComment: Bool = false) -> InputEvent? {
        guard looksLikeEvent(line, indentation: indentation) else { return nil }
        let base = line.baseAddress!
        var p = base + indentation + 3
        guard let seconds = integer(&p), take(UInt8(ascii: ","), &p),
              let microseconds = integer(&p), take(UInt8(ascii: ","), &p),
              let type = integer(&p), take(UInt8(ascii: ","), &p),
              let code = integer(&p), take(UInt8(ascii: ","), &p),
              let value = integer(&p), take(UInt8(ascii: "]"), &p) else { return nil }
        // Then the end, or spaces and a comment: YAML's `#` starts one only after a space.
        let trailing = spaces(p)
        let comment = p + trailing
        let end = base + line.count
        if comment != end {
            guard comment < end, trailing > 0, comment.load(as: UInt8.self) == UInt8(ascii: "#"),
                  !checkingComment || isPlainText(UnsafeRawBufferPointer(start: comment, count: end - comment)) else { return nil }
        }
        return LibinputRecordParser.event(seconds: seconds, microseconds: microseconds, type: type, code: code, value: value)
    }

    /// How many spaces start at `p`.
    @inline(__always)
    private static func spaces(_ p: UnsafeRawPointer) -> Int {
        var count = 0
        while true {
            let others = ByteWords.load(p, count) ^ 0x2020_2020_2020_2020
            if others != 0 { return count + others.trailingZeroBitCount / 8 }
            count += 8
        }
    }

    /// `byte` at `p`, stepped over after any spaces before it.
    @inline(__always)
    private static func take(_ byte: UInt8, _ p: inout UnsafeRawPointer) -> Bool {
        var next = p.load(as: UInt8.self)
        if next == UInt8(ascii: " ") {
            p += spaces(p)
            next = p.load(as: UInt8.self)
        }
        guard next == byte else { return false }
        p += 1
        return true
    }

    /// Spaces, an optional `-`, then 1 to 18 digits: a plain scalar `YAMLInteger` reads as these
    /// digits. Up to seven digits are read as one word.
    @inline(__always)
    private static func integer(_ p: inout UnsafeRawPointer) -> Int64? {
        p += spaces(p)
        let negative = p.load(as: UInt8.self) == UInt8(ascii: "-")
        if negative { p += 1 }
        let word = ByteWords.load(p, 0)
        var digits = ByteWords.nonDigits(word).trailingZeroBitCount / 8
        var magnitude: Int64
        if digits < 8 {
            guard digits > 0 else { return nil }
            magnitude = Int64(ByteWords.decimal(word << (64 - 8 * UInt64(digits))))
        } else {
            (magnitude, digits) = (0, 0)
            while digits <= 18 {
                let digit = p.load(fromByteOffset: digits, as: UInt8.self) &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                magnitude = magnitude &* 10 &+ Int64(digit)
                digits += 1
            }
            guard digits <= 18 else { return nil }
        }
        p += digits
        return negative ? -magnitude : magnitude
    }
}
