import TactileCore

/// How a line of the gesture stream is laid out, worked out once from `StreamField`'s table: for
/// each gesture in each phase, the fields its line carries; and every field's key as written.
/// The encoder asked each of the twenty fields whether a line carries it, line after line.
final class LineLayout: Sendable {
    /// One layout serves every encoder.
    static let shared = LineLayout()

    /// The fields in line order (`StreamField.lineOrder`); a position in a `FieldSet` is an index here.
    let order: [StreamField]
    /// Each field's key as written after another, `,"key":`, in a slot of `keySlot` bytes of
    /// one array (field `i`'s at `i * keySlot`, `keyLengths[i]` long), with a slot's room after
    /// the last: a key is moved as two 8-byte words, not by a call to memcpy.
    private let keys: [UInt8]
    private let keyLengths: [Int]
    private static let keySlot = 16
    /// The fields a line carries, for each gesture (a row, in `GestureName.allCases` order) in
    /// each phase (a column, in `GesturePhase.allCases` order).
    private let carried: [FieldSet]
    /// Room for the fields of the longest line but the device: each key, and the longest number
    /// or word it may be followed by, then `}` and the newline.
    let maximumFieldsLength: Int

    /// Where `mods` is in the line order: the encoder writes it after the fields of `carried`.
    let modifiersPosition = StreamField.lineOrder.firstIndex(of: .mods)!

    /// The words besides the device (gesture, phase, edge, direction and source names) are the
    /// protocol's own, never longer than this.
    static let maximumWordLength = 16

    private init() {
        order = StreamField.lineOrder
        var keys: [UInt8] = []
        var keyLengths: [Int] = []
        for field in order {
            let key = Array(",\"\(field.key)\":".utf8)
            precondition(key.count <= LineLayout.keySlot, "a stream key longer than its slot")
            keys += key + Array(repeating: 0, count: LineLayout.keySlot - key.count)
            keyLengths.append(key.count)
        }
        keys += Array(repeating: 0, count: LineLayout.keySlot)
        self.keys = keys
        self.keyLengths = keyLengths

        var carried: [FieldSet] = []
        var longest = 0
        for gesture in GestureName.allCases {
            for phase in GesturePhase.allCases {
                var fields = FieldSet()
                var length = 2
                for (position, field) in order.enumerated() where field.isCarried(by: gesture, in: phase) {
                    let value = switch field.format {
                    case .text, .optionalText: LineLayout.maximumWordLength + 2
                    case .seconds, .integer, .decimal: Decimal.maximumLength
                    case .wordsIfAny: ModifierSet.longestText.utf8.count + 2
                    }
                    length += keyLengths[position] + value
                    // Written only when the record has some (`JSONLinesEncoder.encode`).
                    if field.format != .wordsIfAny { fields.insert(position) }
                }
                carried.append(fields)
                longest = max(longest, length)
            }
        }
        self.carried = carried
        maximumFieldsLength = longest
        precondition(LineLayout.placesMatchTheCases(), "a gesture's or a phase's place is not its case's")
    }

    /// The fields a line of `gesture` in `phase` carries.
    @inline(__always)
    func fields(of gesture: GestureName, in phase: GesturePhase) -> FieldSet {
        carried[LineLayout.row(of: gesture) * LineLayout.phaseCount + LineLayout.column(of: phase)]
    }

    /// Writes the key of the field at `position`, without its comma when it is the line's first.
    /// A value's room follows every key, so there are always 16 bytes to move it in.
    @inline(__always)
    func writeKey(at position: Int, first: Bool, to line: inout ByteWriter) {
        let skip = first ? 1 : 0
        let length = keyLengths[position] - skip
        keys.withUnsafeBytes { keys in
            line.writeShort(keys.baseAddress! + position * LineLayout.keySlot + skip, count: length)
        }
    }

    /// `gesture`'s place in `GestureName.allCases`.
    @inline(__always)
    private static func row(of gesture: GestureName) -> Int { gesture.ordinal }

    /// How many phases a gesture has: a row's length. `allCases.count` built an array per line.
    private static let phaseCount = 4

    /// `phase`'s place in `GesturePhase.allCases`.
    private static func column(of phase: GesturePhase) -> Int {
        switch phase {
        case .began: 0
        case .changed: 1
        case .ended: 2
        case .cancelled: 3
        }
    }

    /// The places are the cases' own: checked once, when the layout is made.
    private static func placesMatchTheCases() -> Bool {
        GestureName.allCases.enumerated().allSatisfy { row(of: $0.element) == $0.offset }
            && GesturePhase.allCases.enumerated().allSatisfy { column(of: $0.element) == $0.offset }
            && GesturePhase.allCases.count == phaseCount
    }
}

/// A set of field positions in line order, taken out lowest first.
struct FieldSet: Sendable {
    private var bits: UInt32 = 0

    mutating func insert(_ position: Int) {
        precondition(position < UInt32.bitWidth, "more stream fields than a FieldSet holds")
        bits |= 1 << position
    }

    /// Removes and returns the lowest position, or nil when none is left.
    @inline(__always)
    mutating func popFirst() -> Int? {
        guard bits != 0 else { return nil }
        let position = bits.trailingZeroBitCount
        bits &= bits &- 1
        return position
    }
}
