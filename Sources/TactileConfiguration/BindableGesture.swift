import TactileCore
import TactileProtocol

/// What a binding may ask of a gesture it names, from what the gesture measures: Tactile's own
/// kinds say it in their registry descriptor, libinput's passed-through ones in
/// `PassThroughGesture.Kind`.
struct BindableGesture {
    let name: GestureName
    let possibleFingers: ClosedRange<Int>
    /// What its `direction=` is judged from: a drag's travel, a magnify's scale, a rotate's angle.
    let directionMeasures: [BindingDirection.Measure]
    let hasEdge: Bool
    let counts: ClosedRange<Int>?
    /// What `every=` counts; nil when the gesture has no `changed` events to repeat on.
    let progressUnit: Tunable.Unit?

    init(_ name: GestureName) {
        self.name = name
        let measures = name.measures
        possibleFingers = name.possibleFingers
        directionMeasures = [(GestureMeasures.travel, BindingDirection.Measure.travel), (.scale, .scale), (.angle, .angle)]
            .filter { measures.contains($0.0) }.map(\.1)
        hasEdge = measures.contains(.edge)
        counts = name.counts
        progressUnit = name.progressUnit
    }

    /// The directions its `direction=` takes, in the order messages list them.
    var directions: [BindingDirection] { directionMeasures.flatMap(BindingDirection.ways(by:)) }

    /// The gestures a binding may give a direction, for messages: "drag, magnify, rotate, …".
    static var withDirection: String {
        GestureName.allCases.filter { !BindableGesture($0).directions.isEmpty }.map(\.rawValue).listed(with: "and")
    }

    /// The gestures whose events carry an edge, for messages.
    static var withEdge: String {
        GestureName.allCases.filter { BindableGesture($0).hasEdge }.map(\.rawValue).listed(with: "and")
    }
}
