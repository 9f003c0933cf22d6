/// The gesture kinds Tactile recognizes, in the order they are listed everywhere (documentation,
/// configuration errors, the replay picture's lanes).
public enum GestureRegistry {
    /// Every kind's descriptor, in order.
    public static let descriptors: [GestureDescriptor] = GestureKind.allCases.map(\.descriptor)

    /// The descriptor of `kind`.
    public static func descriptor(for kind: GestureKind) -> GestureDescriptor { kind.descriptor }

    /// The descriptor called `name` (`long-press`), if there is one.
    public static func descriptor(named name: String) -> GestureDescriptor? {
        GestureKind(rawValue: name).map(descriptor(for:))
    }

    /// Every `gesture.key` a `[tuning]` section takes, with its tunable.
    public static var tuningKeys: [(key: String, gesture: GestureDescriptor, tunable: Tunable)] {
        descriptors.flatMap { gesture in gesture.tunables.map { ($0.key, gesture, $0) } }
    }
}
