import TactileCore

/// A picture of a replay, as one self-contained SVG (no scripts, no external references): for
/// each touch device, its surface to scale with every contact's path, and below it a timeline
/// with the finger count and one lane per gesture kind; a legend at the bottom.
///
/// It is fed the same way JSON output is — every decoded frame and every gesture event, in time
/// order — and keeps only what it draws, so it can watch a replay of any length. Every device
/// gets its own panel, stacked top to bottom on one shared time axis, so a recording of a
/// touchpad and a touchscreen shows what happened on each and in which order.
public struct ReplayPicture {
    /// What the picture needs to know of a device: its name and its size in millimetres.
    public struct Device: Sendable {
        public var name: String
        public var width: Double
        public var height: Double
        /// The size is a guess (the device reports no resolution); the picture says so.
        public var isSizeEstimated: Bool
        /// How near an edge an edge swipe must land, mm: drawn as a band inside each edge; 0 on
        /// a device without edge swipes, which has no band.
        public var edgeZone: Double

        public init(name: String, width: Double, height: Double, isSizeEstimated: Bool,
                    edgeZone: Double = GestureDefaults.edgeSwipeZoneMillimetres) {
            self.name = name
            self.width = width
            self.height = height
            self.isSizeEstimated = isSizeEstimated
            self.edgeZone = edgeZone
        }
    }

    private let title: String
    private var traces: [DeviceTrace]
    private var firstTime: Instant?
    private var lastTime: Instant?

    /// - Parameters:
    ///   - title: shown at the top, typically the recording's file name.
    ///   - devices: in the order of the device indices passed to `record`.
    public init(title: String, devices: [Device]) {
        self.title = title
        traces = devices.map(DeviceTrace.init(device:))
    }

    public mutating func record(_ frame: borrowing TouchFrame, device: Int) {
        note(frame.time)
        traces[device].record(frame)
    }

    public mutating func record(_ event: GestureEvent, device: Int) {
        note(event.time)
        traces[device].record(event)
    }

    private mutating func note(_ time: Instant) {
        if firstTime == nil { firstTime = time }
        lastTime = max(lastTime ?? time, time)
    }

    /// The SVG document, UTF-8.
    public func svg() -> [UInt8] {
        let origin = firstTime ?? Instant(microseconds: 0)
        let time = SVGTimeScale(
            origin: origin, end: lastTime ?? origin,
            left: SVGLayout.plotLeft, width: SVGLayout.plotWidth)
        let heights = traces.map { SVGLayout.panelHeight(of: $0) }
        let emptyHeight = traces.isEmpty ? SVGLayout.headingHeight : 0
        // Whole pixels, so the viewBox and the size agree exactly.
        let height = (SVGLayout.titleHeight + heights.reduce(0, +) + emptyHeight + SVGLayout.legendHeight).rounded(.up)

        var svg = SVGWriter()
        svg.start("svg", [
            "xmlns": "http://www.w3.org/2000/svg",
            "width": .number(SVGLayout.pictureWidth), "height": .number(height),
            "viewBox": .text("0 0 \(Int(SVGLayout.pictureWidth)) \(Int(height))"),
            "font-family": "DejaVu Sans, Verdana, sans-serif", "font-size": 11,
        ])
        svg.element("title", content: "Tactile replay of \(title)")
        svg.element("rect", ["width": "100%", "height": "100%", "fill": "white"])
        svg.element("text", ["x": .number(SVGLayout.margin), "y": 22, "font-size": 15, "font-weight": "bold"],
                    content: title)
        var top = SVGLayout.titleHeight
        if traces.isEmpty {
            svg.element("text", ["x": .number(SVGLayout.margin), "y": .number(top + 16)],
                        content: "No touch device in this recording.")
            top += emptyHeight
        }
        for (trace, panelHeight) in zip(traces, heights) {
            svg.drawPanel(trace, top: top, time: time)
            top += panelHeight
        }
        svg.drawLegend(top: top)
        svg.end()
        return svg.document
    }
}
