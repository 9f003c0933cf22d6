import Foundation
import Testing
@testable import TactileConfiguration

@Suite("The kernel key table")
struct KernelKeyCodeTableTests {
    /// Reads every `#define KEY_NAME VALUE` of the header itself, resolving `KEY_` aliases, so the
    /// committed table is checked by a second reading, not by the script that wrote it.
    private func headerKeyCodes() throws -> [String: UInt16] {
        let header = try String(contentsOfFile: "/usr/include/linux/input-event-codes.h", encoding: .utf8)
        var codes: [String: UInt16] = [:]
        for line in header.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 3, words[0] == "#define", words[1].hasPrefix("KEY_") else { continue }
            let name = words[1].dropFirst(4).lowercased(), value = words[2]
            if value.hasPrefix("KEY_") {
                codes[name] = codes[value.dropFirst(4).lowercased()]
            } else if value.hasPrefix("0x") {
                codes[name] = UInt16(value.dropFirst(2), radix: 16)
            } else {
                codes[name] = UInt16(value)
            }
        }
        for marker in ["reserved", "min_interesting", "max", "cnt"] { codes[marker] = nil }
        return codes
    }

    @Test("equals linux/input-event-codes.h (run scripts/generate-key-codes when it does not)")
    func tableIsTheHeader() throws {
        let header = try headerKeyCodes()
        #expect(header.count > 500)
        let missing = header.filter { kernelKeyCodes[$0.key] != $0.value }.map(\.key).sorted()
        let extra = kernelKeyCodes.keys.filter { header[$0] == nil }.sorted()
        #expect(missing.isEmpty, "in the header, not in the table: \(missing)")
        #expect(extra.isEmpty, "in the table, not in the header: \(extra)")
    }

    @Test("the modifier aliases name keys of the table")
    func aliasesAreKeys() {
        for (alias, name) in KeyCode.aliases {
            #expect(kernelKeyCodes[name] != nil, "\(alias) stands for \(name)")
            #expect(kernelKeyCodes[alias] == nil, "\(alias) would hide a kernel name")
        }
    }
}
