import TactileCore

/// The colours of a replay picture.
enum SVGPalette {
    /// Ten colours that stay apart on white and from each other (the common "category 10" set);
    /// a device holds at most `TouchFrame.capacity` = 10 contacts, so contacts down together
    /// differ whenever their ids are consecutive, as kernels assign them.
    private static let contacts = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
        "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    ]

    /// The colour of a contact, by its tracking id.
    static func contact(_ id: Int32) -> String {
        let count = Int32(contacts.count)
        return contacts[Int(((id % count) + count) % count)]
    }

    /// One colour per gesture kind (its descriptor's), so a lane reads at a glance.
    static func gesture(_ kind: GestureKind) -> String {
        GestureRegistry.descriptor(for: kind).laneColour
    }

    static let cancelled = "#d62728"
    static let ink = "#222222"
    static let faint = "#888888"
    static let grid = "#e4e4e4"
    static let surface = "#f7f7f4"
}
