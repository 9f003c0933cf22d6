import TactileImport
import TactileSystem

/// `tactile import FILE [--from FORMAT]`: another gesture tool's configuration as Tactile's, on
/// stdout; what had no equivalent, on stderr, one `FILE:LINE: …` each, and then exit status 1.
struct ImportCommand {
    let path: String
    /// `--from`; nil: told by the file's content.
    let format: ImportFormat?

    init(_ arguments: inout Arguments) throws(UsageError) {
        var path: String?
        var format: ImportFormat?
        while let argument = arguments.next() {
            switch argument {
            case "--from":
                let name = try arguments.value(for: argument)
                guard let named = ImportFormat(rawValue: name) else {
                    throw UsageError("--from takes \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'")
                }
                format = named
            case _ where argument.hasPrefix("-"): throw UsageError("unknown option '\(argument)' for import")
            default:
                guard path == nil else { throw UsageError("import takes one file, got '\(argument)'") }
                path = argument
            }
        }
        guard let path else { throw UsageError("import needs the file to convert") }
        self.path = path
        self.format = format
    }

    func run() throws {
        let bytes: [UInt8]
        do {
            // Another tool's configuration is as small as Tactile's own: the same cap.
            bytes = try FileDescriptor.contents(ofFile: path, limit: ConfigurationFile.largestFile)
        } catch {
            throw OutputError(message: "\(path): cannot be read: \(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw OutputError(message: "\(path): expected UTF-8 text")
        }
        guard let format = format ?? ImportFormat.detect(text) else {
            throw OutputError(message: "\(path): not a configuration of libinput-gestures, fusuma or Touchégg that tactile "
                              + "can tell; name its format with --from")
        }
        let converted = format.convert(text, file: path)
        StandardOutput.write(converted.text)
        for report in converted.reports { StandardError.write(report + "\n") }
        guard converted.isComplete else {
            let count = converted.omissions.count
            throw OutputError(message: "\(count) \(count == 1 ? "line" : "lines") of \(path) could not be converted")
        }
    }
}
