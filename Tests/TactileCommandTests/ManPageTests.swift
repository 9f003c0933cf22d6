import Foundation
import TactileTestSupport
import Testing
import TactileCore
import TactileFocus
import TactileProtocol
@testable import tactile

/// tactile(1) against the command table: every command and option the parser accepts is
/// documented, under its own command, and the page renders without a warning.
@Suite("tactile(1)")
struct ManPageTests {
    /// `--device`, `-o`: the options a piece of roff names.
    static func options(in text: String) -> Set<String> {
        Set(text.matches(of: /(?:^|[^\w-])(--?[a-z][a-z-]*)/).map { String($0.output.1) })
    }

    @Test("man --warnings and groff -ww render tactile(1) and tactile.conf(5) without a warning",
          arguments: ["tactile.1", "tactile.conf.5"])
    func rendersClean(name: String) throws {
        let page = try ManPage(name)
        #expect(try page.renderingWarnings() == "")
        #expect(try page.renderedText().contains("NAME"))
    }

    @Test("both pages carry the version tactile --version prints", arguments: ["tactile.1", "tactile.conf.5"])
    func version(name: String) throws {
        #expect(try ManPage(name).sourceField == "tactile \(Version.current)")
    }

    @Test("every command has a subsection listing exactly its options", arguments: CommandDescription.all.map(\.name))
    func commandOptions(name: String) throws {
        let page = try ManPage("tactile.1")
        let command = try #require(CommandDescription.named(name))
        #expect(!page.lines(of: name, subsection: true).isEmpty, "no .SS \(name)")
        let documented = Self.options(in: page.entries(of: name, subsection: true).map(\.tag).joined(separator: " "))
        #expect(documented == Set(command.options.flatMap(\.names)))
        // Every option is also in the subsection's synopsis.
        let synopsis = ManPage.plain(page.lines(of: name, subsection: true).prefix { $0 != ".PP" }.joined(separator: " "))
        for option in command.options {
            #expect(!Self.options(in: synopsis).isDisjoint(with: option.names), "\(option.name) not in \(synopsis)")
        }
        #expect(page.plainText(of: "SYNOPSIS").contains("tactile \(name)"))
    }

    @Test("the description names libinput's gestures and leaves the kinds to tactile.conf(5), which names every one")
    func description() throws {
        let description = try ManPage("tactile.1").plainText(of: "DESCRIPTION")
        for gesture in PassThroughGesture.Kind.allCases {
            #expect(description.contains(gesture.rawValue), "\(gesture.rawValue) is not in DESCRIPTION")
        }
        #expect(description.contains("lists under GESTURES"))
        let kinds = try ManPage("tactile.conf.5").plainText(of: "GESTURES")
        for kind in GestureKind.allCases {
            #expect(kinds.contains(kind.rawValue), "\(kind.rawValue) is not in tactile.conf(5)'s GESTURES")
        }
        #expect(!description.contains("through libinput and libevdev"))
    }

    @Test("the options of every command, exit statuses, environment and files are there")
    func generalSections() throws {
        let page = try ManPage("tactile.1")
        #expect(Self.options(in: page.entries(of: "OPTIONS").map(\.tag).joined(separator: " "))
            == Set((HelpText.helpOption.names + HelpText.versionOption.names)))
        #expect(page.entries(of: "EXIT STATUS").map(\.tag) == ["0", "1", "2"])
        let environment = page.entries(of: "ENVIRONMENT").map(\.tag).joined(separator: " ")
        for variable in ["XDG_CONFIG_HOME", "TACTILE_SOCKET", "JOURNAL_STREAM", "LISTEN_FDS", "NOTIFY_SOCKET"]
            + FocusSourceDetection.variables {
            #expect(environment.contains(variable))
        }
        let files = page.entries(of: "FILES").map(\.tag).joined(separator: " ")
        for file in ["/etc/tactile/config", "/run/tactile/tactile.sock", "tactile.service", "tactile.socket",
                     "tactile-bindings.service", "sysusers.d/tactile.conf"] {
            #expect(files.contains(file), "\(file)")
        }
    }
}
