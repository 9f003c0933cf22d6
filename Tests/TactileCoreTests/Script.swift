import TactileCore

/// Table-driven tests on virtual time: each row is one frame, time advance or reset, with the
/// events it must produce (in a compact text form) and whether a deadline must then be pending.
struct Row {
    enum Step {
        /// Contacts down at `milliseconds`; ids are the positions' indices unless given.
        case frame(Double, [Point], fingers: Int?)
        case advance(Double)
        case reset(Double)
    }

    var step: Step
    var expected: [String]
    var deadlinePending: Bool?
}

func touch(_ milliseconds: Double, _ points: (Double, Double)..., fingers: Int? = nil,
           expect: [String] = [], deadline: Bool? = nil) -> Row {
    Row(step: .frame(milliseconds, points.map { Point(x: $0.0, y: $0.1) }, fingers: fingers),
        expected: expect, deadlinePending: deadline)
}

func lift(_ milliseconds: Double, expect: [String] = [], deadline: Bool? = nil) -> Row {
    Row(step: .frame(milliseconds, [], fingers: nil), expected: expect, deadlinePending: deadline)
}

func wait(until milliseconds: Double, expect: [String] = [], deadline: Bool? = nil) -> Row {
    Row(step: .advance(milliseconds), expected: expect, deadlinePending: deadline)
}

func resetEngine(_ milliseconds: Double, expect: [String] = []) -> Row {
    Row(step: .reset(milliseconds), expected: expect, deadlinePending: false)
}

func instant(_ milliseconds: Double) -> Instant {
    Instant(microseconds: Int64((milliseconds * 1000).rounded()))
}

/// One event as text: time in ms, sequence, kind.phase, fingers, then what matters for the kind.
func summary(_ event: GestureEvent) -> String {
    let time = "\(Double(event.time.microseconds) / 1000)ms #\(event.sequence)"
    if case .tap(ScriptedGesture.marker) = event.payload {
        return "\(time) scripted.\(event.phase.rawValue) f\(event.fingers)"
    }
    var text = "\(time) \(event.kind.rawValue).\(event.phase.rawValue) f\(event.fingers)"
    // What the kind measures, from its descriptor: a new kind needs no line here.
    let measures = GestureRegistry.descriptor(for: event.kind).measures
    let readings = event.payload.readings
    if measures.contains(.count) { text += " x\(readings.count)" }
    if measures.contains(.ticks) { text += " tick\(readings.tick) \(Double(readings.elapsed.microseconds) / 1000)ms" }
    if measures.contains(.edge), let edge = readings.edge { text += " from \(edge.rawValue)" }
    if measures.contains(.travel), event.phase == .ended { text += " \(readings.direction?.rawValue ?? "none")" }
    if measures.contains(.scale) { text += " scale\((readings.scale * 100).rounded() / 100)" }
    if measures.contains(.angle) { text += " angle\((readings.angle.degrees * 10).rounded() / 10)" }
    return text
}

/// Feeds one row's step to the engine.
func apply<G: Gesture>(_ step: Row.Step, to engine: inout Engine<G>, into events: inout GestureEventBuffer) {
    switch step {
    case .frame(let milliseconds, let points, let fingers):
        let contacts = points.enumerated().map { Contact(id: Int32($0.offset), x: $0.element.x, y: $0.element.y) }
        engine.process(TouchFrame(time: instant(milliseconds), contacts: contacts, fingerCount: fingers), into: &events)
    case .advance(let milliseconds):
        engine.advance(to: instant(milliseconds), into: &events)
    case .reset(let milliseconds):
        engine.reset(at: instant(milliseconds), into: &events)
    }
}

/// Runs the rows through an engine and returns the first mismatch, if any.
func play<G: Gesture>(_ engine: inout Engine<G>, _ rows: [Row]) -> String? {
    var events = GestureEventBuffer()
    for (index, row) in rows.enumerated() {
        events.removeAll()
        apply(row.step, to: &engine, into: &events)
        let actual = events.events.map(summary)
        if actual != row.expected {
            return "row \(index): expected \(row.expected), got \(actual)"
        }
        if let pending = row.deadlinePending, pending != (engine.nextDeadline != nil) {
            return "row \(index): expected a deadline pending: \(pending), next deadline \(String(describing: engine.nextDeadline))"
        }
    }
    return nil
}

/// The rows through the default gesture set.
func playDefault(_ rows: [Row]) -> String? {
    var engine = Engine(DefaultGestures.make())
    return play(&engine, rows)
}

/// Frames `from`…`to` ms every 10 ms, moving linearly between two sets of positions.
func path(from start: Double, to end: Double, _ a: [(Double, Double)], _ b: [(Double, Double)]) -> [Row] {
    let steps = Int((end - start) / 10)
    return (0...steps).map { step in
        let t = Double(step) / Double(steps)
        let points = zip(a, b).map { Point(x: $0.0 + ($1.0 - $0.0) * t, y: $0.1 + ($1.1 - $0.1) * t) }
        return Row(step: .frame(start + Double(step) * 10, points, fingers: nil), expected: [], deadlinePending: nil)
    }
}

/// Only the rows' events, whatever frame produced them: for paths where the exact frame of
/// `began` depends on thresholds.
func eventsOf<G: Gesture>(_ engine: inout Engine<G>, _ rows: [Row]) -> [String] {
    var events = GestureEventBuffer()
    var all: [String] = []
    for row in rows {
        events.removeAll()
        apply(row.step, to: &engine, into: &events)
        all += events.events.map(summary)
    }
    return all
}
