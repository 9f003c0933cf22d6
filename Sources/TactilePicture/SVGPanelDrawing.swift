import TactileProtocol

extension SVGWriter {
    /// One device: its name and size, its surface with the contacts, and its timeline.
    mutating func drawPanel(_ trace: DeviceTrace, top: Double, time: SVGTimeScale) {
        let device = trace.device
        start("g", ["class": "device"])
        element("text", ["x": .number(SVGLayout.margin), "y": .number(top + 16), "font-size": 13, "font-weight": "bold"],
                content: device.name)
        let size = "\(Decimal.string(device.width, digits: 0)) × \(Decimal.string(device.height, digits: 0)) mm"
        let sizeNote = device.isSizeEstimated
            ? "\(size) (estimated: the device reports no resolution), \(trace.tracks.count) contacts"
            : "\(size), \(trace.tracks.count) contacts"
        element("text", ["x": .number(SVGLayout.margin), "y": .number(top + 32), "fill": .text(SVGPalette.faint)],
                content: sizeNote)
        let surfaceTop = top + SVGLayout.headingHeight
        drawSurface(trace, top: surfaceTop, time: time)
        let timelineTop = surfaceTop + SVGLayout.surfaceHeight(of: device) + SVGLayout.surfaceFooterHeight
        drawTimeline(trace, top: timelineTop, time: time)
        end()
    }
}
