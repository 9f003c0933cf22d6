/// Where things go in a replay picture, in SVG user units (pixels at 100 %).
///
/// Surfaces and timelines share one left edge and width, so a device's panel reads top to
/// bottom and the timelines of several devices line up in time.
enum SVGLayout {
    static let pictureWidth = 900.0
    static let margin = 16.0
    /// Room on the left for the lane names and the millimetre labels.
    static let plotLeft = 110.0
    static let plotWidth = pictureWidth - plotLeft - margin
    /// A tall (portrait) surface is scaled down to this height so the timeline stays in view.
    static let maximumSurfaceHeight = 460.0

    static let titleHeight = 34.0
    /// The device's name and size above its surface.
    static let headingHeight = 44.0
    /// The millimetre labels under the surface and the gap to the timeline.
    static let surfaceFooterHeight = 46.0
    static let fingersLaneHeight = 40.0
    static let gestureLaneHeight = 26.0
    /// The seconds labels under the timeline and the gap to what follows.
    static let timelineFooterHeight = 52.0
    static let legendHeight = 64.0
    /// The mean advance of a character at the labels' 9 px: a text writer cannot ask a renderer
    /// for text metrics, so labels are measured with this to keep them from overlapping.
    static let labelCharacterWidth = 5.6

    /// Pixels per millimetre: the surface fills the plot's width unless that makes it too tall.
    static func surfaceScale(of device: ReplayPicture.Device) -> Double {
        min(plotWidth / max(device.width, 1), maximumSurfaceHeight / max(device.height, 1))
    }

    static func surfaceHeight(of device: ReplayPicture.Device) -> Double {
        max(device.height, 1) * surfaceScale(of: device)
    }

    static func timelineHeight(of trace: DeviceTrace) -> Double {
        fingersLaneHeight + Double(trace.lanes.count) * gestureLaneHeight
    }

    static func panelHeight(of trace: DeviceTrace) -> Double {
        headingHeight + surfaceHeight(of: trace.device) + surfaceFooterHeight
            + timelineHeight(of: trace) + timelineFooterHeight
    }
}
