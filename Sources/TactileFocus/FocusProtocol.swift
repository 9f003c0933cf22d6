/// What a compositor's focus protocol says after the connection is set up: the focus changed
/// (nil: no window has it, e.g. an empty workspace), a message could not be understood and
/// was skipped, or something about the connection the log should say.
public enum FocusUpdate: Equatable, Sendable {
    case focused(String?)
    case ignored(String)
    case notice(String)
}

/// One compositor's way of telling the focused application, from its IPC documentation.
///
/// `connect()` learns the focus at that moment (so it is known before the first gesture is
/// judged) and subscribes to its changes; the returned stream then turns what the compositor
/// sends (bytes on its socket, or messages on the session bus) into updates.
public protocol FocusProtocol: Sendable {
    /// The compositor, for messages: sway, i3, Hyprland, niri, KWin, GNOME Shell.
    var name: String { get }
    /// Where it listens, for messages.
    var address: String { get }
    func connect() throws(FocusError) -> FocusStream
}

/// A connection that carries focus changes, after the protocol's handshake.
public protocol FocusStream: AnyObject {
    /// The focus when the connection was set up.
    var initialFocus: String? { get }
    /// The descriptor to wait on for more.
    var descriptor: Int32 { get }
    /// Reads what arrived and returns what it means; throws when the connection is lost or
    /// can no longer be followed (a frame that breaks the framing).
    func readUpdates() throws(FocusError) -> [FocusUpdate]
}

/// Turns what a compositor sends after the handshake into focus updates: pure, so it is
/// tested and fuzzed without a socket.
public protocol FocusEventDecoder {
    /// Takes every whole message off the front of `buffer` (leaving a partial one) and returns
    /// what they mean; throws when the stream can no longer be followed.
    mutating func updates(from buffer: inout [UInt8]) throws(FocusError) -> [FocusUpdate]
}

/// A compositor connection after its handshake, decoding what arrives with `Decoder`.
final class CompositorStream<Decoder: FocusEventDecoder>: FocusStream {
    let socket: CompositorSocket
    let initialFocus: String?
    var decoder: Decoder

    init(socket: CompositorSocket, initialFocus: String?, decoder: Decoder) {
        self.socket = socket
        self.initialFocus = initialFocus
        self.decoder = decoder
    }

    var descriptor: Int32 { socket.descriptor.rawValue }

    func readUpdates() throws(FocusError) -> [FocusUpdate] {
        guard try socket.fill() else { throw FocusError("\(socket.path): the compositor closed the connection") }
        return try decoder.updates(from: &socket.buffer)
    }
}
