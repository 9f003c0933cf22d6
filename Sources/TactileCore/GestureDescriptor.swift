/// Everything the rest of Tactile needs to know about one gesture kind, said once: its name, its
/// thresholds, what its events measure (and so the stream's fields and a binding's conditions),
/// what `every=` counts, its lane in the replay picture, what Touchégg's clients call it, and how
/// to build it. The configuration parser, `tactile check`, `tactile config --default`, the
/// stream's encoder and reader, bindings, the Touchégg server, the replay picture, the man page
/// and the README's table of keys all read these, so adding a gesture kind is its recognizer, its
/// payload case and its descriptor.
///
/// A class: bindings and the stream's reader ask a kind's facts per event, and a struct of
/// strings, arrays and a closure handed out by value was copied whole, every field retained.
public final class GestureDescriptor: Sendable {
    /// What a declared gesture's parentheses said (`tap(fingers: 2, count: 2)`), with the
    /// descriptor's defaults for what they left out.
    public struct Arguments: Sendable {
        /// How many fingers the declared gesture takes.
        public var fingers: ClosedRange<Int>
        /// Taps only: 1–3.
        public var count: Int
    }

    /// The kind it describes.
    public let kind: GestureKind
    /// One line for documentation.
    public let summary: String
    /// Its thresholds a configuration may set.
    public let tunables: [Tunable]
    /// The finger counts the gesture can ever have: a pinch needs two.
    public let possibleFingers: ClosedRange<Int>
    /// The finger counts it recognizes when a declaration does not say.
    public let defaultFingers: ClosedRange<Int>
    /// What its events measure: the stream's fields for it, and what a binding's `direction=`
    /// and `edge=` are judged by.
    public let measures: GestureMeasures
    /// The tap counts it takes (`count=` in a binding, `count:` in a declaration); nil: none.
    public let counts: ClosedRange<Int>?
    /// What a binding's `every=` counts while it changes; nil: it has no `changed` events.
    public let progressUnit: Tunable.Unit?
    /// Its colour in the replay picture's lane, so a lane reads at a glance.
    public let laneColour: String
    /// The Touchégg gesture type its events are sent to Touchégg's clients as; nil: Touchégg has
    /// no word for it, and they never see it.
    public let touchegg: ToucheggType?
    /// The threshold whose crossing begins it, as `--explain` names it; nil: it begins by time
    /// or count, not by a measure.
    public let beginningThreshold: Tunable?
    /// A second threshold that can hold it back though `beginningThreshold` was crossed (a
    /// circle's radius); nil: none.
    public let holdingThreshold: Tunable?
    /// What its measure did, in an explanation: "moved", "turned", "went round".
    public let progressVerb: String
    /// Builds the recognizer with `tuning`'s thresholds (the declaration's own already applied).
    let build: @Sendable (GestureTuning, Arguments) -> AnyGesture<Void>

    init(kind: GestureKind, summary: String, tunables: [Tunable], possibleFingers: ClosedRange<Int>,
         defaultFingers: ClosedRange<Int>, measures: GestureMeasures, counts: ClosedRange<Int>?,
         progressUnit: Tunable.Unit?, laneColour: String, touchegg: ToucheggType?,
         beginningThreshold: Tunable?, holdingThreshold: Tunable? = nil, progressVerb: String,
         build: @escaping @Sendable (GestureTuning, Arguments) -> AnyGesture<Void>) {
        self.kind = kind
        self.summary = summary
        self.tunables = tunables
        self.possibleFingers = possibleFingers
        self.defaultFingers = defaultFingers
        self.measures = measures
        self.counts = counts
        self.progressUnit = progressUnit
        self.laneColour = laneColour
        self.touchegg = touchegg
        self.beginningThreshold = beginningThreshold
        self.holdingThreshold = holdingThreshold
        self.progressVerb = progressVerb
        self.build = build
    }

    /// The recognizer with `tuning`'s thresholds, for `fingers` (else `defaultFingers`) and, for
    /// a tap, `count` taps (else one).
    public func make(_ tuning: GestureTuning, fingers: ClosedRange<Int>? = nil, count: Int? = nil) -> AnyGesture<Void> {
        build(tuning, Arguments(fingers: fingers ?? defaultFingers, count: count ?? 1))
    }

    /// The gesture types of Touchégg's protocol (its `GestureType`) a kind can be sent as.
    public enum ToucheggType: Sendable {
        /// Touchégg's `SWIPE`: fingers moving together.
        case swipe
        /// Touchégg's `PINCH`: fingers moving apart or together.
        case pinch
        /// Touchégg's `TAP`.
        case tap
    }

    /// Whether its events carry the surface edge it came from (`edge=` in a binding).
    public var hasEdge: Bool { measures.contains(.edge) }

    /// The kind's name in the configuration and the stream: `long-press`.
    public var name: String { kind.rawValue }

    /// The tunable called `name` (`minimum-distance`), if this kind has one.
    public func tunable(named name: String) -> Tunable? {
        tunables.first { $0.name == name }
    }
}
