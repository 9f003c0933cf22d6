import TactileCore

/// What a binding does when it fires: run a command, or type through the virtual keyboard.
public enum BindingAction: Equatable, Sendable {
    /// Start this argv (`=> notify-send hello`).
    case command([String])
    /// Press these keys left to right, then release them right to left (`=> key super+Left`).
    case keyChord([KeyCode])
    /// Press these keys and keep them down until a `key-up` of the same gesture, or until that
    /// gesture ends or is cancelled (`=> key-down alt`).
    case keyDown([KeyCode])
    /// Release those of these keys the same gesture's `key-down` holds, right to left; keys it
    /// does not hold are left alone (`=> key-up alt`).
    case keyUp([KeyCode])
    /// Press and release a button of the virtual pointer (`=> button left`).
    case button(PointerButton)
    /// Press a button and hold it as `keyDown` holds keys, until a `buttonUp` of the same gesture
    /// or its end (`=> button-down left`: a drag that drags).
    case buttonDown(PointerButton)
    /// Release the button the same gesture's `buttonDown` holds (`=> button-up left`).
    case buttonUp(PointerButton)

    /// Whether an action that holds keys or a button down (`key-down`, `button-down`) holds them for
    /// anything when bound to `phase`: what is held goes up when the gesture ends, so only a
    /// gesture that began or changed is still there to hold it for.
    public static func holdsDownFor(_ phase: GesturePhase) -> Bool { phase == .began || phase == .changed }

    /// The keys and buttons this action sends, which the virtual keyboard must declare.
    public var keys: [KeyCode] {
        switch self {
        case .command: []
        case .keyChord(let keys), .keyDown(let keys), .keyUp(let keys): keys
        case .button(let button), .buttonDown(let button), .buttonUp(let button): [button.code]
        }
    }
}
