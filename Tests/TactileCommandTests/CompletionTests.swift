import Foundation
import Testing
@testable import tactile

/// The bash, zsh and fish completions in `completions/`, asked by the real shells
/// (`Tests/CompletionCapture/complete`) and held to the command table: every command, exactly
/// each command's options, and for each option the values its table entry says.
@Suite("shell completions")
struct CompletionTests {
    static let shells = ["bash", "zsh", "fish"]
    static let script = TactileRun.repository.appendingPathComponent("Tests/CompletionCapture/complete").path
    /// Files to offer: a recording, a picture, a directory.
    static let directory: URL = {
        let directory = temporaryDirectory()
        for name in ["a.evemu", "c.svg"] {
            let created = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
            precondition(created, "could not create the completion tests' \(name)")
        }
        try? FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        return directory
    }()
    /// The event nodes the capture script's private /dev holds.
    static let eventNodes: Set<String> = ["/dev/input/event3", "/dev/input/event12"]

    static func candidates(_ shell: String, _ line: String) throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [shell, line]
        process.currentDirectoryURL = directory
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && errors.isEmpty, "\(shell) '\(line)': \(errors)")
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test("the commands, then --help and --version", arguments: shells)
    func commands(shell: String) throws {
        let names = Set(CommandDescription.all.map(\.name))
        #expect(try Self.candidates(shell, "tactile ").isSuperset(of: names))
        #expect(try Self.candidates(shell, "tactile --").isSuperset(of: ["--help", "--version"]))
        #expect(try Self.candidates(shell, "tactile help ") == names)
    }

    @Test("exactly each command's options", arguments: shells)
    func options(shell: String) throws {
        for command in CommandDescription.all {
            let long = command.options.flatMap(\.names).filter { $0.hasPrefix("--") }
            // fish also offers `--explain=`, the way to give a value that follows '=' only.
            let attached = Set(command.options.filter { $0.attachedValue != nil }.map { $0.name + "=" })
            #expect(try Self.candidates(shell, "tactile \(command.name) --").subtracting(attached) == Set(long + ["--help"]),
                    "\(shell): tactile \(command.name) --")
            let short = command.options.flatMap(\.names).filter { !$0.hasPrefix("--") }
            if !short.isEmpty {
                #expect(try Self.candidates(shell, "tactile \(command.name) -").isSuperset(of: short))
            }
        }
    }

    @Test("each option's values: its words, event nodes, files, groups, or nothing; a value after '=' too", arguments: shells)
    func values(shell: String) throws {
        for command in CommandDescription.all {
            for option in command.options {
                guard let value = option.value else { continue }
                let line = "tactile \(command.name) \(option.name) "
                let offered = try Self.candidates(shell, line)
                switch value.completion {
                case .words(let words): #expect(offered == Set(words), "\(shell): \(line)")
                case .eventNode: #expect(offered == Self.eventNodes, "\(shell): \(line)")
                case .file:
                    #expect(offered.contains("c.svg"), "\(shell): \(line) \(offered)")
                    if value.placeholder != "OUT.svg" { #expect(offered.contains("a.evemu"), "\(shell): \(line)") }
                case .group: #expect(offered.contains("root"), "\(shell): \(line)")
                case .command: #expect(offered == Set(CommandDescription.all.map(\.name)))
                case .none: #expect(offered.isEmpty, "\(shell): \(line) offered \(offered)")
                }
            }
            for option in command.options {
                guard case .words(let words)? = option.attachedValue?.completion else { continue }
                // bash and zsh offer the word after '=', fish the whole argument.
                let line = "tactile \(command.name) \(option.name)="
                let offered = try Self.candidates(shell, line).map { $0.hasPrefix("\(option.name)=") ? String($0.dropFirst(option.name.count + 1)) : $0 }
                #expect(Set(offered) == Set(words), "\(shell): \(line) offered \(offered)")
            }
            if command.operand?.completion == .file {
                #expect(try Self.candidates(shell, "tactile \(command.name) ").contains("a.evemu"), "\(shell) \(command.name)")
            }
        }
    }
}
