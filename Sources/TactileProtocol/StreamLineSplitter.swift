/// Cuts the daemon's stream into lines as its bytes arrive, in pieces of any size (`tactile
/// listen --bindings`). A line longer than `maximumLineLength` cannot be Tactile's: it is
/// reported and skipped up to its newline instead of being held in memory, however long it is.
public struct StreamLineSplitter {
    /// 64 KiB: Tactile's lines are about 300 bytes; a device name is at most 255.
    public static let maximumLineLength = 64 * 1024

    /// One piece of the stream.
    public enum Piece: Equatable {
        /// A complete line, without its newline.
        case line(String, number: Int)
        /// A line that exceeded `maximumLineLength`, reported once when it exceeded it.
        case overlong(number: Int)
    }

    private enum State {
        /// Collecting the current line's bytes.
        case collecting
        /// The current line is too long: its bytes are dropped until its newline.
        case skipping
    }

    private var state = State.collecting
    private var pending: [UInt8] = []
    /// The number of the line being collected, from 1.
    private var lineNumber = 1

    public init() {}

    /// Forgets a partial line: the stream was cut (the daemon went away) and a new one starts.
    public mutating func reset() {
        state = .collecting
        pending.removeAll(keepingCapacity: true)
    }

    /// Feeds the next bytes; `piece` is called for every line they complete.
    public mutating func feed(_ bytes: ArraySlice<UInt8>, _ piece: (Piece) -> Void) {
        var rest = bytes
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            let chunk = rest[..<(newline ?? rest.endIndex)]
            switch state {
            case .collecting:
                if pending.count + chunk.count > Self.maximumLineLength {
                    piece(.overlong(number: lineNumber))
                    pending.removeAll(keepingCapacity: true)
                    state = .skipping
                } else {
                    pending += chunk
                }
            case .skipping:
                break
            }
            guard let newline else { return }
            if case .collecting = state { piece(.line(String(decoding: pending, as: UTF8.self), number: lineNumber)) }
            pending.removeAll(keepingCapacity: true)
            state = .collecting
            lineNumber += 1
            rest = rest[(newline + 1)...]
        }
    }
}
