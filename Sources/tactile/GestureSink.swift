import TactileCore
import TactileSystem
import TactileProtocol
import TactileConfiguration
import TactileDaemon
import TactileInput

/// Where the daemon's gesture events go: JSON Lines to the socket's clients (or to stdout when
/// there is no socket), Touchégg's signals to its D-Bus clients, and to the bound commands and
/// keys when it runs bindings itself.
final class GestureSink {
    /// What the sink keeps of a device: one lookup per event finds both.
    /// A class, so that looking one up per event hands over a reference, not a copy of its
    /// encoder and surface with a retain for each of their references.
    private final class Device {
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
    private let server: SocketServer?
    /// `--touchegg`: the records, translated, to Touchégg's clients.
    var touchegg: ToucheggServer?
    private var translator = ToucheggTranslator()
    private var dispatcher: BindingDispatcher?
    /// `--explain` with `--bindings`: says on stderr why each event fired its bindings or not.
    var bindingExplainer: BindingExplainer?
    /// Live input only: the seat's keyboards, whose modifiers a gesture's lines carry from its
    /// first event on (never in a replay, whose lines must not depend on this machine's keys).
    var keyboards: KeyboardModifiers?
    private var gestureModifiers = GestureModifiers()
    let runner: CommandRunner
    let keyboard = VirtualKeyboard(log: { Log.warning($0) })
    /// The lines of the events delivered since the last `flush`, written out together: one
    /// `write` per wake-up of the loop, not per line (a pinch's frame makes two). With bindings,
    /// each line is written before its bindings act. Its storage
    /// is kept, so encoding allocates nothing once it has grown.
    private var pending: [UInt8] = []
    /// Called after a bound command started, so its timeout can be watched.
    var onCommandStarted: () -> Void = {}
    /// Why writing to stdout failed (its reader went away: EPIPE; a full disk: ENOSPC). The
    /// daemon then stops and exits with an error: lines are never lost silently.
    private(set) var outputFailure: Errno?
    var onOutputFailed: () -> Void = {}

    /// Throws when the bindings type keys and /dev/uinput cannot be opened.
    init(server: SocketServer?, bindings: [Binding]?) throws(UinputError) {
        self.server = server
        dispatcher = bindings.map(BindingDispatcher.init)
        runner = CommandRunner(log: { Log.warning($0) })
        pending.reserveCapacity(4096)
        if let bindings { try keyboard.prepare(for: bindings) }
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

    /// New bindings after a reload (ignored when the daemon does not run bindings); when their
    /// keys need a new virtual keyboard that cannot be made, the old bindings stay.
    func replaceBindings(_ bindings: [Binding]) throws(UinputError) {
        guard dispatcher != nil else { return }
        try keyboard.prepare(for: bindings)
        dispatcher = BindingDispatcher(bindings: bindings)
    }

    /// The declared gestures' names by label (`GestureEvent.label` − 1), renewed on reload.
    var gestureNames: [String] = []

    /// An event of Tactile's own recognizers.
    func deliver(_ event: GestureEvent, from id: Int) {
        guard let device = device(id) else { return }
        let label = Int(event.label) - 1
        let name = gestureNames.indices.contains(label) ? gestureNames[label] : nil
        deliver(GestureRecord(event, device: device.encoder.deviceName, surface: device.encoder.surface, name: name),
                to: device, from: id)
    }

    /// A gesture libinput recognised on a touchpad.
    func deliver(_ gesture: PassThroughGesture, from id: Int) {
        guard let device = device(id) else { return }
        deliver(GestureRecord(gesture, device: device.encoder.deviceName), to: device, from: id)
    }

    private func deliver(_ record: GestureRecord, to device: Device, from id: Int) {
        var record = record
        if let keyboards { record.modifiers = gestureModifiers.modifiers(of: record, read: keyboards.held) }
        device.encoder.encode(record, into: &pending)
        if let touchegg {
            translator.translate(record, on: device.surface, device: id) { touchegg.send($0) }
        }
        guard dispatcher != nil else { return }
        // The line is out before what it may make happen: a key pressed, a key a gesture held
        // released at its end, a command started.
        flush()
        // Mutated in place: a copy taken out and written back made every write copy its state.
        let triggered: [Binding]
        if bindingExplainer != nil {
            let explanation: String?
            (triggered, explanation) = bindingExplainer!.bindingsTriggered(by: record, through: &dispatcher!)
            if let explanation { StandardError.write(explanation) }
        } else {
            triggered = dispatcher!.bindingsTriggered(by: record)
        }
        if BindingActions(runner: runner, keyboard: keyboard).perform(triggered, for: record) { onCommandStarted() }
    }

    /// Writes the lines delivered since the last call, to the socket's clients or to stdout.
    /// The event loop calls it before it waits, and the daemon once more on its way out.
    func flush() {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        if let server {
            server.broadcast(pending[...])
        } else if outputFailure == nil {
            do {
                try FileDescriptor.standardOutput.writeAll(pending[...])
            } catch {
                outputFailure = error
                onOutputFailed()
            }
        }
    }
}
