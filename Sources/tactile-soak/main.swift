import Glibc

/// `tactile-soak [--input-minutes M] [--speed S] [--tactile PATH]`: the daemon under a mixed load
/// for M minutes of input (30) replayed S times faster (60); see `Soak`. CI runs a short form.
/// Exits 0 when every figure held, 1 when one did not, 2 when the soak could not run.
func soakFromArguments() -> Soak {
    var inputMinutes = 30.0
    var speed = 60.0
    let me = CommandLine.arguments[0]
    var tactile = me.lastIndex(of: "/").map { String(me[...$0]) + "tactile" } ?? "tactile"
    var arguments = CommandLine.arguments.dropFirst()
    while let option = arguments.popFirst() {
        guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
        switch option {
        case "--input-minutes": inputMinutes = Double(value) ?? 0
        case "--speed": speed = Double(value) ?? 0
        case "--tactile": tactile = value
        default: fail("unknown option \(option); usage: tactile-soak [--input-minutes M] [--speed S] [--tactile PATH]")
        }
    }
    guard inputMinutes > 0, (1...1000).contains(speed) else { fail("--input-minutes above 0 and --speed from 1 to 1000") }
    // The repository, for the corpus and the uinput shim: three levels above this file.
    let repository = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    return Soak(tactile: tactile, repository: repository, inputMinutes: inputMinutes, speed: speed)
}

signal(SIGPIPE, SIG_IGN)
exit(soakFromArguments().run() ? 0 : 1)
