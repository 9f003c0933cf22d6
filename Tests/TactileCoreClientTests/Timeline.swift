import TactileCore

/// One step of a script on virtual time: what an app's event loop would hand the engine.
enum Moment {
    /// Contacts down at `milliseconds`, positions in millimetres; contact ids are their indices.
    case touch(Double, [Point])
    /// Every finger lifted at `milliseconds`.
    case lift(Double)
    /// The timer armed at `Engine.nextDeadline` (or any later one) fired at `milliseconds`.
    case wait(Double)

    var milliseconds: Double {
        switch self {
        case .touch(let milliseconds, _), .lift(let milliseconds), .wait(let milliseconds): milliseconds
        }
    }
}

func touch(_ milliseconds: Double, _ points: (Double, Double)...) -> Moment {
    .touch(milliseconds, points.map { Point(x: $0.0, y: $0.1) })
}

func lift(_ milliseconds: Double) -> Moment { .lift(milliseconds) }

func wait(_ milliseconds: Double) -> Moment { .wait(milliseconds) }

func instant(_ milliseconds: Double) -> Instant {
    Instant(microseconds: Int64((milliseconds * 1000).rounded()))
}

extension Engine {
    /// Feeds one moment through the draining calls and returns what it published, each event as
    /// `kind.phase`.
    mutating func play(_ moment: Moment) -> [String] {
        var published: [String] = []
        let record = { (event: GestureEvent) in published.append("\(event.kind.rawValue).\(event.phase.rawValue)") }
        switch moment {
        case .touch(let milliseconds, let points):
            let contacts = points.enumerated().map { Contact(id: Int32($0.offset), x: $0.element.x, y: $0.element.y) }
            process(TouchFrame(time: instant(milliseconds), contacts: contacts), record)
        case .lift(let milliseconds):
            process(TouchFrame(time: instant(milliseconds)), record)
        case .wait(let milliseconds):
            advance(to: instant(milliseconds), record)
        }
        return published
    }
}

/// What an app's callbacks saw, in order: shared by the closures the gesture holds.
final class Callbacks<Entry> {
    var entries: [Entry] = []
    func record(_ entry: Entry) { entries.append(entry) }
}
