import TactileCore

/// The gesture sets the engine target drives, all with thresholds from the input: the default
/// set, or a random composition tree of every operator of the configuration grammar (`then`,
/// `else`, `with`) and the arena, over every kind, at least four levels deep. In a tree every
/// recognizer, and some composites, are wrapped in a `Recorded` modifier reporting to `log`, and
/// some nodes carry `updating`, `onChanged`, `onEnded` or `map`.
enum FuzzedGestures {
    static func make(_ input: inout FuzzInput, state: GestureState<Double>, log: PublicationLog) -> AnyGesture<Void> {
        let tuning = self.tuning(&input)
        if input.byte() % 8 == 0 { return AnyGesture(erasing: DefaultGestures.make(tuning)) }
        var tree = Tree(tuning: tuning, state: state, log: log)
        log.coversEveryRecognizer = true
        return tree.node(&input, depth: 4 + Int(input.byte() % 3))
    }

    /// Builds one random tree; `budget` bounds its recognizers so one input stays fast.
    private struct Tree {
        let tuning: GestureTuning
        let state: GestureState<Double>
        let log: PublicationLog
        var budget = 16

        init(tuning: GestureTuning, state: GestureState<Double>, log: PublicationLog) {
            self.tuning = tuning
            self.state = state
            self.log = log
        }

        /// A subtree `depth` levels deep along its first member (the others may be shallower).
        mutating func node(_ input: inout FuzzInput, depth: Int) -> AnyGesture<Void> {
            guard depth > 0, budget > 1 else { return leaf(&input) }
            func member(_ input: inout FuzzInput, first: Bool) -> AnyGesture<Void> {
                node(&input, depth: first ? depth - 1 : Int(input.byte()) % depth)
            }
            let composite: AnyGesture<Void>
            switch input.byte() % 4 {
            case 0:
                let a = member(&input, first: true), b = member(&input, first: false)
                composite = AnyGesture(erasing: a.sequenced(before: b))
            case 1:
                let a = member(&input, first: true), b = member(&input, first: false)
                composite = AnyGesture(erasing: a.exclusively(before: b))
            case 2:
                let a = member(&input, first: true), b = member(&input, first: false)
                composite = AnyGesture(erasing: a.simultaneously(with: b))
            default:
                let a = member(&input, first: true), b = member(&input, first: false)
                switch input.byte() % 3 {
                case 0: composite = AnyGesture(erasing: Arena(a, b))
                case 1: composite = AnyGesture(erasing: Arena(a, b, member(&input, first: false)))
                default:
                    let c = member(&input, first: false)
                    composite = AnyGesture(erasing: Arena(a, b, c, member(&input, first: false)))
                }
            }
            return modified(composite, &input)
        }

        /// A recognizer of any kind, always recorded.
        mutating func leaf(_ input: inout FuzzInput) -> AnyGesture<Void> {
            budget -= 1
            let fingers = fingerRange(&input)
            let descriptor = GestureRegistry.descriptors[Int(input.byte()) % GestureRegistry.descriptors.count]
            let count = descriptor.counts.map { $0.lowerBound + Int(input.byte()) % $0.count }
            let recognizer = descriptor.make(tuning, fingers: fingers, count: count)
            return AnyGesture(erasing: Recorded(recognizer, log: log, isRecognizer: true))
        }

        /// The composite as it is, recorded, or with one of SwiftUI's modifiers.
        func modified(_ gesture: AnyGesture<Void>, _ input: inout FuzzInput) -> AnyGesture<Void> {
            switch input.byte() % 8 {
            case 0: return AnyGesture(erasing: Recorded(gesture, log: log, isRecognizer: false))
            case 1: return AnyGesture(erasing: gesture.updating(state) { _, value in value += 1 })
            case 2: return AnyGesture(erasing: gesture.onChanged { _ in })
            case 3: return AnyGesture(erasing: gesture.onEnded { _ in })
            case 4: return AnyGesture(erasing: gesture.map { _ in 1 })
            default: return gesture
            }
        }
    }

    /// Thresholds from 1 ms (10 ms for ticks) to 1 s and from 0.1 mm to 25.6 mm: odd, but what a
    /// configuration may hold.
    private static func tuning(_ input: inout FuzzInput) -> GestureTuning {
        func duration() -> Interval { .milliseconds(1 + Int64(input.uint16() % 1_000)) }
        func distance() -> Double { Double(input.byte()) / 10 + 0.1 }
        var tuning = GestureTuning()
        tuning[duration: .tapMaximumDuration] = duration()
        tuning[duration: .tapWindow] = duration()
        tuning[duration: .longPressMinimumDuration] = duration()
        tuning[duration: .longPressInterval] = max(duration(), GestureDefaults.longPressMinimumInterval)
        tuning[.tapMaximumMovement] = distance()
        tuning[.tapMaximumExcursion] = distance()
        tuning[.longPressMaximumDistance] = distance()
        tuning[.dragMinimumDistance] = distance()
        tuning[.magnifyMinimumScaleDelta] = distance() / 25
        tuning[.rotateMinimumAngle] = distance() * 4
        return tuning
    }

    private static func fingerRange(_ input: inout FuzzInput) -> ClosedRange<Int> {
        let low = 1 + Int(input.byte() % 10)
        return low...min(low + Int(input.byte() % 10), TouchFrame.capacity)
    }
}
