import TactileConfiguration
import TactileProtocol
import TactileSystem

/// The one uinput device key and button bindings type through, "Tactile virtual keyboard". It
/// declares exactly the keys and buttons the bindings use (and, with buttons, what makes it a
/// mouse) — a device that could send any key looks like a full keyboard to every compositor and
/// could type anything — so it is made anew when a reload changes them.
public final class VirtualKeyboard {
    public static let deviceName = "Tactile virtual keyboard"
    private var device: UinputDevice?
    private var state = PressedKeys()
    private let log: (String) -> Void

    /// - Parameter log: where a failed write to the device is reported.
    public init(log: @escaping (String) -> Void) { self.log = log }

    /// Makes the device `bindings` need: none when they use no keys; the one there is when it
    /// declares the same keys (keys held stay down until their gestures end — a daemon's reload
    /// cancels them at once); else a new one, every key of the old released first. When the new
    /// one cannot be made, the old one stays and the error says why.
    public func prepare(for bindings: [Binding]) throws(UinputError) {
        var keys = Set(bindings.flatMap(\.action.keys))
        // udev's input_id calls a device a mouse only if it has REL_X, REL_Y and BTN_LEFT
        // (systemd, udev-builtin-input_id.c, test_pointers); one that is neither a mouse nor has
        // a KEY_* code gets no ID_INPUT_* tag and libinput ignores it. So a device with buttons
        // also declares BTN_LEFT and the axes, which are never sent.
        let usesButtons = keys.contains { PointerButton(code: $0) != nil }
        if usesButtons { keys.insert(PointerButton.left.code) }
        let codes = keys.sorted().map(\.rawValue)
        guard codes != device?.keys else { return }
        guard !codes.isEmpty else {
            close()
            return
        }
        let replacement = try UinputDevice(name: Self.deviceName, keys: codes,
                                           relativeAxes: usesButtons ? UinputDevice.pointerAxes : [])
        close()
        device = replacement
    }

    /// Types `action` for the gesture event `record`: presses and releases, each transition
    /// followed by a `SYN_REPORT`, in one write.
    public func perform(_ action: BindingAction, for record: GestureRecord) {
        switch action {
        case .command: assertionFailure("commands are the CommandRunner's")
        case .keyChord(let keys): send(state.chord(keys))
        case .keyDown(let keys): send(state.hold(keys, for: PressedKeys.Holder(record)))
        case .keyUp(let keys): send(state.release(keys, heldBy: PressedKeys.Holder(record)))
        case .button(let button): send(state.chord([button.code]))
        case .buttonDown(let button): send(state.hold([button.code], for: PressedKeys.Holder(record)))
        case .buttonUp(let button): send(state.release([button.code], heldBy: PressedKeys.Holder(record)))
        }
    }

    /// After an event's bindings ran: when its gesture ended or was cancelled, the keys it holds go up.
    public func settle(after record: GestureRecord) {
        guard record.phase == .ended || record.phase == .cancelled else { return }
        send(state.releaseAll(heldBy: PressedKeys.Holder(record)))
    }

    /// Every key still down goes up.
    public func releaseAll() { send(state.releaseAll()) }

    /// Releases every key and removes the device: at exit.
    public func close() {
        releaseAll()
        device?.destroy()
        device = nil
    }

    private func send(_ transitions: [PressedKeys.Transition]) {
        guard !transitions.isEmpty, let device else { return }
        var events: [UinputDevice.Event] = []
        for transition in transitions {
            events.append(.key(transition.key.rawValue, pressed: transition.isPressed))
            events.append(.report)
        }
        do {
            try device.send(events)
        } catch {
            log("\(Self.deviceName): cannot send \(transitions.map { "\($0.key) \($0.isPressed ? "down" : "up")" }): \(error)")
        }
    }
}
