import TactileConfiguration

/// `tactile check [FILE]`: validates a configuration file (the one in use when none is named).
struct CheckCommand {
    let file: ConfigurationFile

    init(_ arguments: inout Arguments) throws(UsageError) {
        var path: String?
        while let argument = arguments.next() {
            guard !argument.hasPrefix("-"), path == nil else { throw UsageError("check takes one file, got '\(argument)'") }
            path = argument
        }
        file = ConfigurationFile(explicit: path)
    }

    func run() throws {
        let configuration = try file.load()
        print("\(file.name): OK: \(configuration.tuningSections.count) tuning sections, "
            + "\(configuration.gestures.count) declared gestures, \(configuration.bindings.count) bindings")
    }
}

/// `tactile config --default`: prints the embedded default configuration, to start a file from.
struct ConfigCommand {
    init(_ arguments: inout Arguments) throws(UsageError) {
        guard arguments.next() == "--default", arguments.next() == nil else {
            throw UsageError("usage: tactile config --default")
        }
    }

    func run() { print(Configuration.defaultText, terminator: "") }
}
