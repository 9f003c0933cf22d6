import TactileCore

/// What a configuration file says: thresholds per device, declared gestures, bindings.
/// The format is described in the README and printed by `tactile config --default`.
public struct Configuration: Equatable {
    public var tuningSections: [TuningSection] = []
    public var gestures: [DeclaredGesture] = []
    /// Whether the default gesture set still competes after the declared gestures.
    public var includesDefaultGestures = true
    public var bindings: [Binding] = []
    /// `[daemon] touchegg = ADDRESS | on | off`: where `tactile run` serves Touchégg's D-Bus
    /// protocol (`on`: `unix:abstract=touchegg`); nil: it does not. Read when the daemon starts.
    public var toucheggAddress: String?

    /// A `name = expression` line of `[gestures]`.
    public struct DeclaredGesture: Equatable {
        public var name: String
        public var expression: GestureExpression
    }

    public init() {}

    /// `base` with every matching `[tuning]` section applied, in file order.
    public func tuning(forDevice name: String, base: GestureTuning) -> GestureTuning {
        var tuning = base
        for section in tuningSections where section.matches(device: name) {
            for setting in section.settings { setting.apply(to: &tuning) }
        }
        return tuning
    }

    /// The size the last matching section gives the device, if any.
    public func size(forDevice name: String) -> TuningSection.Size? {
        tuningSections.last { $0.matches(device: name) && $0.size != nil }?.size
    }

    /// The calibration matrix the last matching section gives the device, if any.
    public func calibration(forDevice name: String) -> [Double]? {
        tuningSections.last { $0.matches(device: name) && $0.calibration != nil }?.calibration
    }

    /// The declared gestures' names, in the order of their labels (`GestureEvent.label` 1, 2, …):
    /// what an encoder writes as each event's `"name"`.
    public var gestureNames: [String] { gestures.map(\.name) }

    /// The gestures that compete for a device's touch sequences: the declared ones in file order
    /// (earlier ones win ties), each labelled with its place, then the default set unless
    /// `default = off`.
    public func makeGestureSet(forDevice name: String, base: GestureTuning) -> AnyGesture<Void> {
        let tuning = self.tuning(forDevice: name, base: base)
        var members = gestures.enumerated().map { index, declared in
            AnyGesture(erasing: declared.expression.makeGesture(tuning).labeled(UInt16(index + 1)))
        }
        if includesDefaultGestures || members.isEmpty { members.append(AnyGesture(erasing: DefaultGestures.make(tuning))) }
        var set = members.removeLast()
        while let member = members.popLast() { set = AnyGesture(erasing: Arena(member, set)) }
        return set
    }
}
