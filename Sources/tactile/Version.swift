/// The one place the version is defined: `tactile --version` prints it, the package is named
/// after it (`scripts/package` asks the built binary) and a test holds the man pages to it.
enum Version {
    static let current = "0.1.0"
}
