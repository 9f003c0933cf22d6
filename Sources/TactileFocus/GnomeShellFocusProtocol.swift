/// GNOME Shell (Wayland and X11): the focus from Tactile's extension (`gnome-shell/` in the
/// package, enabled by the user), which owns `org.tactile.Focus` on the session bus, answers
/// `GetFocus` and signals `FocusChanged` with the focused app's id (`Shell.WindowTracker`'s
/// focus app, a desktop entry's name) and the focused window's class (`Meta.Window.wm_class`:
/// a Wayland window's app_id or X11's class).
public struct GnomeShellFocusProtocol: FocusProtocol {
    public let name = "GNOME Shell"
    public var address: String { "the session bus (\(Self.busName), extension \(Self.extensionUUID))" }

    public init() {}

    static let busName = "org.tactile.Focus"
    static let path = "/org/tactile/Focus"
    static let interface = "org.tactile.Focus"
    public static let extensionUUID = "focus@tactile"

    public func connect() throws(FocusError) -> FocusStream {
        let bus = try SessionBus()
        try bus.addMatch(SessionBusFocusStream.ownerChangeRule(for: Self.busName))
        // Subscribed before asking, so no change between the answer and the subscription is lost.
        try bus.addMatch("type='signal',sender='\(Self.busName)',path='\(Self.path)',interface='\(Self.interface)',member='FocusChanged'")
        let extensionOwner: String
        do throws(FocusError) {
            extensionOwner = try bus.owner(of: Self.busName)
        } catch {
            throw FocusError("\(error) (is Tactile's extension enabled? gnome-extensions enable \(Self.extensionUUID))")
        }
        let reply = try bus.call(Self.busName, Self.path, Self.interface, "GetFocus")
        let appID = try reply.string()
        let initialFocus = FocusedWindow.application(className: try reply.string(), desktopEntry: appID)
        return SessionBusFocusStream(bus: bus, initialFocus: initialFocus, desktopName: Self.busName,
                                     decode: { Self.update(from: $0, extensionOwner: extensionOwner) })
    }

    /// What a signal from the extension means; `extensionOwner` is the unique name owning
    /// `org.tactile.Focus`, the only sender believed.
    static func update(from arrival: SessionBus.Arrival, extensionOwner: String) -> FocusUpdate {
        guard arrival.path == path, arrival.interface == interface, arrival.member == "FocusChanged" else {
            return .ignored("\(arrival.interface).\(arrival.member) at \(arrival.path) from \(arrival.sender)")
        }
        guard arrival.sender == extensionOwner else {
            return .ignored("a focus signal from \(arrival.sender), which is not the extension")
        }
        guard arrival.strings.count == 2 else {
            return .ignored("a focus signal with \(arrival.strings.count) strings instead of 2")
        }
        return .focused(FocusedWindow.application(className: arrival.strings[1], desktopEntry: arrival.strings[0]))
    }
}
