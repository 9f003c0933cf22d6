/// The numbers Touchégg's D-Bus protocol carries, as its daemon defines them
/// (`src/gesture/gesture-type.h`, `gesture-direction.h`, `device-type.h` and `src/daemon/dbus.h` in
/// github.com/JoseExposito/touchegg). Clients (GNOME's "X11 Gestures" extension, Gala, Cinnamon,
/// Touchégg's own client) compare against these values, so they are fixed here, not derived.
public enum Touchegg {
    /// `unix:abstract=touchegg`: where every client looks (Touchégg's `DBUS_ADDRESS` on Linux).
    public static let defaultAddress = "unix:abstract=touchegg"
    public static let objectPath = "/io/github/joseexposito/Touchegg"
    public static let interface = "io.github.joseexposito.Touchegg"

    public enum GestureType: UInt32, Sendable {
        case swipe = 1, pinch = 2, tap = 3
    }

    public enum Direction: UInt32, Sendable {
        /// A tap's, and whatever Touchégg cannot name.
        case unknown = 0
        case up = 1, down = 2, left = 3, right = 4
        /// A pinch whose fingers close.
        case `in` = 5
        /// A pinch whose fingers spread.
        case out = 6
    }

    public enum DeviceType: UInt32, Sendable {
        case touchpad = 1, touchscreen = 2
    }

    /// Which of the three signals.
    public enum Member: String, Sendable {
        case begin = "OnGestureBegin"
        case update = "OnGestureUpdate"
        case end = "OnGestureEnd"
    }

    /// One signal's arguments, as the wire carries them.
    public struct Signal: Equatable, Sendable {
        public var member: Member
        public var type: GestureType
        public var direction: Direction
        /// 0–100: how far the gesture went towards its action (clients act at `End` past 20 % by default).
        public var percentage: Double
        public var fingers: Int32
        public var device: DeviceType
        /// Milliseconds since `Begin`.
        public var elapsedMilliseconds: UInt64

        public init(_ member: Member, _ type: GestureType, _ direction: Direction, percentage: Double, fingers: Int32,
                    device: DeviceType, elapsedMilliseconds: UInt64) {
            self.member = member
            self.type = type
            self.direction = direction
            self.percentage = percentage
            self.fingers = fingers
            self.device = device
            self.elapsedMilliseconds = elapsedMilliseconds
        }
    }
}
