import TactileConfiguration
import TactileCore
import TactileProtocol

/// `BindingExplanation` as `--explain` writes it: lines for a person (`text`) or one JSON object
/// (`jsonLine`), both described in `docs/explain.md`, "Bindings". Numbers are fixed decimals
/// (`Decimal`), so a recording explains the same, byte for byte, on every run.
extension BindingExplanation {
    /// `bindings: 1.234567 s, seq 4, drag ended, 4 fingers` and a line per binding fired or missed.
    public var text: String {
        var header = "bindings: \(Decimal.string(record.time, digits: 6)) s, seq \(record.sequence), "
        header += [record.name.map(Self.quoted), record.gesture.rawValue, record.phase.rawValue].compactMap { $0 }
            .joined(separator: " ")
        header += ", \(record.fingers) finger\(record.fingers == 1 ? "" : "s")"
        if mentionsDevice { header += ", device \(Self.quoted(record.device))" }
        if mentionsApplication { header += ", app \(application.map(Self.quoted) ?? "none")" }
        var lines = [header]
        lines += fired.map { "  fired line \($0.line): \($0.text)" }
        lines += nearest.map { miss in
            "  missed line \(miss.binding.line): \(miss.binding.text) — " + miss.reasons.map(Self.text).joined(separator: ", ")
        }
        if fired.isEmpty && nearest.isEmpty {
            let bound = record.name.map { "\(record.gesture.rawValue) or \(Self.quoted($0))" } ?? record.gesture.rawValue
            lines.append("  no binding of \(bound)")
        } else if fired.isEmpty {
            lines.append("  nothing fired")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `fingers 3 ≠ 4`, `every= 12 mm not yet travelled (7.5 of 12)`, `replaced by line 4 (app "firefox")`.
    static func text(_ reason: Reason) -> String {
        switch reason {
        case .failed(let condition, let wanted, let actual):
            func value(_ text: String?) -> String {
                guard let text else { return "none" }
                return condition.valuesAreNames ? quoted(text) : text
            }
            return "\(condition.rawValue) \(value(wanted)) ≠ \(value(actual))"
        case .repeatPending(let step, let way, let travelled, let unit):
            let (symbol, verb) = Self.words(unit)
            return "every= \(sign(way))\(number(step))\(symbol) not yet \(verb) (\(number(travelled)) of \(number(step)))"
        case .replaced(let by, let because):
            return "replaced by line \(by.line) (\(because.rawValue) \(quoted(by.wanted(because) ?? "")))"
        }
    }

    /// One JSON object: the event, then `fired` and `missed` as arrays.
    public var jsonLine: String {
        var fields = [
            #""explain":"bindings""#, #""time":\#(Decimal.string(record.time, digits: 6))"#, #""seq":\#(record.sequence)"#,
            #""device":\#(Self.json(record.device))"#, #""gesture":"\#(record.gesture.rawValue)""#,
        ]
        if let name = record.name { fields.append(#""name":\#(Self.json(name))"#) }
        fields += [#""phase":"\#(record.phase.rawValue)""#, #""fingers":\#(record.fingers)"#,
                   #""app":\#(application.map(Self.json) ?? "null")"#]
        let firedObjects = fired.map { #"{"line":\#($0.line),"binding":\#(Self.json($0.text))}"# }
        let missedObjects = nearest.map { miss in
            #"{"line":\#(miss.binding.line),"binding":\#(Self.json(miss.binding.text)),"failed":["#
                + miss.reasons.map(Self.json).joined(separator: ",") + "]}"
        }
        fields.append(#""fired":["# + firedObjects.joined(separator: ",") + "]")
        fields.append(#""missed":["# + missedObjects.joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    static func json(_ reason: Reason) -> String {
        switch reason {
        case .failed(let condition, let wanted, let actual):
            return #"{"condition":"\#(condition.rawValue)","wanted":\#(wanted.map(json) ?? "null"),"actual":\#(actual.map(json) ?? "null")}"#
        case .repeatPending(let step, let way, let travelled, let unit):
            let wayWord = switch way {
            case .either: "either"
            case .growing: "growing"
            case .shrinking: "shrinking"
            }
            let unitWord = unit.map { #""\#(jsonUnit($0))""# } ?? "null"
            return #"{"condition":"every","step":\#(number(step)),"way":"\#(wayWord)","travelled":\#(number(travelled)),"unit":\#(unitWord)}"#
        case .replaced(let by, let because):
            return #"{"condition":"replaced","by":\#(by.line),"because":"\#(because.rawValue)"}"#
        }
    }

    /// How the human lines write a repeat's unit, and what the measure does.
    private static func words(_ unit: Tunable.Unit?) -> (symbol: String, verb: String) {
        switch unit {
        case .millimetres?: (" mm", "travelled")
        case .degrees?: ("°", "turned")
        case .ticks?: (" ticks", "ticked")
        case .scale?, .duration?, nil: ("", "scaled")
        }
    }

    private static func jsonUnit(_ unit: Tunable.Unit) -> String {
        switch unit {
        case .millimetres: "mm"
        case .degrees: "deg"
        case .ticks: "ticks"
        case .scale: "scale"
        case .duration: "s"
        }
    }

    private static func sign(_ way: RepeatWay) -> String {
        switch way {
        case .either: ""
        case .growing: "+"
        case .shrinking: "-"
        }
    }

    /// At most two decimals, trailing zeros left out: `7.5`, `12`, `-3.25`.
    static func number(_ value: Double) -> String {
        var text = Decimal.string(value, digits: 2)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A name or glob in double quotes for the human lines; a quote or backslash inside is
    /// escaped, and a control character written as `\u{1B}` (names come from outside).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out.escapingControlCharacters + "\""
    }

    /// A JSON string: quotes, backslashes and control characters escaped, as the stream's are.
    static func json(_ text: String) -> String {
        var out: [UInt8] = []
        JSONLinesEncoder.appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
