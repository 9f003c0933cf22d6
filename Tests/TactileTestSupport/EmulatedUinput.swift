import Foundation
import Glibc
import TactileConfiguration

/// /dev/uinput as Tests/UinputShim emulates it for one `tactile` process: the environment that
/// preloads the shim, and what the shim logged — every uinput request, every event written and,
/// in between, the lines the process printed.
public struct EmulatedUinput {
    public let log: URL
    /// Set to make the open of /dev/uinput fail with this errno name (EACCES, ENOENT, EPERM).
    var failure: String?
    /// With `failure`: the open fails only while this file exists.
    var failureSwitch: URL?

    public init(directory: URL, name: String = "uinput", failure: String? = nil, whileExists failureSwitch: URL? = nil) {
        log = directory.appendingPathComponent("\(name).log")
        self.failure = failure
        self.failureSwitch = failureSwitch
    }

    /// The shim, compiled once per test process with the C compiler the machine has.
    static let library: Result<String, ShimBuildError> = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("UinputShim/uinput-shim.c").path
        let library = NSTemporaryDirectory() + "tactile-uinput-shim-\(getpid()).so"
        for compiler in ["cc", "clang", "gcc"] {
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = [compiler, "-shared", "-fPIC", "-O2", "-o", library, source, "-ldl", "-lpthread"]
            guard (try? build.run()) != nil else { continue }
            build.waitUntilExit()
            if build.terminationStatus == 0 { return .success(library) }
        }
        return .failure(ShimBuildError(source: source))
    }()

    public struct ShimBuildError: Error, CustomStringConvertible {
        let source: String
        public var description: String { "could not compile \(source) with cc, clang or gcc" }
    }

    /// What a `tactile` process needs in its environment to use this emulation.
    public func environment() throws -> [String: String] {
        let preload = [try Self.library.get(), ProcessInfo.processInfo.environment["LD_PRELOAD"]]
        var environment = ["LD_PRELOAD": preload.compactMap { $0 }.joined(separator: ":"), "TACTILE_UINPUT_LOG": log.path]
        if let failure { environment["TACTILE_UINPUT_FAIL"] = failure }
        if let failureSwitch { environment["TACTILE_UINPUT_FAIL_WHEN"] = failureSwitch.path }
        return environment
    }

    /// The log's lines, key codes by their kernel names: `EV_KEY leftmeta 1`, `SYN_REPORT`,
    /// `UI_SET_KEYBIT leftalt`; printed lines as `stdout LINE`.
    public var lines: [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let words = line.split(separator: " ")
            if line == "EV_SYN 0 0" { return "SYN_REPORT" }
            if words.count >= 2, words[0] == "EV_KEY" || words[0] == "UI_SET_KEYBIT", let code = UInt16(words[1]) {
                return ([String(words[0]), KeyCode(rawValue: code).description] + words.dropFirst(2).map(String.init))
                    .joined(separator: " ")
            }
            return String(line)
        }
    }

    /// The lines the shim logs as the virtual keyboard is made with `keys` (kernel names), and,
    /// with `pointer`, the relative axes that make its buttons a mouse's.
    public static func creation(_ keys: [String], pointer: Bool = false) -> [String] {
        let codes = keys.map { KeyCode(named: $0) ?? PointerButton(rawValue: String($0.dropFirst(4)))!.code }
        return ["open /dev/uinput", "UI_SET_EVBIT 1"]
            + codes.sorted().map { "UI_SET_KEYBIT \($0)" }
            + (pointer ? ["UI_SET_EVBIT 2", "UI_SET_RELBIT 0", "UI_SET_RELBIT 1"] : [])
            + [#"UI_DEV_SETUP "Tactile virtual keyboard" bus 0x6"#, "UI_DEV_CREATE"]
    }

    /// The lines of the device's removal.
    public static let removal = ["UI_DEV_DESTROY", "close"]
}

/// A key going down or up, with its SYN_REPORT, as the log shows it.
public func press(_ name: String) -> [String] { ["EV_KEY \(name) 1", "SYN_REPORT"] }
public func release(_ name: String) -> [String] { ["EV_KEY \(name) 0", "SYN_REPORT"] }
