/// `*` matches any run of characters, everything else itself.
///
/// Matched left to right, going back only to the latest `*` on a mismatch: a later `*` can take
/// over whatever an earlier one would have matched, so this is O(pattern × name). Trying every
/// split for every `*` instead takes exponential time: `[tuning "*****…x"]` hung the daemon.
enum GlobPattern {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern), text = Array(text)
        var p = 0, t = 0
        // The latest `*` seen, and where in `text` its match currently ends.
        var star: (index: Int, end: Int)?
        while t < text.count {
            if p < pattern.count && pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count && pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let (index, end) = star {
                star = (index, end + 1)
                p = index + 1
                t = end + 1
            } else {
                return false
            }
        }
        return pattern[p...].allSatisfy { $0 == "*" }
    }
}
