/// Reading ASCII fields eight (or four) bytes at a time, as one integer, instead of a test and
/// a branch per byte. A word holds the bytes in memory order: the first byte is its lowest.
///
/// The tests keep every byte's arithmetic inside the byte: each is first given its high bit
/// (`| 0x80`) and then has less than 0x80 taken from it, so no borrow reaches its neighbour and
/// every byte's answer is its own.
enum ByteWords {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset`, which must all be readable.
    @inline(__always)
    static func load(_ p: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The four bytes at `offset`, which must all be readable.
    @inline(__always)
    static func load32(_ p: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The high bit of every byte of `word` that is not an ASCII digit; 0 when all are digits.
    @inline(__always)
    static func nonDigits(_ word: UInt64) -> UInt64 {
        let lifted = word | highBits
        let atLeastZero = (lifted &- 0x3030_3030_3030_3030) & highBits
        let belowColon = ~(lifted &- 0x3a3a_3a3a_3a3a_3a3a) & highBits
        return ~(atLeastZero & belowColon & ~word) & highBits
    }

    /// The number written by the ASCII digits of `word`, the first digit in its lowest byte;
    /// zero bytes before the first digit count as leading zeros. Pairs of digits, then pairs of
    /// pairs, then the two halves are joined by three multiplications (Lemire's method, from
    /// "Faster integer parsing", 2018).
    @inline(__always)
    static func decimal(_ word: UInt64) -> UInt64 {
        var value = word & 0x0f0f_0f0f_0f0f_0f0f
        value = (value &* (10 << 8 + 1)) >> 8
        value = ((value & 0x00ff_00ff_00ff_00ff) &* (100 << 16 + 1)) >> 16
        return ((value & 0x0000_ffff_0000_ffff) &* (10_000 << 32 + 1)) >> 32
    }

    /// The number written by exactly four hexadecimal digits (either case), or nil.
    @inline(__always)
    static func hex4(_ word: UInt32) -> UInt16? {
        let high: UInt32 = 0x8080_8080
        let lifted = word | high
        let digits = (lifted &- 0x3030_3030) & ~(lifted &- 0x3a3a_3a3a)
        let lowered = lifted | 0x2020_2020
        let letters = (lowered &- 0x6161_6161) & ~(lowered &- 0x6767_6767)
        guard (digits | letters) & ~word & high == high else { return nil }
        // A digit's value is its low four bits; a letter's (0x41…, 0x61…) is those plus 9.
        let nibbles = (word & 0x0f0f_0f0f) &+ ((word >> 6) & 0x0101_0101) &* 9
        let pairs = ((nibbles & 0x000f_000f) << 4) | ((nibbles >> 8) & 0x000f_000f)
        return UInt16(truncatingIfNeeded: (pairs & 0xff) << 8 | (pairs >> 16) & 0xff)
    }
}
