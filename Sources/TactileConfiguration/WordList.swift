extension Array where Element == String {
    /// "a, b or c": the words as a message lists them, the last joined by `conjunction`.
    func listed(with conjunction: String) -> String {
        guard let last, count > 1 else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
