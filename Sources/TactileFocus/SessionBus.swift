import CSystemdBus
import Glibc
import TactileCore
import TactileSystem

/// A connection of `listen`'s own to the session's D-Bus (sd-bus, loaded on first use), for the
/// desktops that tell the focus over it: KWin through the script `listen` loads into it, GNOME
/// Shell through Tactile's extension. Every call waits for its reply `replyTimeout` at most, so a
/// desktop that never answers costs a handshake its deadline, as a compositor's socket does.
/// What arrives unasked (KWin's script calling in, the extension's signals, the bus saying a
/// name's owner changed) is kept by a filter, in order, until `takeArrivals()`.
final class SessionBus {
    /// A message the desktop sent unasked: a method call to `listen` or a signal.
    struct Arrival: Equatable {
        var sender: String
        var path: String
        var interface: String
        var member: String
        /// Its string arguments, in order, up to the first that is not a string.
        var strings: [String]
    }

    static let replyTimeout = Interval.seconds(2)

    private let bus: OpaquePointer
    /// The name the bus gave this connection, which KWin's script calls.
    let uniqueName: String
    private var arrivals: [Arrival] = []
    /// The most `process()` reads in one pass. Any program of the user's can call this
    /// connection's name as often as it likes; what is beyond stays unread on the socket (sd-bus
    /// reads one message at a time) until the loop, which sees it still readable, comes back. A
    /// desktop sends one message per focus change.
    static let arrivalsPerPass = 64
    /// Whether a pass has stopped at `arrivalsPerPass`, not yet said (`takeCutNotice()`).
    private var cutNoticePending = false
    /// Whether a pass has ever stopped at `arrivalsPerPass`, so it is said once.
    private var passWasCut = false

    var descriptor: Int32 { sd_bus_get_fd(bus) }

    /// Connects to the user's session bus.
    convenience init() throws(FocusError) {
        var opened: OpaquePointer?
        let result = sd_bus_open_user(&opened)
        guard result >= 0, let bus = opened else {
            throw FocusError("cannot connect to the session bus: \(Errno(rawValue: -result))")
        }
        try self.init(opened: bus)
    }

    /// Connects to the bus at `address` (a D-Bus address, as `DBUS_SESSION_BUS_ADDRESS` holds):
    /// a private bus, without changing the process's environment.
    convenience init(address: String) throws(FocusError) {
        var made: OpaquePointer?
        guard sd_bus_new(&made) >= 0, let bus = made else { throw FocusError("cannot make a bus connection") }
        var result = address.withCString { sd_bus_set_address(bus, $0) }
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        guard result >= 0 else {
            sd_bus_flush_close_unref(bus)
            throw FocusError("cannot connect to the bus at \(address): \(Errno(rawValue: -result))")
        }
        try self.init(opened: bus)
    }

    private init(opened bus: OpaquePointer) throws(FocusError) {
        self.bus = bus
        var name: UnsafePointer<CChar>?
        // sd_bus_open_user returns before the bus said hello; the unique name waits for it.
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else {
            sd_bus_flush_close_unref(bus)
            throw FocusError("the session bus gave no name to this connection")
        }
        uniqueName = String(cString: name)
        let filter: sd_bus_message_handler_t = { message, context, _ in
            guard let message, let context else { return 0 }
            let connection = Unmanaged<SessionBus>.fromOpaque(context).takeUnretainedValue()
            return connection.take(message)
        }
        // Every stored property is set by now, so a throw runs `deinit`, which closes the bus.
        guard sd_bus_add_filter(bus, nil, filter, Unmanaged.passUnretained(self).toOpaque()) >= 0 else {
            throw FocusError("cannot watch the session bus's messages")
        }
    }

    deinit { sd_bus_flush_close_unref(bus) }

    /// Keeps a method call addressed to this connection or a signal, answering a call with an
    /// empty reply; leaves everything else (replies, the bus's own messages) to sd-bus.
    private func take(_ message: OpaquePointer) -> Int32 {
        var type: UInt8 = 0
        guard sd_bus_message_get_type(message, &type) >= 0,
              type == UInt8(SD_BUS_MESSAGE_METHOD_CALL) || type == UInt8(SD_BUS_MESSAGE_SIGNAL) else { return 0 }
        func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        var arrival = Arrival(sender: text(sd_bus_message_get_sender(message)), path: text(sd_bus_message_get_path(message)),
                              interface: text(sd_bus_message_get_interface(message)),
                              member: text(sd_bus_message_get_member(message)), strings: [])
        arrival.strings = Self.strings(of: message)
        arrivals.append(arrival)
        // A signal also goes on to sd-bus, which has nothing else to do with it.
        guard type == UInt8(SD_BUS_MESSAGE_METHOD_CALL) else { return 0 }
        var reply: OpaquePointer?
        if sd_bus_message_new_method_return(message, &reply) >= 0, let reply {
            _ = sd_bus_send(bus, reply, nil)
            sd_bus_message_unref(reply)
        }
        return 1
    }

    /// The string arguments at the front of `message`.
    private static func strings(of message: OpaquePointer) -> [String] {
        var strings: [String] = []
        var type: CChar = 0
        while sd_bus_message_peek_type(message, &type, nil) > 0, type == CChar(UInt8(ascii: "s")) {
            var value: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, type, &value) >= 0, let value else { break }
            strings.append(String(cString: value))
        }
        return strings
    }

    /// What a call's reply carries, read in order.
    final class Reply {
        private let message: OpaquePointer
        private let what: String

        fileprivate init(message: OpaquePointer, what: String) {
            self.message = message
            self.what = what
        }

        deinit { sd_bus_message_unref(message) }

        func string() throws(FocusError) -> String {
            var value: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &value) >= 0, let value else {
                throw FocusError("\(what) replied without the expected string")
            }
            return String(cString: value)
        }

        func int32() throws(FocusError) -> Int32 {
            var value: Int32 = 0
            guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "i")), &value) >= 0 else {
                throw FocusError("\(what) replied without the expected integer")
            }
            return value
        }
    }

    /// Calls `member` and waits for its reply, `replyTimeout` at most.
    func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
              _ arguments: [String] = []) throws(FocusError) -> Reply {
        let what = "\(destination) \(path) \(interface).\(member)"
        var made: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &made, destination, path, interface, member) >= 0, let message = made else {
            throw FocusError("\(what): cannot make the call")
        }
        defer { sd_bus_message_unref(message) }
        for argument in arguments {
            // Strings only: every call listen makes takes strings.
            guard argument.withCString({ sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }) >= 0 else {
                throw FocusError("\(what): cannot add an argument")
            }
        }
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let result = sd_bus_call(bus, message, UInt64(Self.replyTimeout.microseconds), &error, &reply)
        guard result >= 0, let reply else {
            throw FocusError("\(what): \(error.message.map { String(cString: $0) } ?? "\(Errno(rawValue: -result))")")
        }
        return Reply(message: reply, what: what)
    }

    /// Asks the bus to route the signals `rule` matches to this connection.
    func addMatch(_ rule: String) throws(FocusError) {
        _ = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", [rule])
    }

    /// The unique name that owns `name`; throws when no one does.
    func owner(of name: String) throws(FocusError) -> String {
        do throws(FocusError) {
            return try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                            [name]).string()
        } catch {
            throw FocusError("\(name) is not on the session bus")
        }
    }

    /// Handles what has arrived, without waiting; throws when the connection is lost.
    /// Stops after `arrivalsPerPass` arrivals, leaving the rest on the socket.
    func process() throws(FocusError) {
        while arrivals.count < Self.arrivalsPerPass {
            let result = sd_bus_process(bus, nil)
            guard result >= 0 else { throw FocusError("the session bus: \(Errno(rawValue: -result))") }
            if result == 0 { break }
        }
        if arrivals.count == Self.arrivalsPerPass, !passWasCut {
            passWasCut = true
            cutNoticePending = true
        }
        guard sd_bus_is_open(bus) > 0 else { throw FocusError("the session bus closed the connection") }
    }

    /// Processes until something has arrived since the last `takeArrivals()`; false when
    /// `deadline` passed first.
    func wait(until deadline: Instant) throws(FocusError) -> Bool {
        try process()
        while arrivals.isEmpty {
            let remaining = deadline - monotonicNow()
            guard remaining.microseconds > 0 else { return false }
            let result = sd_bus_wait(bus, UInt64(remaining.microseconds))
            guard result >= 0 || result == -EINTR else { throw FocusError("the session bus: \(Errno(rawValue: -result))") }
            try process()
        }
        return true
    }

    /// True once: after the first pass that stopped at `arrivalsPerPass`, for a line in the log.
    func takeCutNotice() -> Bool {
        defer { cutNoticePending = false }
        return cutNoticePending
    }

    /// What arrived since the last time, in order.
    func takeArrivals() -> [Arrival] {
        defer { arrivals.removeAll() }
        return arrivals
    }
}
