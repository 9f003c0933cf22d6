/// Where a step's decisions are explained, if anywhere: the type every `Gesture.step` is generic
/// over, so that whether to explain is known when the step is compiled, not asked as it runs.
///
/// A gesture set stepped with `NotExplaining` is specialized with every explaining branch gone:
/// its frame is the code it was before explanations existed. A test of a log at run time, however
/// rarely taken, changed how the recognizers' inlined code was laid out, and cost every frame.
/// `Explained` steps its gestures with its `ExplanationLog`, the other specialization.
public protocol Explaining {
    /// The log this step's decisions are written to; nil when they are not explained.
    var log: ExplanationLog? { get }
}

/// Decisions are not explained: an empty value, passed for nothing, whose `log` is known to be nil.
public struct NotExplaining: Explaining {
    /// Nothing to explain with.
    public init() {}

    @inline(__always)
    public var log: ExplanationLog? { nil }
}

/// Decisions are explained to this log.
extension ExplanationLog: Explaining {
    @inline(__always)
    public var log: ExplanationLog? { self }
}
