import TactileEvdev

/// The devices of one recording file, each with its description and its events in order.
public struct Recording: Sendable {
    public var devices: [RecordedDevice]

    public init(devices: [RecordedDevice]) {
        self.devices = devices
    }
}

/// One device of a recording: what it said about itself and what it sent.
public struct RecordedDevice: Sendable {
    public var description: DeviceDescription
    public var events: [InputEvent]

    public init(description: DeviceDescription, events: [InputEvent]) {
        self.description = description
        self.events = events
    }
}
