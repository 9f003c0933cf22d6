import TactileCore
import TactileProtocol

extension SVGWriter {
    /// The device's surface to scale, a millimetre grid, and each contact's path from its
    /// touch-down (dot) to its lift (cross), coloured by the contact's id.
    mutating func drawSurface(_ trace: DeviceTrace, top: Double, time: SVGTimeScale) {
        let device = trace.device
        let scale = SVGLayout.surfaceScale(of: device)
        let left = SVGLayout.plotLeft
        let width = max(device.width, 1) * scale
        let height = SVGLayout.surfaceHeight(of: device)
        func x(_ millimetres: Double) -> Double { left + millimetres * scale }
        func y(_ millimetres: Double) -> Double { top + millimetres * scale }

        start("g", ["class": "surface"])
        element("rect", [
            "class": "outline", "x": .number(left), "y": .number(top), "width": .number(width), "height": .number(height),
            "rx": 4, "fill": .text(SVGPalette.surface), "stroke": .text(SVGPalette.ink),
        ])
        // One round step for both axes keeps the grid square, as the surface is.
        let axis = SVGAxis(span: max(device.width, device.height), maximumTicks: 14)
        var grid = SVGPathData()
        for value in axis.ticks {
            if value > 0, value < device.width {
                grid.move(to: x(value), top)
                grid.line(to: x(value), top + height)
            }
            if value > 0, value < device.height {
                grid.move(to: left, y(value))
                grid.line(to: left + width, y(value))
            }
        }
        element("path", ["class": "grid", "d": .text(grid.text), "stroke": .text(SVGPalette.grid), "fill": "none"])
        // The edge-swipe zones: a band inside each edge, its width to scale.
        if device.edgeZone > 0 {
            let zone = min(device.edgeZone, device.width / 2, device.height / 2) * scale
            var zones = SVGPathData()
            zones.move(to: left + zone, top + zone)
            zones.line(to: left + width - zone, top + zone)
            zones.line(to: left + width - zone, top + height - zone)
            zones.line(to: left + zone, top + height - zone)
            zones.line(to: left + zone, top + zone)
            element("path", ["class": "edge-zones", "d": .text(zones.text),
                             "stroke": .text(SVGPalette.gesture(.edgeSwipe)), "stroke-dasharray": "4 3", "fill": "none"])
        }
        start("g", ["class": "axis", "fill": .text(SVGPalette.faint), "font-size": 10])
        for value in axis.ticks where value <= device.width {
            element("text", ["x": .number(x(value)), "y": .number(top + height + 14), "text-anchor": "middle"],
                    content: axis.label(value))
        }
        for value in axis.ticks where value <= device.height {
            element("text", ["x": .number(left - 6), "y": .number(y(value) + 4), "text-anchor": "end"],
                    content: axis.label(value))
        }
        element("text", ["x": .number(left + width / 2), "y": .number(top + height + 30), "text-anchor": "middle"],
                content: "x (mm)")
        let yLabel = (x: left - 36, y: top + height / 2)
        element("text", [
            "x": .number(yLabel.x), "y": .number(yLabel.y), "text-anchor": "middle",
            "transform": .text("rotate(-90 \(Decimal.string(yLabel.x, digits: 1)) \(Decimal.string(yLabel.y, digits: 1)))"),
        ], content: "y (mm)")
        end()

        start("g", ["class": "contacts", "fill": "none", "stroke-width": 1.3,
                    "stroke-linecap": "round", "stroke-linejoin": "round"])
        for track in trace.tracks {
            let colour = SVGWriter.Value.text(SVGPalette.contact(track.id))
            let points = track.points
            var path = SVGPathData()
            path.move(to: x(points[0].x), y(points[0].y))
            for point in points.dropFirst() { path.line(to: x(point.x), y(point.y)) }
            start("path", ["class": "contact", "d": .text(path.text), "stroke": colour])
            element("title", content: Self.describe(track, time: time))
            end()
            element("circle", ["class": "touch-down", "cx": .number(x(points[0].x)), "cy": .number(y(points[0].y)),
                               "r": 2.6, "fill": colour, "stroke": "none"])
            if track.lift != nil, let last = points.last {
                drawCross(at: x(last.x), y(last.y), colour: colour, class: "lift")
            }
        }
        end()
        end()
    }

    /// A lift: a small × where the contact left the surface. The class tells a lift from the
    /// legend's sample of one.
    mutating func drawCross(at x: Double, _ y: Double, colour: SVGWriter.Value, class className: SVGWriter.Value) {
        let arm = 3.0
        var cross = SVGPathData()
        cross.move(to: x - arm, y - arm)
        cross.line(to: x + arm, y + arm)
        cross.move(to: x - arm, y + arm)
        cross.line(to: x + arm, y - arm)
        element("path", ["class": className, "d": .text(cross.text), "stroke": colour, "stroke-width": 1.5])
    }

    /// The tooltip of a contact's path: which contact, and when it was down.
    private static func describe(_ track: ContactTrack, time: SVGTimeScale) -> String {
        let down = Decimal.string(time.offset(track.touchDown), digits: 3)
        guard let lift = track.lift else { return "contact \(track.id): down at \(down) s, still down at the end" }
        return "contact \(track.id): down at \(down) s, lifted at \(Decimal.string(time.offset(lift), digits: 3)) s"
    }
}
