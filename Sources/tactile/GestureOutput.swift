import TactileProtocol

/// Somewhere the daemon's gestures go: the JSON Lines stream (the socket's clients, or stdout),
/// Touchégg's D-Bus clients, the bindings. `GestureSink` enriches each record once (its name, the
/// keyboard's modifiers), encodes its line once, and hands both to every output. A new output is
/// a type conforming to this protocol, made in `RunCommand` (ARCHITECTURE.md, "Adding an output").
protocol GestureOutput: AnyObject {
    /// Whether `deliver` makes things happen outside the daemon (keys typed, commands started):
    /// the lines delivered so far are then written first, so a line is out before its effects.
    var actsOnRecords: Bool { get }
    /// A gesture's record, from `device`, as it is recognized.
    func deliver(_ record: GestureRecord, from device: GestureSink.Device)
    /// The lines of the records delivered since the last call, all at once: one write per wake-up
    /// of the event loop, not one per line.
    func write(_ lines: ArraySlice<UInt8>)
    /// The daemon stops after its last line: what waits for clients goes out (for a few seconds
    /// at most), commands are waited for or, when `terminated`, stopped.
    func finish(terminated: Bool)
    /// Lets go of what the output holds: sockets, the virtual keyboard.
    func close()
}

extension GestureOutput {
    var actsOnRecords: Bool { false }
    func deliver(_ record: GestureRecord, from device: GestureSink.Device) {}
    func write(_ lines: ArraySlice<UInt8>) {}
    func finish(terminated: Bool) {}
    func close() {}
}
