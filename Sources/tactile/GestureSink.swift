import TactileCore
import TactileProtocol
import TactileDaemon
import TactileInput

/// Where the daemon's gesture events go: each becomes a record (its device, its declared
/// gesture's name, the modifiers held), its JSON line is encoded once, and both go to every
/// `GestureOutput` — the stream (the socket's clients, or stdout), Touchégg's D-Bus clients,
/// the bindings — in the order they were added.
final class GestureSink {
    /// What the sink keeps of a device: one lookup per event finds it all.
    /// A class, so that looking one up per event hands over a reference, not a copy of its
    /// encoder and surface with a retain for each of their references.
    final class Device {
        let id: Int
        let encoder: JSONLinesEncoder
        /// Its size and kind, for Touchégg's percentages; renewed when a reload changes its size.
        var surface: ToucheggSurface

        init(id: Int, encoder: JSONLinesEncoder, surface: ToucheggSurface) {
            self.id = id
            self.encoder = encoder
            self.surface = surface
        }
    }

    /// A few devices at most, so a search of an array: hashing the id for a dictionary cost ~150
    /// instructions an event.
    private var devices: [Device] = []
    private let outputs: [any GestureOutput]
    /// Live input only: the seat's keyboards, whose modifiers a gesture's lines carry from its
    /// first event on (never in a replay, whose lines must not depend on this machine's keys).
    var keyboards: KeyboardModifiers?
    private var gestureModifiers = GestureModifiers()
    /// The lines of the events delivered since the last `flush`, written out together: one
    /// `write` per wake-up of the loop, not per line (a pinch's frame makes two). Its storage
    /// is kept, so encoding allocates nothing once it has grown.
    private var pending: [UInt8] = []

    init(outputs: [any GestureOutput]) {
        self.outputs = outputs
        pending.reserveCapacity(4096)
    }

    func addDevice(_ id: Int, name: String, surface: ToucheggSurface) {
        removeDevice(id)
        devices.append(Device(id: id, encoder: JSONLinesEncoder(deviceName: name, surface: SurfaceKind(direct: surface.device == .touchscreen)),
                              surface: surface))
    }

    /// A reload gave the device another size.
    func updateSurface(_ id: Int, _ surface: ToucheggSurface) {
        device(id)?.surface = surface
    }

    /// The devices whose gestures are delivered now.
    var deviceCount: Int { devices.count }

    func removeDevice(_ id: Int) {
        devices.removeAll { $0.id == id }
    }

    private func device(_ id: Int) -> Device? { devices.first { $0.id == id } }

    /// The declared gestures' names by label (`GestureEvent.label` − 1), renewed on reload.
    var gestureNames: [String] = []

    /// An event of Tactile's own recognizers.
    func deliver(_ event: GestureEvent, from id: Int) {
        guard let device = device(id) else { return }
        let label = Int(event.label) - 1
        let name = gestureNames.indices.contains(label) ? gestureNames[label] : nil
        deliver(GestureRecord(event, device: device.encoder.deviceName, surface: device.encoder.surface, name: name),
                to: device)
    }

    /// A gesture libinput recognised on a touchpad.
    func deliver(_ gesture: PassThroughGesture, from id: Int) {
        guard let device = device(id) else { return }
        deliver(GestureRecord(gesture, device: device.encoder.deviceName), to: device)
    }

    private func deliver(_ record: GestureRecord, to device: Device) {
        var record = record
        if let keyboards { record.modifiers = gestureModifiers.modifiers(of: record, read: keyboards.held) }
        device.encoder.encode(record, into: &pending)
        for output in outputs {
            // The line is out before what it may make happen: a key pressed, a key a gesture
            // held released at its end, a command started.
            if output.actsOnRecords { flush() }
            output.deliver(record, from: device)
        }
    }

    /// Writes the lines delivered since the last call to every output. The event loop calls it
    /// before it waits, and the daemon once more on its way out.
    func flush() {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        for output in outputs { output.write(pending[...]) }
    }

    /// The daemon stops: every output finishes, in order (the stream's clients get their last
    /// lines before commands are waited for).
    func finish(terminated: Bool) {
        flush()
        for output in outputs { output.finish(terminated: terminated) }
    }
}
