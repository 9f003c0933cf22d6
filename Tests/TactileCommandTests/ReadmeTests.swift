import Foundation
import Testing
@testable import tactile

/// The README is what a new user follows to the letter: its links must lead somewhere and every
/// `tactile` command in its code blocks must be one `tactile` accepts, parsed by the command's
/// own option table and parser.
@Suite("README and docs")
struct ReadmeTests {
    static let pages = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "docs/protocol.md", "docs/performance.md"]

    static func text(_ page: String) throws -> String {
        try String(contentsOf: TactileRun.repository.appendingPathComponent(page), encoding: .utf8)
    }

    /// The lines of the page's fenced code blocks.
    static func codeLines(_ text: String) -> [String] {
        var inside = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inside.toggle(); continue }
            if inside { lines.append(String(line)) }
        }
        return lines
    }

    /// The words after `tactile` of each command on a line that runs it, as a shell splits them:
    /// quotes removed, up to a pipe, a redirection, `&&`, `;` or a comment.
    static func tactileCommands(in line: String) -> [[String]] {
        var commands: [[String]] = []
        var words: [String] = []
        var word = "", quote: Character?, inWord = false
        func endWord() {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        }
        func endCommand() {
            endWord()
            // The program is the first word after `sudo`, `exec` and variable assignments.
            let program = words.drop { $0 == "sudo" || $0 == "exec" || $0.contains("=") }
            if let first = program.first, first == "tactile" || first.hasSuffix("/tactile") {
                commands.append(Array(program.dropFirst()))
            }
            words = []
        }
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "'", "\"": quote = character; inWord = true
            case " ", "\t": endWord()
            case "|", ";", "&", ">", "<": endCommand()
            case "#" where !inWord: endCommand(); return commands
            default: word.append(character); inWord = true
            }
        }
        endCommand()
        return commands
    }

    @Test("every tactile command in the README's code blocks parses with tactile's own tables")
    func commandsParse() throws {
        let commands = Self.codeLines(try Self.text("README.md")).flatMap(Self.tactileCommands)
        #expect(commands.count >= 10, "\(commands)")
        for words in commands {
            guard let name = words.first, let command = CommandDescription.named(name) else {
                if words.first?.hasPrefix("-") == true {
                    #expect(["--help", "-h", "--version"].contains(words[0]), "\(words)")
                } else {
                    Issue.record("not a tactile command: \(words)")
                }
                continue
            }
            var arguments = Arguments(words.dropFirst())
            #expect(throws: Never.self, "tactile \(words.joined(separator: " "))") {
                _ = try ArgumentCheck.check(words.dropFirst()[...], for: command)
                _ = try command.parse(&arguments)
            }
        }
    }

    @Test("the README's configuration passes tactile check, and so does the quick start's")
    func configurationsCheck() throws {
        let text = try Self.text("README.md")
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```ini" { current = [] } else if line == "```", let lines = current {
                blocks.append(lines.joined(separator: "\n") + "\n")
                current = nil
            } else { current?.append(line) }
        }
        // The quick start writes its file with printf: the same text, its escapes undone.
        let printf = try #require(text.firstMatch(of: /printf '(\[bindings\][^']*)' > ~\/.config\/tactile\/config/))
        blocks.append(String(printf.output.1).replacingOccurrences(of: "\\n", with: "\n"))
        #expect(blocks.count == 2)
        let directory = temporaryDirectory()
        for (index, block) in blocks.enumerated() {
            let file = directory.appendingPathComponent("config-\(index)")
            try block.write(to: file, atomically: true, encoding: .utf8)
            let check = try TactileRun(["check", file.path])
            #expect(check.status == 0, "\(check.standardError)")
        }
    }

    @Test("every relative link of the user's and the team's pages resolves", arguments: pages)
    func linksResolve(page: String) throws {
        let text = try Self.text(page)
        let base = TactileRun.repository.appendingPathComponent(page).deletingLastPathComponent()
        for match in text.matches(of: /\]\(([^)\s]+)\)/) {
            let target = String(match.output.1)
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") { continue }
            let path = String(target.prefix { $0 != "#" })
            #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path), "\(page): \(target)")
        }
    }

    @Test("the README is for users: at most 250 lines, no dated runs, no first person")
    func readmeIsShort() throws {
        let text = try Self.text("README.md")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 250, "\(lines.count) lines")
        #expect(text.firstMatch(of: /20[0-9]{2}-[0-9]{2}-[0-9]{2}/) == nil)
        #expect(text.firstMatch(of: /\b(I|I'm|I've)\b(?!\/)|\bwe measured\b/) == nil)
    }
}
