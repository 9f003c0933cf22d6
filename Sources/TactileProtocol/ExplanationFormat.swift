import TactileCore

/// How `--explain` writes a recognizer's or an arena's decision (`Explanation`): a sentence for
/// people, or one JSON object a line for tools (docs/explain.md, "Recognition"). Thresholds are
/// named by their tuning key and written as `tactile config --default` writes them (`300ms`),
/// so the fix is one line of configuration.
public enum ExplanationFormat: String, CaseIterable, Sendable {
    /// `0.912345 Touchpad seq 3 tap: rejected: held 300 ms without lifting, reaching tap.maximum-duration 300ms`
    case human
    /// `{"time":0.912345,"device":"Touchpad","seq":3,"gesture":"tap",…}`
    case json

    /// The line (with its newline) that says `explanation`, about device `device`, whose declared
    /// gestures are `gestureNames` (label 1 is the first); it starts with `file` when one is
    /// given (a replay of several files), as the stream's lines do.
    public func line(_ explanation: Explanation, device: String, file: String? = nil, gestureNames: [String]) -> String {
        switch self {
        case .human:
            (file.map { "\($0.escapingControlCharacters): " } ?? "")
                + Self.sentence(explanation, device: device.escapingControlCharacters, gestureNames: gestureNames)
        case .json: Self.object(explanation, device: device, file: file, gestureNames: gestureNames)
        }
    }

    /// What the decision did to the gesture: `accepted`, `rejected`, `waiting`, `watching`,
    /// `ended` (a long-press that moved on), `cancelled` (a drag a finger joined), or for an arena
    /// `won` and `failed`.
    public static func outcome(of reason: Explanation.Reason) -> String {
        switch reason {
        case .tapped, .held, .crossedThreshold, .movedTogether, .movedInward: "accepted"
        case .waitingForFingers: "waiting"
        case .landedInZone: "watching"
        case .movedAway: "ended"
        case .fingerJoined: "cancelled"
        case .firstToAccept, .wonTie, .lastStanding: "won"
        case .allRejected: "failed"
        case .heldTooLong, .wanderedTooFar, .movedTooFar, .clicked, .nextTapTooLate, .nextTapTooFar,
            .fingerCountDiffers, .liftedTooSoon, .movedBeforeHeld, .liftedBeforeThreshold, .heldBack, .landedOutsideZone,
            .edgeSwipesOffOnTouchpads, .edgeSwipesOff, .surfaceUnknown, .tooManyFingers, .tooFewFingers:
            "rejected"
        }
    }

    /// Whether the decision is an arena's.
    static func isArena(_ reason: Explanation.Reason) -> Bool {
        switch reason {
        case .firstToAccept, .wonTie, .lastStanding, .allRejected: true
        default: false
        }
    }

    // MARK: Human

    private static func sentence(_ e: Explanation, device: String, gestureNames: [String]) -> String {
        let time = Decimal.string(Double(e.time.microseconds) / 1_000_000, digits: 6)
        let subject = isArena(e.reason) ? "arena" : gesture(e.kind, count: e.count, label: e.label, gestureNames)
        return "\(time) \(device) seq \(e.sequence) \(subject): \(outcome(of: e.reason)): \(reasonText(e, gestureNames))\n"
    }

    /// `tap`, `tap(count: 2)`, `"hold-then-swipe" (drag)`, as the configuration writes them.
    private static func gesture(_ kind: GestureKind?, count: Int, label: UInt16, _ gestureNames: [String]) -> String {
        var text = kind?.rawValue ?? "a gesture"
        if count > 1 { text += "(count: \(count))" }
        let index = Int(label) - 1
        guard gestureNames.indices.contains(index) else { return text }
        return "\"\(gestureNames[index].escapingControlCharacters)\" (\(text))"
    }

    private static func reasonText(_ e: Explanation, _ gestureNames: [String]) -> String {
        let measured = e.measured.map { quantity($0, e.unit) } ?? ""
        let limit = e.limit.map { threshold($0, e.unit) } ?? ""
        let key = e.key.map { "\($0) \(limit)" } ?? "\(limit) (fixed)"
        let edge = e.edge?.rawValue ?? ""
        switch e.reason {
        case .tapped: return "lifted after \(measured), within \(key)"
        case .heldTooLong: return "held \(measured) without lifting, reaching \(key)"
        case .wanderedTooFar: return "wandered \(measured) on the way, over \(key)"
        case .movedTooFar: return "lifted \(measured) from where it landed, over \(key)"
        case .clicked: return "a physical click"
        case .nextTapTooLate: return "no next tap within \(key) (\(measured) since the lift)"
        case .nextTapTooFar: return "the next tap landed \(measured) from the first, over \(key)"
        case .fingerCountDiffers: return "\(measured) where the first tap had \(limit)"
        case .held: return "held still \(measured), reaching \(key)"
        case .liftedTooSoon: return "lifted after \(measured), before \(key)"
        case .movedBeforeHeld: return "moved \(measured) before it was held long enough, over \(key)"
        case .movedAway: return "moved \(measured) from where it began, over \(key)"
        case .crossedThreshold: return "\(motion(e.kind)) \(measured), reaching \(key)"
        case .movedTogether: return "every finger moved \(measured) the same way, reaching \(key)"
        case .liftedBeforeThreshold: return "lifted after it \(motion(e.kind)) \(measured), under \(key)"
        case .heldBack: return "\(motion(e.kind)) far enough, but \(measured) is under \(key)"
        case .waitingForFingers:
            return "began waits for fingers still landing, \(limit) after the last one (\(measured) ago) (fixed)"
        case .fingerJoined:
            return "a finger landed \(measured) after the last, within the landing's \(limit) (fixed); it begins again with every finger"
        case .landedInZone: return "landed \(measured) from the \(edge) edge, within \(key)"
        case .landedOutsideZone: return "landed \(measured) from the nearest edge (\(edge)), outside \(key)"
        case .movedInward: return "moved in from the \(edge) edge \(measured) off its normal, within \(key)"
        case .edgeSwipesOffOnTouchpads: return "edge swipes are off on touchpads; set edge-swipes = on"
        case .edgeSwipesOff: return "edge swipes are off on this device (edge-swipes = off)"
        case .surfaceUnknown: return "the device's size is unknown, so it has no edges; set size = WIDTHxHEIGHT"
        case .tooManyFingers: return "\(measured), more than the \(limit) it takes"
        case .tooFewFingers: return "\(measured), fewer than the \(limit) it takes"
        case .firstToAccept:
            return "\(gesture(e.kind, count: e.count, label: e.label, gestureNames)) takes the sequence, the first to accept"
        case .wonTie:
            let winner = gesture(e.kind, count: e.count, label: e.label, gestureNames)
            let rival = gesture(e.rival, count: 1, label: e.rivalLabel, gestureNames)
            return "\(winner) takes the sequence over \(rival): both accepted on the same frame, and \(winner) is declared first"
        case .lastStanding:
            let winner = e.kind == nil ? "the one member left" : gesture(e.kind, count: e.count, label: e.label, gestureNames)
            return "\(winner) takes the sequence: every rival rejected"
        case .allRejected: return "every member rejected; nothing here is recognized"
        }
    }

    private static func motion(_ kind: GestureKind?) -> String { kind?.descriptor.progressVerb ?? "moved" }

    /// A measured value for people: `412 ms`, `5.2 mm`, `12.3°`, `0.16`, `3 fingers`.
    private static func quantity(_ value: Double, _ unit: Explanation.Unit?) -> String {
        switch unit {
        case .milliseconds: "\(Decimal.string(value, digits: 0)) ms"
        case .millimetres: "\(Decimal.string(value, digits: 1)) mm"
        case .degrees: "\(Decimal.string(value, digits: 1))°"
        case .scale: Decimal.string(value, digits: 3)
        case .fingers: value == 1 ? "1 finger" : "\(Decimal.string(value, digits: 0)) fingers"
        case nil: Decimal.string(value, digits: 3)
        }
    }

    /// A threshold as a configuration writes it: `300ms`, `5mm`, `15deg`, `0.15`.
    private static func threshold(_ value: Double, _ unit: Explanation.Unit?) -> String {
        guard value.isFinite else { return "(never: this device cannot measure it)" }
        switch unit {
        case .milliseconds: return Tunable.Unit.duration.written(value / 1000)
        case .millimetres: return Tunable.Unit.millimetres.written(rounded(value, 2))
        case .degrees: return Tunable.Unit.degrees.written(rounded(value, 1))
        case .scale: return Tunable.Unit.scale.written(value)
        case .fingers: return Decimal.string(value, digits: 0)
        case nil: return Decimal.string(value, digits: 3)
        }
    }

    /// `value` to `digits` decimals: a limit widened by a factor prints as 3.25mm, not 3.2500000000000004mm.
    private static func rounded(_ value: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    // MARK: JSON

    private static func object(_ e: Explanation, device: String, file: String?, gestureNames: [String]) -> String {
        var out: [UInt8] = []
        func key(_ name: String) { out.append(contentsOf: Array(",\"\(name)\":".utf8)) }
        func string(_ name: String, _ value: String) {
            key(name)
            JSONLinesEncoder.appendString(value, to: &out)
        }
        func name(_ label: UInt16) -> String? {
            let index = Int(label) - 1
            return gestureNames.indices.contains(index) ? gestureNames[index] : nil
        }
        out.append(contentsOf: Array("{".utf8))
        if let file {
            out.append(contentsOf: Array("\"file\":".utf8))
            JSONLinesEncoder.appendString(file, to: &out)
            out.append(contentsOf: Array(",".utf8))
        }
        out.append(contentsOf: Array("\"time\":".utf8))
        Decimal.append(fixedPoint: e.time.microseconds, digits: 6, to: &out)
        string("device", device)
        key("seq")
        Decimal.appendInteger(Int64(e.sequence), to: &out)
        let arena = isArena(e.reason)
        string("gesture", arena ? "arena" : e.kind?.rawValue ?? "")
        if !arena, e.count > 1 {
            key("count")
            Decimal.appendInteger(Int64(e.count), to: &out)
        }
        if !arena, let name = name(e.label) { string("name", name) }
        string("decision", e.reason.rawValue)
        string("outcome", outcome(of: e.reason))
        if arena, let winner = e.kind {
            string("winner", winner.rawValue)
            if let name = name(e.label) { string("winner_name", name) }
        }
        if let rival = e.rival {
            string("rival", rival.rawValue)
            if let name = name(e.rivalLabel) { string("rival_name", name) }
        }
        if let edge = e.edge { string("edge", edge.rawValue) }
        if let measured = e.measured {
            key("measured")
            Decimal.append(measured, digits: 3, to: &out)
        }
        if let unit = e.unit, e.measured != nil || e.limit != nil { string("unit", unit.rawValue) }
        if let tuningKey = e.key { string("key", tuningKey) }
        if let limit = e.limit, limit.isFinite {
            key("limit")
            Decimal.append(limit, digits: 3, to: &out)
        }
        out.append(contentsOf: Array("}\n".utf8))
        return String(decoding: out, as: UTF8.self)
    }
}
