/// What a D-Bus client sends, followed just far enough to bound it: the authentication's lines
/// up to `BEGIN`, then messages, each one's length read from its fixed header before a byte of
/// its body is passed on. sd-bus allocates a message's whole declared length as soon as it has
/// the header (up to 128 MiB), so a peer that declared 120 MiB and sent half of it made the
/// daemon hold 60 MB; here such a header is refused before sd-bus sees it. Everything accepted
/// is passed on unchanged: sd-bus still checks what the bytes say.
struct DBusInboundFraming {
    /// Where in the stream the next byte falls.
    enum State: Equatable {
        /// Authenticating: text lines, up to `BEGIN`.
        case authenticating
        /// Between messages, or `header.count` bytes into one's 16-byte fixed header.
        case header([UInt8])
        /// Inside a message whose header was accepted, `remaining` bytes of it still to come.
        case message(remaining: Int)
    }

    /// Why a client's bytes are refused.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The D-Bus fixed header: endianness, type, flags, version, body length, serial, and the
    /// length of the header fields array that follows it.
    static let fixedHeaderSize = 16

    /// The most a message may be, header and body: a Touchégg client calls nothing, and the
    /// calls any peer may make (Ping, Introspect) are a few hundred bytes.
    static let largestMessage = 64 * 1024
    /// The most the authentication's lines may be (sd-bus allows 64 KiB).
    static let longestAuthentication = 16 * 1024
    private(set) var state = State.authenticating
    /// Bytes taken so far while authenticating, and the last of them.
    private var authenticationBytes = 0
    private var previous: UInt8 = 0
    /// The current line's first bytes: enough to tell `BEGIN\r` from any other line.
    private var line: [UInt8] = []

    /// Follows `bytes`; throws at the first byte that makes the stream one not to pass on.
    mutating func take(_ bytes: ArraySlice<UInt8>) throws(Refusal) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch state {
            case .authenticating:
                try authenticate(bytes[index])
                index += 1
            case .header(var header):
                let taken = min(Self.fixedHeaderSize - header.count, bytes.endIndex - index)
                header += bytes[index..<(index + taken)]
                index += taken
                state = header.count < Self.fixedHeaderSize ? .header(header) : .message(remaining: try bodyLength(header))
            case .message(let remaining):
                let taken = min(remaining, bytes.endIndex - index)
                index += taken
                state = remaining - taken == 0 ? .header([]) : .message(remaining: remaining - taken)
            }
        }
    }

    /// One byte of the authentication: lines ending in `\r\n` (after a first NUL byte), the
    /// line `BEGIN` ending it.
    private mutating func authenticate(_ byte: UInt8) throws(Refusal) {
        authenticationBytes += 1
        guard authenticationBytes <= Self.longestAuthentication else {
            throw Refusal(description: "an authentication longer than \(Self.longestAuthentication) bytes")
        }
        defer { previous = byte }
        guard byte == UInt8(ascii: "\n"), previous == UInt8(ascii: "\r") else {
            // Only a line's first bytes can make `BEGIN`; the NUL before the first line is no part of one.
            if line.count < 8 && !(authenticationBytes == 1 && byte == 0) { line.append(byte) }
            return
        }
        if line == Array("BEGIN\r".utf8) { state = .header([]) }
        line = []
    }

    /// The bytes of the message after its fixed header, or a refusal of a message too long or
    /// no D-Bus message at all.
    private func bodyLength(_ header: [UInt8]) throws(Refusal) -> Int {
        let littleEndian: Bool
        switch header[0] {
        case UInt8(ascii: "l"): littleEndian = true
        case UInt8(ascii: "B"): littleEndian = false
        default: throw Refusal(description: "a message that is no D-Bus message (its first byte is \(header[0]))")
        }
        func word(at offset: Int) -> Int {
            let bytes = header[offset..<(offset + 4)].map(Int.init)
            return littleEndian ? bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24
                : bytes[3] | bytes[2] << 8 | bytes[1] << 16 | bytes[0] << 24
        }
        let fields = word(at: 12)
        // The header fields array starts right after the fixed header, and the body at the next multiple of 8.
        let headerEnd = (Self.fixedHeaderSize + fields + 7) / 8 * 8
        let total = headerEnd + word(at: 4)
        guard total <= Self.largestMessage else {
            throw Refusal(description: "a message of \(total) bytes, more than the \(Self.largestMessage) a client may send")
        }
        return total - Self.fixedHeaderSize
    }
}
