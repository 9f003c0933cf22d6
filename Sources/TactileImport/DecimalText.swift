extension Double {
    /// The number as a configuration writes it, to two decimals at most: `1.5`, `2`, `2.54`,
    /// never `1.5000000001`.
    var decimalText: String {
        let hundredths = Int((self * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let (whole, fraction) = (abs(hundredths) / 100, abs(hundredths) % 100)
        if fraction == 0 { return "\(sign)\(whole)" }
        return fraction % 10 == 0 ? "\(sign)\(whole).\(fraction / 10)" : "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
