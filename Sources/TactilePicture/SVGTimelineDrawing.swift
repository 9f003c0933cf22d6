import TactileCore
import TactileProtocol

extension SVGWriter {
    /// How many fingers were down over time, then one lane per gesture kind with each
    /// recognized gesture where it happened, and the seconds axis under them.
    mutating func drawTimeline(_ trace: DeviceTrace, top: Double, time: SVGTimeScale) {
        let lanes = trace.lanes
        let height = SVGLayout.timelineHeight(of: trace)
        let axis = time.axis
        start("g", ["class": "timeline"])

        var grid = SVGPathData()
        for value in axis.ticks {
            grid.move(to: time.x(offset: value), top)
            grid.line(to: time.x(offset: value), top + height)
        }
        for lane in 0...lanes.count {
            let y = top + SVGLayout.fingersLaneHeight + Double(lane) * SVGLayout.gestureLaneHeight
            grid.move(to: time.left, y)
            grid.line(to: time.left + time.width, y)
        }
        element("path", ["class": "grid", "d": .text(grid.text), "stroke": .text(SVGPalette.grid), "fill": "none"])

        drawFingers(trace, top: top, time: time)
        for (index, kind) in lanes.enumerated() {
            let laneTop = top + SVGLayout.fingersLaneHeight + Double(index) * SVGLayout.gestureLaneHeight
            element("text", ["x": .number(time.left - 8), "y": .number(laneTop + 17), "text-anchor": "end"],
                    content: kind.rawValue)
            drawLane(trace.marks.filter { $0.kind == kind }, top: laneTop, time: time)
        }

        start("g", ["class": "axis", "fill": .text(SVGPalette.faint), "font-size": 10])
        for value in axis.ticks {
            element("text", ["x": .number(time.x(offset: value)), "y": .number(top + height + 14),
                             "text-anchor": "middle"], content: axis.label(value))
        }
        // Recordings often carry the capture machine's uptime; say where 0 is on that clock.
        let origin = Decimal.string(time.origin.seconds, digits: 3)
        let caption = origin == "0.000"
            ? "time (s)"
            : "time (s) since the first event, at \(origin) s on the recording's clock"
        element("text", ["x": .number(time.left + time.width / 2), "y": .number(top + height + 30),
                         "text-anchor": "middle"], content: caption)
        end()
        end()
    }

    /// A step chart of the finger count, 0 at the lane's bottom, and over it each contact's time
    /// on the surface as a line in the contact's colour: it ties the paths above to the moments
    /// below.
    private mutating func drawFingers(_ trace: DeviceTrace, top: Double, time: SVGTimeScale) {
        let most = max(trace.mostFingers, 1)
        let bottom = top + SVGLayout.fingersLaneHeight - 4
        let unit = (SVGLayout.fingersLaneHeight - 10) / Double(most)
        element("text", ["x": .number(time.left - 8), "y": .number(top + 17), "text-anchor": "end"], content: "fingers")
        element("text", ["x": .number(time.left - 8), "y": .number(top + 30), "text-anchor": "end",
                         "fill": .text(SVGPalette.faint), "font-size": 9], content: "0 to \(most)")
        var path = SVGPathData()
        path.move(to: time.left, bottom)
        var level = bottom
        for step in trace.fingerSteps {
            let x = time.x(step.time)
            path.line(to: x, level)
            level = bottom - Double(step.fingers) * unit
            path.line(to: x, level)
        }
        path.line(to: time.left + time.width, level)
        path.line(to: time.left + time.width, bottom)
        element("path", ["class": "fingers", "d": .text(path.text), "fill": "#d9d9d9", "stroke": "#999999",
                         "stroke-width": 0.8])
        start("g", ["class": "lifetimes", "stroke-width": .number(min(unit * 0.6, 4))])
        for track in trace.tracks {
            guard let end = track.lift ?? trace.lastFrame else { continue }
            let y = bottom - (Double(track.row) + 0.5) * unit
            element("line", ["x1": .number(time.x(track.touchDown)), "x2": .number(max(time.x(end), time.x(track.touchDown) + 1)),
                             "y1": .number(y), "y2": .number(y), "stroke": .text(SVGPalette.contact(track.id))])
        }
        end()
    }

    /// One kind's gestures. A span's label goes above its bar, or after the bar when that would
    /// run into the previous label; a tap's label goes after its circle, or above it when the
    /// next tap is too close. Where neither fits the label is left out: every mark still carries
    /// the full description as its tooltip.
    private mutating func drawLane(_ marks: [GestureMark], top: Double, time: SVGTimeScale) {
        let pictureRight = SVGLayout.pictureWidth - 4
        var aboveEnd = -Double.infinity
        for (index, mark) in marks.enumerated() {
            let colour = SVGWriter.Value.text(SVGPalette.gesture(mark.kind))
            let left = time.x(mark.start)
            let right = max(time.x(mark.end), left + 2)
            start("g", ["class": .text("gesture \(mark.kind.rawValue)"), "data-sequence": .text("\(mark.sequence)")])
            element("title", content: Self.describe(mark, time: time))
            if mark.isMoment {
                element("circle", ["cx": .number(left), "cy": .number(top + 17), "r": 6, "fill": colour])
                element("text", ["x": .number(left), "y": .number(top + 20), "text-anchor": "middle",
                                 "font-size": 9, "font-weight": "bold", "fill": "white"], content: "\(mark.count)")
            } else {
                let cancelled = mark.outcome == .cancelled
                element("rect", [
                    "x": .number(left), "y": .number(top + 12), "width": .number(right - left), "height": 10,
                    "fill": colour, "fill-opacity": 0.35,
                    "stroke": cancelled ? .text(SVGPalette.cancelled) : colour,
                    "stroke-dasharray": cancelled || mark.isOpen ? "3 2" : "none",
                ])
                for tick in mark.ticks {
                    element("line", ["class": "tick", "x1": .number(time.x(tick)), "x2": .number(time.x(tick)),
                                     "y1": .number(top + 9), "y2": .number(top + 25), "stroke": colour, "stroke-width": 1.5])
                }
            }
            let label = mark.label
            let labelWidth = Double(label.count) * SVGLayout.labelCharacterWidth
            let nextMark = index + 1 < marks.count ? time.x(marks[index + 1].start) - 7 : pictureRight
            // Near the right edge a label above moves left rather than off the picture.
            let aboveX = min(mark.isMoment ? left - 6 : left, pictureRight - labelWidth)
            let rowX = mark.isMoment ? left + 8 : right + 4
            let fitsAbove = aboveX >= aboveEnd + 4
            let fitsOnRow = rowX + labelWidth <= min(nextMark, pictureRight)
            if fitsAbove && (!mark.isMoment || !fitsOnRow) {
                element("text", ["x": .number(aboveX), "y": .number(top + 9), "font-size": 9], content: label)
                aboveEnd = aboveX + labelWidth
            } else if fitsOnRow {
                element("text", ["x": .number(rowX), "y": .number(top + 20), "font-size": 9], content: label)
            }
            end()
        }
    }

    /// The tooltip of a gesture: everything the JSON said that matters for a picture.
    private static func describe(_ mark: GestureMark, time: SVGTimeScale) -> String {
        let start = Decimal.string(time.offset(mark.start), digits: 3)
        let fingers = mark.fingers == 1 ? "1 finger" : "\(mark.fingers) fingers"
        if mark.isMoment {
            return "tap ×\(mark.count), \(fingers), at \(start) s (sequence \(mark.sequence))"
        }
        let end = Decimal.string(time.offset(mark.end), digits: 3)
        return "\(mark.kind.rawValue) \(mark.label): \(start) to \(end) s, \(mark.ticks.count) ticks "
            + "(\(fingers), sequence \(mark.sequence))"
    }
}
