import Glibc

/// /dev/uinput as Tests/UinputShim emulates it, preloaded into `listen --bindings`: the shim
/// logs every event the virtual keyboard writes, from which the keys left down are counted.
struct EmulatedKeyboard {
    let log: String
    let library: String

    /// Compiles the shim of this repository into `directory`.
    init(repository: String, directory: String) {
        log = directory + "/uinput.log"
        library = directory + "/uinput-shim.so"
        let compile = ChildProcess(["/usr/bin/cc", "-shared", "-fPIC", "-O2", "-o", library,
                                    repository + "/Tests/UinputShim/uinput-shim.c", "-ldl", "-lpthread"],
                                   directory: directory, name: "cc")
        guard compile.wait(seconds: 60) == 0 else { fail("cannot compile the uinput shim: \(compile.errors)") }
    }

    var environment: [String: String] { ["LD_PRELOAD": library, "TACTILE_UINPUT_LOG": log] }

    /// Presses written, and the keys whose last event was a press: held when the process ended.
    func keys() -> (presses: Int, leftDown: Int) {
        var down: [Substring: Bool] = [:]
        var presses = 0
        for line in readText(log).split(separator: "\n") where line.hasPrefix("EV_KEY ") {
            let words = line.split(separator: " ")
            guard words.count == 3 else { continue }
            down[words[1]] = words[2] != "0"
            if words[2] == "1" { presses += 1 }
        }
        return (presses, down.values.count { $0 })
    }
}
