import Foundation
import Testing
@testable import tactile

/// `--version`, `--help` and `help COMMAND` as a user types them: stdout, exit 0, for every command.
@Suite("help and version")
struct HelpAndVersionTests {
    @Test("--version prints tactile X.Y.Z from the one place the version is defined")
    func version() throws {
        let run = try TactileRun(["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "tactile \(Version.current)\n")
        #expect(Version.current.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil)
    }

    @Test("the Debian changelog's newest entry is this version (scripts/package refuses otherwise)")
    func changelogVersion() throws {
        let changelog = try String(contentsOf: TactileRun.repository.appendingPathComponent("packaging/changelog"), encoding: .utf8)
        #expect(changelog.hasPrefix("tactile (\(Version.current)-"), "\(changelog.prefix(40))")
    }

    @Test("--help, -h and help print the overview of every command to stdout", arguments: [["--help"], ["-h"], ["help"]])
    func overview(arguments: [String]) throws {
        let run = try TactileRun(arguments)
        #expect(run.status == 0 && run.standardError.isEmpty)
        #expect(run.standardOutput == HelpText.overview)
        for command in CommandDescription.all {
            #expect(run.standardOutput.contains("tactile \(command.synopsis[0])"))
            #expect(run.standardOutput.contains("  \(command.name)  ") || run.standardOutput.contains("  \(command.name) "))
        }
    }

    @Test("COMMAND --help, COMMAND -h and help COMMAND print its usage and every option",
          arguments: CommandDescription.all.map(\.name))
    func commandHelp(name: String) throws {
        let command = try #require(CommandDescription.named(name))
        for arguments in [[name, "--help"], [name, "-h"], ["help", name]] {
            let run = try TactileRun(arguments)
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            #expect(run.standardOutput == HelpText.command(command))
            #expect(run.standardOutput.hasPrefix("usage: tactile \(name)"))
            for option in command.options {
                #expect(run.standardOutput.contains(HelpText.label(option)), "\(option.name) missing from \(name) --help")
            }
        }
    }

    @Test("--help after other options still helps, even where the command would need more")
    func helpAfterOptions() throws {
        let run = try TactileRun(["run", "--device", "/dev/input/event0", "--help"])
        #expect(run.status == 0 && run.standardOutput == HelpText.command(.run))
        let replay = try TactileRun(["replay", "--frames", "-h"])
        #expect(replay.status == 0 && replay.standardOutput == HelpText.command(.replay))
    }

    @Test("an option the table does not list is refused with exit 2, whatever the command",
          arguments: CommandDescription.all.map(\.name))
    func unknownOption(name: String) throws {
        let run = try TactileRun([name, "--no-such-option"])
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("tactile: unknown option '--no-such-option' for \(name)\nusage: tactile \(name)"))
    }

    @Test("help for a command that does not exist is a usage error")
    func helpForNothing() throws {
        let run = try TactileRun(["help", "frobnicate"])
        #expect(run.status == 2 && run.standardError.contains("no command 'frobnicate'"))
    }

    /// A value each option accepts, so that parsing gets past it.
    static func sample(_ value: OptionValue) -> String {
        switch value.completion {
        case .file: return "Recordings/evd-egalax-pcap.desc"
        case .eventNode: return "/dev/input/event0"
        case .words(let words): return words[0]
        case .group: return "root"
        case .command: return "run"
        case .none:
            switch value.placeholder {
            case "WIDTHxHEIGHT": return "100x60"
            case "SEAT": return "seat0"
            default: return "1"
            }
        }
    }

    @Test("every option in the table is one its command's parser handles", arguments: CommandDescription.all.map(\.name))
    func parserHandlesTable(name: String) throws {
        let command = try #require(CommandDescription.named(name))
        for option in command.options {
            for spelling in option.names {
                var arguments = Arguments([spelling] + (option.value.map { [Self.sample($0)] } ?? [])[...])
                do {
                    _ = try command.parse(&arguments)
                } catch {
                    // Other complaints (replay needs a file, --desc goes with --replay) mean the option was read.
                    #expect(!error.message.contains("unknown option"), "\(name) \(spelling): \(error.message)")
                    #expect(!error.message.contains("got '\(spelling)'"), "\(name) \(spelling): \(error.message)")
                }
            }
        }
    }
}
