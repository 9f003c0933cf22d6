import Foundation

/// A man page's roff source in `man/`, read the way the man page tests need it: rendered by
/// man(1) for its warnings, and split into sections and the tags of their `.TP` paragraphs, so
/// a test can hold what the page lists to what the code accepts.
public struct ManPage {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../man").standardizedFileURL

    public let path: String
    public let source: String

    public init(_ name: String) throws {
        path = Self.directory.appendingPathComponent(name).path
        source = try String(contentsOfFile: path, encoding: .utf8)
    }

    /// What `man --warnings -l` and `groff -ww -z` print on stderr while rendering: empty when clean.
    public func renderingWarnings() throws -> String {
        let man = try Self.run(["man", "--warnings", "-E", "UTF-8", "-l", path], environment: ["MANWIDTH": "80"])
        let groff = try Self.run(["groff", "-ww", "-z", "-man", path])
        return man.standardError + groff.standardError
            + (man.status == 0 ? "" : "man exited \(man.status)\n") + (groff.status == 0 ? "" : "groff exited \(groff.status)\n")
    }

    /// The page as man renders it, in plain ASCII.
    public func renderedText() throws -> String {
        try Self.run(["man", "-E", "ascii", "-l", path], environment: ["MANWIDTH": "200", "MAN_KEEP_FORMATTING": ""])
            .standardOutput
    }

    /// The `.TH` line's source field, e.g. `tactile 0.1.0`.
    public var sourceField: String? {
        guard let line = source.split(separator: "\n").first(where: { $0.hasPrefix(".TH ") }) else { return nil }
        let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
        return quoted.count >= 2 ? String(quoted[1]) : nil
    }

    /// The source lines of `.SH name` (or `.SS name` with `subsection`), up to the next heading of its level.
    public func lines(of name: String, subsection: Bool = false) -> [String] {
        let macro = subsection ? ".SS" : ".SH"
        let all = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = all.firstIndex(where: { Self.heading($0, macro) == name }) else { return [] }
        let rest = all[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix(macro + " ") || $0.hasPrefix(".SH ") } ?? all.endIndex
        return Array(all[(start + 1)..<end])
    }

    /// The first word of every `.TP` tag in a section, as rendered: `tap.maximum-duration`, `fingers=N`.
    public func tags(of name: String, subsection: Bool = false) -> [String] {
        entries(of: name, subsection: subsection).map { String($0.tag.prefix { $0 != " " }) }
    }

    /// Every `.TP` paragraph of a section: its tag as man shows it (with `.TQ` tags joined by a
    /// space) and its body, unescaped.
    public func entries(of name: String, subsection: Bool = false) -> [(tag: String, body: String)] {
        var entries: [(tag: String, body: String)] = []
        var lines = lines(of: name, subsection: subsection)[...]
        while let line = lines.popFirst() {
            guard line == ".TP", let first = lines.popFirst() else { continue }
            var tag = Self.rendered(first)
            while lines.first == ".TQ", lines.count >= 2 {
                lines.removeFirst()
                tag += " " + Self.rendered(lines.removeFirst())
            }
            let body = lines.prefix { ![".TP", ".PP"].contains($0) }
            lines = lines.dropFirst(body.count)
            entries.append((tag, Self.plain(body.joined(separator: "\n"))))
        }
        return entries
    }

    /// The text of one line as man shows it: a font macro's arguments (quoted with `"`, `""`
    /// for a quote) joined, without spaces for the alternating ones (`.BI`, `.BR`, …), fonts
    /// and escapes dropped.
    public static func rendered(_ line: String) -> String {
        guard line.hasPrefix(".") else { return plain(line) }
        let macro = line.prefix { $0 != " " }
        var arguments: [String] = []
        var rest = Substring(line.dropFirst(macro.count))
        while true {
            rest = rest.drop { $0 == " " }
            guard let first = rest.first else { break }
            var argument = ""
            if first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.popFirst() {
                    if character == "\"" {
                        if rest.first == "\"" { argument.append("\""); rest = rest.dropFirst() } else { break }
                    } else {
                        argument.append(character)
                    }
                }
            } else {
                argument = String(rest.prefix { $0 != " " })
                rest = rest.dropFirst(argument.count)
            }
            arguments.append(argument)
        }
        let alternating = [".BI", ".BR", ".IB", ".IR", ".RB", ".RI"].contains(String(macro))
        return plain(arguments.joined(separator: alternating ? "" : " "))
    }

    /// A section's text with roff's escapes for `-` undone and fonts dropped, to search in.
    public func plainText(of name: String, subsection: Bool = false) -> String {
        Self.plain(lines(of: name, subsection: subsection).joined(separator: "\n"))
    }

    /// `\-` to `-`, font changes dropped.
    public static func plain(_ roff: String) -> String {
        roff.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(de", with: "°")
            .replacingOccurrences(of: "\\(en", with: "–").replacingOccurrences(of: "\\(mu", with: "×")
            .replacingOccurrences(of: #"\\f[BIRP]"#, with: "", options: .regularExpression)
    }

    private static func heading(_ line: String, _ macro: String) -> String? {
        guard line.hasPrefix(macro + " ") else { return nil }
        return String(line.dropFirst(macro.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    public struct Output {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }
}
