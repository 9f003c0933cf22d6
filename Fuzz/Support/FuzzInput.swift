/// The fuzzer's bytes, read front to back as the values a target needs.
///
/// Reading past the end yields zeros, so every byte string decodes to some input and a
/// mutation anywhere changes only what that byte decodes to: libFuzzer explores the meaning of
/// the input, not the framing.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isExhausted: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }


    mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    mutating func int16() -> Int16 { Int16(bitPattern: uint16()) }


    /// One of `choices`, chosen by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
}
