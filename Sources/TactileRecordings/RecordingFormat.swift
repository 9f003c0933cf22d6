/// The formats a recording can be in, told apart by content, not by file name: by the lines of
/// the first chunk `LineReader` read (the whole of nearly every recording), in one pass over
/// their bytes.
enum RecordingFormat {
    case evemu
    case libinputRecord
    case quotedLibinputRecord
    case evtest
    case hidRecorder

    /// Also refuses what is no recording at all: binary data (`FILE:LINE:` of the first NUL
    /// byte, or of the first non-ASCII byte of text that is not UTF-8), a file of nothing but
    /// blank lines, text in no known format.
    init(detectingIn lines: LineReader) throws(RecordingError) {
        var bytes = lines.bufferedBytes
        if !lines.reachedEndOfFile, let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n")) {
            // Only whole lines: a chunk may end inside a line, or a UTF-8 sequence.
            bytes = UnsafeRawBufferPointer(rebasing: bytes[..<lastNewline])
        }
        let nul = bytes.firstIndex(of: 0)
        if let offset = nul ?? (String(validating: bytes, as: UTF8.self) == nil ? bytes.firstIndex(where: { $0 >= 0x80 }) : nil) {
            let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw RecordingError(file: lines.file, line: line, message: "binary data, not a text recording")
        }
        var evidence = Evidence()
        var firstText = 0
        var number = 0
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            if line.last == UInt8(ascii: "\r") { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
            number += 1
            if firstText == 0 && !line.allSatisfy(Self.isWhitespace) { firstText = number }
            evidence.note(line)
            start = end + 1
        }
        guard firstText > 0 else {
            throw RecordingError(file: lines.file, message: "empty file: expected an evemu, libinput record or evtest recording")
        }
        if evidence.hidReports && evidence.evemuEvents && !evidence.evemuBitmasks {
            self = .hidRecorder
        } else if evidence.libinputRecord {
            self = .libinputRecord
        } else if evidence.evemu {
            self = .evemu
        } else if evidence.evtest {
            self = .evtest
        } else if evidence.quotedLibinputRecord {
            self = .quotedLibinputRecord
        } else {
            throw RecordingError(file: lines.file, line: firstText,
                                 message: "unrecognised format: expected an evemu recording (N:/B:/A:/E: lines), "
                                     + "libinput record YAML or evtest output")
        }
    }

    /// ASCII whitespace: a line of nothing else is blank.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0d).contains(byte)
    }

    /// What the lines hold.
    private struct Evidence {
        var hidReports = false, evemuEvents = false, evemuBitmasks = false
        var libinputRecord = false, evemu = false, evtest = false, quotedLibinputRecord = false

        mutating func note(_ bytes: UnsafeRawBufferPointer) {
            func starts(_ prefix: StaticString) -> Bool {
                prefix.withUTF8Buffer { bytes.starts(with: $0) }
            }
            guard let first = bytes.first else { return }
            switch first {
            case UInt8(ascii: "E"):
                evemuEvents = evemuEvents || starts("E: ")
                evemu = evemu || starts("E:")
                evtest = evtest || starts("Event: time ")
            case UInt8(ascii: "R"): hidReports = hidReports || starts("R: ")
            case UInt8(ascii: "B"):
                evemuBitmasks = evemuBitmasks || starts("B: ")
                evemu = evemu || starts("B:")
            case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "A"):
                evemu = evemu || bytes.dropFirst().first == UInt8(ascii: ":")
                evtest = evtest || starts("Input device name:")
            case UInt8(ascii: "#"):
                libinputRecord = libinputRecord || bytes.elementsEqual("# libinput record".utf8)
                evemu = evemu || starts("# EVEMU")
            case UInt8(ascii: "v"): libinputRecord = libinputRecord || starts("version:")
            case UInt8(ascii: "d"): libinputRecord = libinputRecord || starts("devices:")
            case UInt8(ascii: ">"):
                quotedLibinputRecord = quotedLibinputRecord || starts("> version:") || starts("> # libinput record")
            default: return
            }
        }
    }
}
