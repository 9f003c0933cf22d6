/// A message of the i3 IPC protocol, which sway speaks too: the magic `i3-ipc`, the payload's
/// length and its type, both 32-bit in native byte order, then the payload (JSON in replies and
/// events). sway-ipc(7) "MESSAGE AND REPLY FORMAT" (swaywm/sway `sway/sway-ipc.7.scd`); the
/// type numbers are `include/ipc.h`'s `enum ipc_command_type`; events have the high bit set.
public struct I3IPCMessage: Equatable, Sendable {
    public var type: UInt32
    public var payload: [UInt8]

    public static let magic = Array("i3-ipc".utf8)
    public static let headerSize = magic.count + 8
    /// Larger payloads are refused rather than buffered: a tree of thousands of windows is a
    /// few megabytes.
    public static let maximumPayload = 64 << 20

    /// `IPC_SUBSCRIBE`
    public static let subscribe: UInt32 = 2
    /// `IPC_GET_TREE`
    public static let getTree: UInt32 = 4
    /// `IPC_EVENT_WINDOW`: `(1 << 31) | 3`
    public static let windowEvent: UInt32 = 0x8000_0003

    public init(type: UInt32, payload: [UInt8]) {
        self.type = type
        self.payload = payload
    }

    public init(type: UInt32, _ payload: String) { self.init(type: type, payload: Array(payload.utf8)) }

    /// The message as it goes on the wire.
    public var bytes: [UInt8] {
        var bytes = Self.magic
        withUnsafeBytes(of: UInt32(payload.count)) { bytes += $0 }
        withUnsafeBytes(of: type) { bytes += $0 }
        return bytes + payload
    }

    /// Takes one whole message off the front of `buffer`; nil while it is incomplete. Throws
    /// when the bytes cannot be a message: after that nothing in the stream can be trusted.
    public static func take(from buffer: inout [UInt8]) throws(FocusError) -> I3IPCMessage? {
        guard buffer.count >= headerSize else {
            // A header still arriving: what is there of the magic string must be right.
            let known = min(buffer.count, magic.count)
            guard buffer.prefix(known).elementsEqual(magic.prefix(known)) else { throw FocusError("not an i3-ipc message") }
            return nil
        }
        guard buffer.starts(with: magic) else { throw FocusError("not an i3-ipc message (wrong magic string)") }
        func word(at offset: Int) -> UInt32 {
            var value: UInt32 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: buffer[offset..<offset + 4]) }
            return value
        }
        let length = Int(word(at: magic.count))
        guard length <= maximumPayload else { throw FocusError("an i3-ipc message of \(length) bytes") }
        guard buffer.count >= headerSize + length else { return nil }
        let message = I3IPCMessage(type: word(at: magic.count + 4),
                                   payload: Array(buffer[headerSize..<headerSize + length]))
        buffer.removeFirst(headerSize + length)
        return message
    }
}
