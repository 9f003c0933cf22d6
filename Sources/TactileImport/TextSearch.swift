extension StringProtocol {
    /// Whether `text` occurs in it: the standard library's `contains` of a string comes with the
    /// regular-expression module, which Tactile's modules leave out (Package.swift).
    func includes(_ text: String) -> Bool {
        let needle = Array(text.utf8), haystack = Array(utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
