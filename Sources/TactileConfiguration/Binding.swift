import TactileCore
import TactileProtocol

/// What to do when a gesture event matches, e.g. `drag fingers=3 direction=left => key super+Left`
/// or `tap fingers=2 => notify-send hello`.
///
/// A command is an argv, started directly — never through a shell unless it says `sh -c`.
public struct Binding: Equatable {
    /// The kind of gesture it binds; nil binds every kind of the declared gesture `name`.
    public var gesture: GestureName?
    /// `hold-then-swipe [drag] …`: only the events of this declared gesture (`"name"` on the
    /// stream). Such a binding replaces those that bind only the kind, for the same event.
    public var name: String?
    public var fingers: ClosedRange<Int>?
    /// How the gesture went (`BindingDirection`): how it ended on `ended`, else how it began.
    public var direction: BindingDirection?
    /// edge-swipe: the edge it must come from.
    public var edge: SurfaceEdge?
    public var count: Int?
    /// `app=GLOB`: only while an application whose id matches has the focus (case-insensitive,
    /// `*` matches any run of characters). Such a binding replaces the generic ones that match
    /// the same event; nil for a generic binding.
    public var app: String?
    /// `device=GLOB`: only gestures of a device whose name matches (`*` matches any run of
    /// characters, as in `[tuning "PATTERN"]`).
    public var device: String?
    /// `source=touchpad|touchscreen`: only gestures of that kind of device (the stream's `surface`).
    public var source: SurfaceKind?
    /// `mods=ctrl+alt` (`mods=none`): only gestures begun while exactly these modifiers were held.
    public var mods: ModifierSet?
    /// `ended` unless the binding says otherwise.
    public var phase: GesturePhase = .ended
    /// With `phase=changed`: run again each time the gesture moved this much since the last run
    /// (in the gesture's `progressUnit`: mm for a drag, degrees for a rotate, …).
    public var every: Double?
    /// Which way `every` counts: `every=+10mm` only as the measure grows, `-10mm` as it shrinks.
    public var everyWay = RepeatWay.either
    /// A command still running after this long is killed.
    public var timeout: Interval = .seconds(5)
    public var action: BindingAction
    /// Where it was declared, for logs.
    public var line: Int
    /// The line as written, without its comment, for `--explain`.
    public var text: String

    /// The variable that tells a bound command which application had the focus.
    public static let applicationVariable = "TACTILE_APP"

    /// Whether `event` is one this binding is for (before `every` is considered), while
    /// `application` (a Wayland app_id or X11 WM_CLASS class; nil: none known) has the focus.
    /// `beginning` is the `began` event of `event`'s gesture, by which a direction is judged on
    /// any phase but `ended`; nil when it was not seen. `eightWay`: some binding of this gesture
    /// asks for a diagonal, so drags are judged in eight ways (`BindingDirection`).
    public func matches(_ event: GestureRecord, application: String?, beginning: GestureRecord? = nil,
                        eightWay: Bool = false) -> Bool {
        matches(event, in: BindingMatchContext(application: application, beginning: beginning, eightWay: eightWay))
    }

    /// Whether `event` meets every condition of this binding, in `BindingCondition.checkOrder`.
    /// Written out, not a loop over that list: each `meets` is then inlined with its condition
    /// known, as cheap as the compares it stands for (a loop cost ~75 instructions a binding and event).
    public func matches(_ event: GestureRecord, in context: BindingMatchContext) -> Bool {
        meets(.gesture, event, in: context) && meets(.phase, event, in: context) && meets(.name, event, in: context)
            && meets(.fingers, event, in: context) && meets(.direction, event, in: context) && meets(.edge, event, in: context)
            && meets(.count, event, in: context) && meets(.source, event, in: context) && meets(.mods, event, in: context)
            && meets(.device, event, in: context) && meets(.app, event, in: context)
    }

    /// Whether this binding may fire while `application` has the focus: a generic one always,
    /// an `app=` one only while its glob matches, never when no application is known.
    public func matchesApplication(_ application: String?) -> Bool {
        guard let app else { return true }
        guard let application else { return false }
        return GlobPattern.matches(app.lowercased(), application.lowercased())
    }

    /// The quantity `every` is measured in, for this binding's gesture.
    public func progress(of event: GestureRecord) -> Double {
        switch gesture?.progressUnit {
        case .millimetres?: (event.dx * event.dx + event.dy * event.dy).squareRoot()
        case .degrees?: event.angle
        case .scale?: event.scale
        case .ticks?: Double(event.tick)
        // No gesture counts time while it changes; without a unit there is no `every=`.
        case .duration?, nil: 0
        }
    }
}
