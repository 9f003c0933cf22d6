/// A cursor over a JSON document's bytes: `JSONValue` reads whole values with it, and
/// `SwayFocusedNode` only the few members it needs, skipping the rest without building them.
struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpaces() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte after spaces, not taken; nil at the end.
    mutating func peek() -> UInt8? {
        skipSpaces()
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// The value at `index`, whole.
    mutating func value(depth: Int) -> JSONValue? {
        skipSpaces()
        guard index < bytes.count, depth <= JSONValue.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            var members: [String: JSONValue] = [:]
            let isObject = object(depth: depth) { reader, key in
                guard let member = reader.value(depth: depth + 1) else { return false }
                members[String(decoding: key, as: UTF8.self)] = member
                return true
            }
            return isObject ? .object(members) : nil
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            let isArray = array(depth: depth) { reader in
                guard let element = reader.value(depth: depth + 1) else { return false }
                elements.append(element)
                return true
            }
            return isArray ? .array(elements) : nil
        case UInt8(ascii: "\""):
            return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return number()
        }
    }

    /// Passes over the value at `index` without keeping it; false if it is not JSON.
    mutating func skipValue(depth: Int) -> Bool {
        skipSpaces()
        guard index < bytes.count, depth <= JSONValue.maximumDepth else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth) { reader, _ in reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): return array(depth: depth) { reader in reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default:
            // A number's characters; its form is not checked, as nothing reads it.
            let start = index
            while index < bytes.count, Self.isNumberCharacter(bytes[index]) { index += 1 }
            return index > start
        }
    }

    static func isNumberCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"),
             UInt8(ascii: "E"): true
        default: false
        }
    }

    /// The object at `index`: each member's key, as UTF-8, goes to `member`, which reads or skips
    /// its value and says whether it could; false if the object is not JSON.
    mutating func object(depth: Int, _ member: (inout JSONReader, ArraySlice<UInt8>) -> Bool) -> Bool {
        guard peek() == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpaces()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return true
        }
        while true {
            skipSpaces()
            guard let key = key() else { return false }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            guard member(&self, key) else { return false }
            skipSpaces()
            guard index < bytes.count else { return false }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "}") { return true }
            guard bytes[index - 1] == UInt8(ascii: ",") else { return false }
        }
    }

    /// The array at `index`: `element` reads or skips each element and says whether it could;
    /// false if the array is not JSON.
    mutating func array(depth: Int, _ element: (inout JSONReader) -> Bool) -> Bool {
        guard peek() == UInt8(ascii: "[") else { return false }
        index += 1
        skipSpaces()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return true
        }
        while true {
            guard element(&self) else { return false }
            skipSpaces()
            guard index < bytes.count else { return false }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "]") { return true }
            guard bytes[index - 1] == UInt8(ascii: ",") else { return false }
        }
    }

    /// A member's key as UTF-8: the bytes between its quotes, read in place, unless it holds an
    /// escape, which is decoded. Keys are read for every member a reader passes over, so most
    /// are never made into a `String`.
    mutating func key() -> ArraySlice<UInt8>? {
        let start = index
        guard skipString() else { return nil }
        let raw = bytes[(start + 1)..<(index - 1)]
        guard raw.contains(UInt8(ascii: "\\")) else { return raw }
        index = start
        return string().map { Array($0.utf8)[...] }
    }

    /// Passes over a string without decoding it: its escapes are only stepped over.
    mutating func skipString() -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"): index += 1
            case 0..<0x20: return false
            default: break
            }
        }
        return false
    }

    mutating func number() -> JSONValue? {
        let start = index
        while index < bytes.count, Self.isNumberCharacter(bytes[index]) { index += 1 }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
            value.isFinite
        else { return nil }
        return .number(value)
    }

    /// A string at `index`, its escapes decoded (surrogate pairs joined).
    mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): run.append(escape)
                case UInt8(ascii: "b"): run.append(0x08)
                case UInt8(ascii: "f"): run.append(0x0C)
                case UInt8(ascii: "n"): run.append(0x0A)
                case UInt8(ascii: "r"): run.append(0x0D)
                case UInt8(ascii: "t"): run.append(0x09)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code), literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: return nil
                }
            case 0..<0x20: return nil
            default: run.append(byte)
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4,
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { return nil }
        index += 4
        return code
    }
}
