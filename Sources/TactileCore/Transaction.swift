/// The third argument SwiftUI passes `updating`'s body, beside the value and the state, so a
/// body written `{ value, state, transaction in … }` compiles as it is. In SwiftUI it carries the
/// animation of the change; Tactile draws nothing, so it is empty, and a body's changes to it go
/// nowhere.
public struct Transaction: Sendable {
    /// An empty transaction.
    public init() {}
}
