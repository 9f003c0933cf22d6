/// A desktop's focus reports over the session bus, after its handshake (KWin's script, GNOME
/// Shell's extension). The desktop leaving the bus or being replaced (its name's owner changes)
/// loses the connection as a compositor closing its socket does, so `FocusSource` reconnects,
/// loading the script again into a restarted KWin.
final class SessionBusFocusStream: FocusStream {
    let bus: SessionBus
    /// Set by the handshake from the desktop's first report.
    var initialFocus: String?
    /// The desktop's well-known name, whose owner is followed.
    private let desktopName: String
    private let decode: (SessionBus.Arrival) -> FocusUpdate
    /// Undoes the handshake (unloads KWin's script) when the stream is let go.
    private let cleanUp: () -> Void

    /// - Parameter decode: what a message from the desktop means.
    init(bus: SessionBus, initialFocus: String?, desktopName: String,
         decode: @escaping (SessionBus.Arrival) -> FocusUpdate, cleanUp: @escaping () -> Void = {}) {
        self.bus = bus
        self.initialFocus = initialFocus
        self.desktopName = desktopName
        self.decode = decode
        self.cleanUp = cleanUp
    }

    deinit { cleanUp() }

    var descriptor: Int32 { bus.descriptor }

    /// The rule that routes the bus's word on `name`'s owner to this connection.
    static func ownerChangeRule(for name: String) -> String {
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
    }

    func readUpdates() throws(FocusError) -> [FocusUpdate] {
        try bus.process()
        var updates: [FocusUpdate] = []
        for arrival in bus.takeArrivals() {
            if arrival.sender == "org.freedesktop.DBus" {
                if arrival.member == "NameOwnerChanged", arrival.strings.first == desktopName {
                    throw FocusError("\(desktopName) left the session bus or was replaced")
                }
                continue
            }
            updates.append(decode(arrival))
        }
        if bus.takeCutNotice() {
            updates.append(.notice("more than \(SessionBus.arrivalsPerPass) messages arrived at once; "
                                   + "the rest are read as the loop comes back"))
        }
        return updates
    }
}
