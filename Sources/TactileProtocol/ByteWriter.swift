/// Writes bytes through a pointer into an array's spare capacity (`[UInt8].append(upTo:_:)`),
/// so a line of twenty fields costs one capacity check, not one per byte or field as
/// `Array.append` makes. Each write still checks that it stays inside the room.
public struct ByteWriter {
    private var next: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    fileprivate init(_ room: UnsafeMutableBufferPointer<UInt8>) {
        next = room.baseAddress!
        end = next + room.count
    }

    /// How far it has written from `start`.
    fileprivate func count(from start: UnsafeMutablePointer<UInt8>) -> Int { next - start }

    @inline(__always) public mutating func write(_ byte: UInt8) {
        precondition(next < end, "ByteWriter: more bytes than the room made for them")
        next.pointee = byte
        next += 1
    }

    @inline(__always) public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= end - next, "ByteWriter: more bytes than the room made for them")
        guard let source = bytes.baseAddress else { return }
        next.update(from: source, count: bytes.count)
        next += bytes.count
    }

    /// Writes `count` (≤ 16) bytes from `source` as two 8-byte words, where a call to memcpy
    /// cost more than the copy: `source` must have 16 bytes readable, and the room 16 bytes free.
    @inline(__always) mutating func writeShort(_ source: UnsafeRawPointer, count: Int) {
        write(count, bytesFrom: source, movingWords: 2)
    }

    /// Writes the first `count` bytes of `words` 8-byte words read from `source`: the words are
    /// moved whole, and what lies beyond `count` is left for the next write to overwrite.
    @inline(__always)
    private mutating func write(_ count: Int, bytesFrom source: UnsafeRawPointer, movingWords words: Int) {
        precondition(count <= words * 8 && end - next >= words * 8, "ByteWriter: more bytes than the room made for them")
        let destination = UnsafeMutableRawPointer(next)
        for word in 0..<words {
            destination.storeBytes(of: source.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self),
                                   toByteOffset: word * 8, as: UInt64.self)
        }
        next += count
    }

    @inline(__always) public mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    @inline(__always) public mutating func write(ascii text: StaticString) {
        text.withUTF8Buffer { write($0) }
    }

    /// The most bytes `writeDigits` writes: twenty digits and a point.
    public static let maximumDigitsLength = 24

    /// Writes `value` in decimal with a point `fractionDigits` (≤ 9) digits from its right, and
    /// at least one digit before the point: 12345 with 2 gives "123.45", 5 with 2 gives "0.05".
    ///
    /// The digits are made backwards in a register-sized scratch, two at a time from a table
    /// (dividing by the constant 100, which compiles to a multiplication), and moved as three
    /// 8-byte words whatever their count: a call to memcpy per number, and a division per digit
    /// by a varying power of ten before that, were most of what a line cost. It needs
    /// `maximumDigitsLength` bytes of room, and leaves what lies beyond the digits for the next
    /// write to overwrite.
    @inline(__always) public mutating func writeDigits(_ value: UInt64, fractionDigits: Int) {
        // Digits end at byte 24 of 48, so the 24 bytes moved from wherever they start are inside.
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { bytes in
            let pairs = UnsafeRawPointer(ByteWriter.digitPairs.utf8Start)
            var start = ByteWriter.maximumDigitsLength
            var rest = value
            /// Writes the last two digits of `rest` before `start`.
            func writePair() {
                let pair = Int(truncatingIfNeeded: rest % 100)
                rest /= 100
                start -= 2
                bytes.storeBytes(of: pairs.loadUnaligned(fromByteOffset: 2 * pair, as: UInt16.self),
                                 toByteOffset: start, as: UInt16.self)
            }
            /// Writes the last digit of `rest` before `start`.
            func writeDigit() {
                start -= 1
                bytes[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            if fractionDigits > 0 {
                for _ in 0..<fractionDigits / 2 { writePair() }
                if fractionDigits % 2 == 1 { writeDigit() }
                start -= 1
                bytes[start] = UInt8(ascii: ".")
            }
            let integerEnd = start
            while rest >= 10 { writePair() }
            // The last digit, or the 0 of a number below 1.
            if rest > 0 || start == integerEnd { writeDigit() }
            write(ByteWriter.maximumDigitsLength - start, bytesFrom: UnsafeRawPointer(bytes.baseAddress! + start),
                  movingWords: ByteWriter.maximumDigitsLength / 8)
        }
    }

    /// "00", "01", … "99": the digits of every number below 100, two bytes each.
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}

extension Array where Element == UInt8 {
    /// Appends what `body` writes, at most `maximum` bytes, straight into the array's spare
    /// capacity: nothing is zero-filled first and nothing is removed after.
    @inline(__always) public mutating func append(upTo maximum: Int, _ body: (inout ByteWriter) -> Void) {
        append(addingCapacity: maximum) { span in
            span.withUnsafeMutableBufferPointer { room, initialized in
                var writer = ByteWriter(room)
                body(&writer)
                initialized = writer.count(from: room.baseAddress!)
            }
        }
    }
}
