import Foundation
import Testing

/// libinput, libsystemd and libyaml are loaded by the commands that call them, and only by those
/// (Sources/CLazyLibraries). The dynamic linker says what it loads when `LD_DEBUG=files` is set.
@Suite("libraries loaded on first use")
struct LazyLibraryTests {
    /// The shared objects the dynamic linker opened for the run, by file name.
    static func loadedLibraries(_ arguments: [String]) throws -> (run: TactileRun, libraries: Set<String>) {
        let run = try TactileRun(arguments, environment: ["LD_DEBUG": "files"])
        // Lines such as `   1234:     file=libinput.so.10 [0];  needed by ./tactile [0]` or
        // `file=libinput.so.10 [0];  dynamically loaded by ./tactile [0]`.
        var libraries = Set<String>()
        for line in run.standardError.split(separator: "\n") {
            guard let start = line.range(of: "file=") else { continue }
            let name = line[start.upperBound...].prefix { $0 != " " && $0 != "[" }
            libraries.insert(String(name))
        }
        return (run, libraries)
    }

    @Test("a short command maps neither libinput, libsystemd nor libyaml, nor what they bring")
    func shortCommand() throws {
        for arguments in [["config", "--default"], ["check"], ["--version"]] {
            let (run, libraries) = try Self.loadedLibraries(arguments)
            #expect(run.status == 0, "\(arguments): \(run.standardError.suffix(300))")
            #expect(!libraries.isEmpty, "LD_DEBUG printed nothing: the check would pass vacuously")
            for library in ["libinput.so.10", "libsystemd.so.0", "libglib-2.0.so.0", "libgcrypt.so.20", "libyaml-0.so.2"] {
                #expect(!libraries.contains(library), "\(arguments) loaded \(library)")
            }
        }
    }

    @Test("finding devices needs udev alone: libinput is for touchpads' own gestures")
    func devicesNeedNoLibinput() throws {
        let (run, libraries) = try Self.loadedLibraries(["devices"])
        #expect(run.status == 0, "\(run.standardError.suffix(300))")
        #expect(libraries.contains("libudev.so.1"), "\(libraries.sorted())")
        for library in ["libinput.so.10", "libglib-2.0.so.0", "libwacom.so.9", "libsystemd.so.0", "libyaml-0.so.2"] {
            #expect(!libraries.contains(library), "devices loaded \(library)")
        }
    }

    @Test("a libinput record file loads libyaml, and an evemu file does not")
    func yamlForLibinputRecordsAlone() throws {
        let (yaml, yamlLibraries) = try Self.loadedLibraries(["replay", "Fuzz/Seeds/libinput-record/two-devices.yml"])
        #expect(yaml.status == 0, "\(yaml.standardError.suffix(300))")
        #expect(yamlLibraries.contains("libyaml-0.so.2"), "\(yamlLibraries.sorted())")
        let (evemu, evemuLibraries) = try Self.loadedLibraries(["replay", "Recordings/evd-cypress.two-finger-tap.evemu"])
        #expect(evemu.status == 0, "\(evemu.standardError.suffix(300))")
        #expect(!evemuLibraries.contains("libyaml-0.so.2"), "\(evemuLibraries.sorted())")
    }
}
