import TactileCore

/// A gesture's name on the wire: one of Tactile's own kinds (`GestureKind`, described by its
/// registry descriptor) or a touchpad gesture libinput recognised itself and Tactile passes
/// through. Made of the two, so a new kind is on the wire without a case here. The raw value is
/// the `gesture` field.
public enum GestureName: Hashable, Sendable, CaseIterable, RawRepresentable {
    case recognized(GestureKind)
    /// libinput's touchpad gestures (`"source":"libinput"`).
    case passedThrough(PassThroughGesture.Kind)

    /// Tactile's kinds in the registry's order, then libinput's.
    public static let allCases: [GestureName] =
        GestureKind.allCases.map(recognized) + PassThroughGesture.Kind.allCases.map(passedThrough)

    public init?(rawValue: String) {
        if let kind = GestureKind(rawValue: rawValue) {
            self = .recognized(kind)
        } else if let kind = PassThroughGesture.Kind(rawValue: rawValue) {
            self = .passedThrough(kind)
        } else {
            return nil
        }
    }

    public var rawValue: String {
        switch self {
        case .recognized(let kind): kind.rawValue
        case .passedThrough(let kind): kind.rawValue
        }
    }

    /// Its place in `allCases`, without searching them.
    @inline(__always)
    public var ordinal: Int {
        switch self {
        case .recognized(let kind): kind.ordinal
        case .passedThrough(let kind): GestureKind.count + kind.ordinal
        }
    }

    /// Whether libinput, not Tactile's recognizers, makes this gesture.
    public var isPassedThrough: Bool {
        if case .passedThrough = self { true } else { false }
    }

    /// What its events measure: its stream fields.
    @inline(__always)
    public var measures: GestureMeasures {
        switch self {
        case .recognized(let kind): GestureRegistry.descriptor(for: kind).measures
        case .passedThrough(let kind): kind.measures
        }
    }

    /// What a binding's `every=` counts for it; nil: it has no `changed` events to repeat on.
    public var progressUnit: Tunable.Unit? {
        switch self {
        case .recognized(let kind): GestureRegistry.descriptor(for: kind).progressUnit
        case .passedThrough(let kind): kind.progressUnit
        }
    }

    /// The finger counts it can have.
    public var possibleFingers: ClosedRange<Int> {
        switch self {
        case .recognized(let kind): GestureRegistry.descriptor(for: kind).possibleFingers
        case .passedThrough(let kind): kind.possibleFingers
        }
    }

    /// The tap counts it takes; nil: none.
    public var counts: ClosedRange<Int>? {
        switch self {
        case .recognized(let kind): GestureRegistry.descriptor(for: kind).counts
        case .passedThrough: nil
        }
    }

    /// The Touchégg gesture type it is sent as; nil: none.
    public var touchegg: GestureDescriptor.ToucheggType? {
        switch self {
        case .recognized(let kind): GestureRegistry.descriptor(for: kind).touchegg
        case .passedThrough(let kind): kind.touchegg
        }
    }
}
