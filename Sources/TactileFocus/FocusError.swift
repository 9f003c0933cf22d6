/// Why a compositor's focus could not be learned or followed: said in `listen`'s log, then
/// the source backs off and tries again.
public struct FocusError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
