import TactileCore

/// One `key = value` line of a `[tuning]` section, or one argument of a declared gesture: which
/// threshold of which gesture kind (from the registry), and its new value.
struct TuningSetting: Equatable {
    /// `drag.minimum-distance`.
    let key: String
    let tunable: Tunable
    let value: Quantity

    /// The setting `key` names, with `text` as its value; nil with what was expected when `text`
    /// is not a value of the tunable's unit in its range.
    static func parse(tunable: Tunable, key: String, _ text: String) -> TuningSetting? {
        guard let value = text == "off" ? Quantity.off(in: tunable.unit) : Quantity.parse(text),
            let inUnit = value.magnitude(in: tunable.unit),
            tunable.admits(inUnit)
        else { return nil }
        return TuningSetting(key: key, tunable: tunable, value: value)
    }

    func apply(to tuning: inout GestureTuning) {
        guard let inUnit = value.magnitude(in: tunable.unit) else {
            preconditionFailure("TuningSetting.parse admits only values of the tunable's unit")
        }
        tuning[tunable] = inUnit
    }

    static func == (a: TuningSetting, b: TuningSetting) -> Bool { a.key == b.key && a.value == b.value }
}
