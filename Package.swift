// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Tactile",
    products: [
        .library(name: "TactileCore", targets: ["TactileCore"]),
        .executable(name: "tactile", targets: ["tactile"]),
        .executable(name: "tactile-bench", targets: ["tactile-bench"]),
    ],
    targets: [
        // Pure Swift: time, frames, recognizers, composition, arena, engine. No Foundation, no I/O.
        .target(
            name: "TactileCore",
            // Its generic code goes into its clients' modules, so each specializes the engine for its own
            // gesture set at any depth of inlined callers (an exported `@_specialize` is found only
            // one call deep: replay and live input ran the engine unspecialized).
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])],
            // `rounded()` and `squareRoot()` lower to libm; the core imports nothing, so link it here.
            linkerSettings: [.linkedLibrary("m")]
        ),
        // Raw evdev events + device description -> TouchFrames. Pure.
        .target(name: "TactileEvdev", dependencies: ["TactileCore"]),
        // libyaml's header, for `libinput record` files: tactile loads the library when it first
        // calls it (CLazyLibraries).
        .systemLibrary(name: "CYaml"),
        // evemu and libinput-record parsers, and the virtual-time replayer.
        .target(name: "TactileRecordings", dependencies: ["TactileCore", "TactileEvdev", "TactileSystem", "CYaml", "CLazyLibraries"]),
        // libinput's header only: tactile loads the library when it first calls it (CLazyLibraries).
        .systemLibrary(name: "CLibinput"),
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // epoll, timerfd and signalfd headers.
        .systemLibrary(name: "CLinuxIO"),
        // Thin typed wrappers over Linux calls: descriptors, errno, epoll, timerfd, signalfd, the event
        // loop, Unix socket addresses, the monotonic clock. Core only for `Instant`.
        .target(name: "TactileSystem", dependencies: ["TactileCore", "CLinuxIO"]),
        // Live input: libinput / libevdev / udev readers and hot-plug.
        .target(
            name: "TactileInput",
            dependencies: ["TactileCore", "TactileEvdev", "TactileSystem", "TactileProtocol", "CLibinput", "CLibevdev", "CUdev",
                           "CLazyLibraries"]
        ),
        // umockdev's testbed: emulated devices for the live-input tests; never linked into tactile.
        .systemLibrary(name: "CUmockdev", pkgConfig: "umockdev-1.0", providers: [.apt(["libumockdev-dev"])]),
        // The wire format: gesture events as JSON Lines out and in, fixed-decimal numbers.
        .target(name: "TactileProtocol", dependencies: ["TactileCore"]),
        // The configuration file: tuning, declared gestures, bindings.
        .target(name: "TactileConfiguration", dependencies: ["TactileCore", "TactileProtocol"]),
        // Other gesture tools' configurations (libinput-gestures, fusuma, Touchégg) as Tactile's: text in,
        // a configuration and what had no equivalent out; fusuma's YAML through libyaml (CLazyLibraries).
        .target(name: "TactileImport", dependencies: ["TactileConfiguration", "CYaml", "CLazyLibraries"]),
        // The SVG picture of a replay.
        .target(name: "TactilePicture", dependencies: ["TactileCore", "TactileProtocol"]),
        // sd-bus, the D-Bus library the Touchégg-protocol server speaks through: its header only, as
        // libinput's.
        .systemLibrary(name: "CSystemdBus"),
        // libinput, libsystemd and libyaml, loaded on a command's first call into them rather than at
        // every start: a short command maps four libraries instead of twenty-three.
        .target(name: "CLazyLibraries"),
        // What the daemon does with gestures: socket and D-Bus clients, bindings and their commands.
        .target(
            name: "TactileDaemon",
            dependencies: ["TactileCore", "TactileProtocol", "TactileConfiguration", "TactileSystem", "CSystemdBus",
                           "CLazyLibraries"]
        ),
        // The focused application, from the compositor's IPC (sway, i3, Hyprland, niri) or the session
        // bus (KWin through a script, GNOME Shell through an extension; sd-bus, CLazyLibraries), for
        // per-application bindings in `tactile listen --bindings`.
        .target(name: "TactileFocus", dependencies: ["TactileCore", "TactileSystem", "CSystemdBus", "CLazyLibraries"]),
        .executableTarget(
            name: "tactile",
            dependencies: ["TactileCore", "TactileEvdev", "TactileRecordings", "TactileProtocol",
                           "TactileConfiguration", "TactilePicture", "TactileDaemon", "TactileSystem",
                           "TactileInput", "TactileFocus", "TactileImport"]
        ),
        // Counts the process's heap allocations; linked into the benchmark only.
        .target(name: "CAllocationCounter"),
        .executableTarget(
            name: "tactile-bench",
            dependencies: ["TactileCore", "TactileEvdev", "TactileProtocol", "TactileRecordings", "TactileSystem",
                           "CAllocationCounter"]
        ),
        // The daemon under a mixed load for long stretches of input: figures at the start, the middle and the end.
        .executableTarget(name: "tactile-soak", dependencies: ["TactileSystem"]),
        .testTarget(name: "TactileCoreTests", dependencies: ["TactileCore"]),
        // TactileCore as an app would use it: `import TactileCore`, never `@testable`.
        .testTarget(name: "TactileCoreClientTests", dependencies: ["TactileCore"]),
        .testTarget(name: "TactileEvdevTests", dependencies: ["TactileCore", "TactileEvdev"]),
        .testTarget(name: "TactileSystemTests", dependencies: ["TactileCore", "TactileSystem"]),
        .testTarget(
            name: "TactileRecordingsTests",
            dependencies: ["TactileCore", "TactileEvdev", "TactileRecordings", "TactileProtocol", "TactileTestSupport"]
        ),
        .testTarget(name: "TactileFocusTests", dependencies: ["TactileFocus", "TactileCore", "TactileSystem"]),
        .testTarget(name: "TactileProtocolTests", dependencies: ["TactileCore", "TactileProtocol"]),
        .testTarget(name: "TactileDaemonTests",
                    dependencies: ["TactileDaemon", "TactileConfiguration", "TactileCore", "TactileProtocol", "TactileSystem",
                                   "TactileTestSupport"]),
        // ManPageTests read man/ through TactileTestSupport and the TACTILE_* table of TactileProtocol.
        .testTarget(name: "TactileConfigurationTests",
                    dependencies: ["TactileCore", "TactileConfiguration", "TactileProtocol", "TactileTestSupport"]),
        // Its fixtures are read from the checkout, as the recordings are.
        .testTarget(name: "TactileImportTests", dependencies: ["TactileImport", "TactileConfiguration", "TactileTestSupport"],
                    exclude: ["Fixtures"]),
        // CorpusPictureTests run the built `tactile`, so it is a dependency too.
        .testTarget(name: "TactilePictureTests", dependencies: ["TactileCore", "TactilePicture", "tactile"]),
        // Runs the built `tactile` as a process, as a user would.
        .testTarget(
            name: "TactileCommandTests",
            dependencies: ["tactile", "TactileProtocol", "TactileSystem", "TactileInput", "TactileFocus", "TactileTestSupport",
                           "TestRunnerLeakCheck"]
        ),
        .testTarget(
            name: "TactileInputTests",
            dependencies: ["TactileCore", "TactileEvdev", "TactileRecordings", "TactileInput", "TactileSystem", "TactileProtocol",
                           "CUmockdev", "TactileTestSupport", "TestRunnerLeakCheck"]
        ),
        // What several test targets share: the corpus, re-timing events, replaying a device, the
        // emulated /dev/uinput of Tests/UinputShim (whose key codes it names).
        .target(
            name: "TactileTestSupport",
            dependencies: ["TactileCore", "TactileEvdev", "TactileRecordings", "TactileConfiguration"],
            path: "Tests/TactileTestSupport"
        ),
        // Turns LeakSanitizer off in the test runner only; the processes it starts are checked.
        .target(name: "TestRunnerLeakCheck", path: "Tests/TestRunnerLeakCheck"),
    ],
    swiftLanguageModes: [.v6]
)

// Tactile's own modules use no regular expressions: without the implicit import of
// _StringProcessing the static binary leaves out it and _RegexParser (2.2 MB of 18.4).
// Nor do they use Concurrency (no async, no actors): without its implicit import the binary links
// neither it nor libdispatch, 0.7 MB less to map and no start-up initializers; the daemon's peak
// RSS went from 8.1 to 7.6 MB (bench/peers).
// Release builds leave out the run-time exclusivity checks: live, they were 3,000 of the 20,000
// instructions a touchscreen frame cost (callgrind on the live benchmark's stream, bench/peers). Debug builds, and
// so the tests, the sanitizer runs and the compile-time checks, keep them.
// Release builds also reach the metadata of a concrete generic type through its accessor, not
// by demangling its name: the default gesture set's nested types, demangled with their
// conformances looked up in every conformance record, cost 1.8 M instructions at a device's
// arrival.
for target in package.targets where target.type == .regular || target.type == .executable {
    guard target.name.lowercased().hasPrefix("tactile") else { continue }
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"]),
        .unsafeFlags(["-Xfrontend", "-disable-implicit-concurrency-module-import"]),
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
    ]
}
