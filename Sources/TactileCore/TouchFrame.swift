/// One finger on the surface, in millimetres from the device's top-left corner (y grows downward).
public struct Contact: Equatable, Sendable {
    /// Stable for the contact's lifetime (a tracking id, or one the decoder assigned).
    public var id: Int32
    /// Millimetres from the surface's left edge.
    public var x: Double
    /// Millimetres from the surface's top edge (y grows downward).
    public var y: Double

    /// Contact `id` at (`x`, `y`) millimetres.
    @inlinable public init(id: Int32, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }

    /// Where the contact is.
    @inlinable public var position: Point { Point(x: x, y: y) }
}

/// The contacts that are down after one SYN_REPORT, and the time it was reported.
///
/// Storage is inline and fixed (`capacity` contacts), so building, copying and passing a
/// frame never touches the heap.
public struct TouchFrame: Sendable {
    /// Most multitouch devices report at most 10 slots; libinput caps touchpads the same way.
    public static let capacity = 10

    /// When the frame was reported (its SYN_REPORT), on the device's clock.
    public var time: Instant
    /// How many contacts are in `contacts`.
    public private(set) var count: Int
    /// How many fingers the device says are down. Larger than `count` on pads that report more
    /// fingers (BTN_TOOL_DOUBLETAP…QUINTTAP) than positions, e.g. semi-MT and single-touch pads.
    public var fingerCount: Int
    /// A physical button is held (a clickpad pressed down): what the fingers do is a click,
    /// not a tap.
    public var isButtonPressed = false
    /// How to read it in place depends on the reader (Swift 6.3): a method reading one frame
    /// subscripts it (`centroid`); one reading two frames at once takes their spans
    /// (`TouchInput.init(_:latest:)`). The other way round copies all ten contacts, once per read
    /// or once per call (callgrind counts them as memcpy calls).
    @usableFromInline var storage: InlineArray<10, Contact>

    /// A frame at `time` with no contact: every finger lifted.
    public init(time: Instant) {
        self.time = time
        self.count = 0
        self.fingerCount = 0
        self.storage = InlineArray(repeating: Contact(id: -1, x: 0, y: 0))
    }

    /// A frame with the given contacts (at most `capacity`; more are dropped).
    public init(time: Instant, contacts: [Contact], fingerCount: Int? = nil) {
        self.init(time: time)
        for contact in contacts { _ = append(contact) }
        self.fingerCount = max(fingerCount ?? count, count)
    }

    /// The contact at `index`, in `0..<count`.
    @inlinable public subscript(index: Int) -> Contact {
        precondition(index >= 0 && index < count, "contact index out of range")
        return storage.span[index]
    }

    /// No contact is down.
    public var isEmpty: Bool { count == 0 }

    /// Adds a contact; returns false, changing nothing, when the frame is full.
    @discardableResult
    public mutating func append(_ contact: Contact) -> Bool {
        guard count < TouchFrame.capacity else { return false }
        storage[count] = contact
        count += 1
        if fingerCount < count { fingerCount = count }
        return true
    }

    /// Becomes a copy of `other`, moving only the contacts it holds. What the engine keeps each
    /// frame: a whole copy went through memcpy, 272 bytes in 64-byte stores, and the measurement
    /// that reads the frame next (`TouchInput`) stalled on its first contact until they landed
    /// (14 % of its time in `perf`). `other` is read through a span: subscripting a borrowed
    /// frame's storage copied all ten contacts for each one read.
    @inline(__always)
    mutating func assign(_ other: borrowing TouchFrame) {
        time = other.time
        count = other.count
        fingerCount = other.fingerCount
        isButtonPressed = other.isButtonPressed
        let contacts = other.storage.span
        var index = 0
        while index < other.count {
            storage[index] = contacts[index]
            index += 1
        }
    }

    /// Lifts every contact, keeping the time.
    public mutating func removeAllContacts() {
        count = 0
        fingerCount = 0
    }

    /// The contact with this id, if it is down in this frame.
    @inlinable public func contact(withID id: Int32) -> Contact? {
        var index = 0
        while index < count {
            let contact = storage[index]
            if contact.id == id { return contact }
            index += 1
        }
        return nil
    }

    /// The mean position of the contacts; (0, 0) for an empty frame.
    @inline(__always)
    public var centroid: Point {
        guard count > 0 else { return Point(x: 0, y: 0) }
        var x = 0.0, y = 0.0
        for index in 0..<count {
            let contact = storage[index]
            x += contact.x
            y += contact.y
        }
        return Point(x: x / Double(count), y: y / Double(count))
    }
}

/// A position or a displacement in millimetres.
public struct Point: Equatable, Sendable {
    /// Millimetres rightward.
    public var x: Double
    /// Millimetres downward.
    public var y: Double

    /// The point or vector (`x`, `y`), in millimetres.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, and no movement.
    public static let zero = Point(x: 0, y: 0)

    /// The vector's length, in millimetres.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// The sum of two vectors.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The vector from `b` to `a`.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}

extension TouchFrame {
    /// No finger is on the surface (the device reports neither positions nor a finger count).
    @inlinable public var allLifted: Bool { fingerCount == 0 }
}
