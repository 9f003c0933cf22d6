import Foundation
import Testing
import TactileConfiguration
import TactileTestSupport
@testable import TactileImport

/// What every conversion must be: text `tactile check` takes, every binding under a comment
/// naming its source line, every omission reported.
enum ImportExpectations {
    /// A fixture's text.
    static func fixture(_ path: String) throws -> String {
        try String(contentsOf: PeerConfigurations.fixtures.appendingPathComponent(path), encoding: .utf8)
    }

    /// `text` in `format`, checked: it parses as a configuration, and each binding and omission
    /// names a line of `text` whose words it quotes.
    static func convert(_ text: String, _ format: ImportFormat, file: String = "source.conf") throws -> ConvertedConfiguration {
        let converted = format.convert(text, file: file)
        let configuration = try Configuration.parse(converted.text, file: "converted")
        #expect(configuration.bindings.count == converted.bindings.count, "\(converted.text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for binding in converted.bindings {
            #expect(converted.text.contains("# \(file):\(binding.source.number): \(binding.source.text)\n"))
            #expect((1...lines.count).contains(binding.source.number))
        }
        for omission in converted.omissions {
            #expect((1...lines.count).contains(omission.line.number), "\(omission)")
            #expect(converted.reports.contains(omission.report(file: file)))
        }
        return converted
    }

    /// The binding lines made from line `number`.
    static func bindings(_ converted: ConvertedConfiguration, fromLine number: Int) -> [String] {
        converted.bindings.filter { $0.source.number == number }.compactMap(\.text)
    }

    /// The reason line `number` was not converted, if it was not.
    static func omission(_ converted: ConvertedConfiguration, line number: Int) -> String? {
        converted.omissions.first { $0.line.number == number }?.reason
    }
}
