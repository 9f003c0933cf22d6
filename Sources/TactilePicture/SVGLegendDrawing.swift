extension SVGWriter {
    /// What the symbols mean: one row for the surface, one for the timeline.
    mutating func drawLegend(top: Double) {
        let ink = SVGWriter.Value.text(SVGPalette.ink)
        let drag = SVGWriter.Value.text(SVGPalette.gesture(.drag))
        start("g", ["class": "legend", "font-size": 10])
        let row1 = top + 18, row2 = top + 42
        var x = SVGLayout.margin

        element("circle", ["cx": .number(x + 3), "cy": .number(row1 - 4), "r": 2.6, "fill": ink])
        x = legendText("touch-down", at: x + 10, row1)
        var path = SVGPathData()
        path.move(to: x, row1 - 2)
        path.line(to: x + 12, row1 - 8)
        path.line(to: x + 24, row1 - 3)
        element("path", ["d": .text(path.text), "stroke": ink, "stroke-width": 1.3, "fill": "none"])
        x = legendText("contact path, coloured by contact id", at: x + 30, row1)
        drawCross(at: x + 3, row1 - 4, colour: ink, class: "sample")
        x = legendText("lift", at: x + 10, row1)
        element("line", ["x1": .number(x), "x2": .number(x + 24), "y1": .number(row1 - 4), "y2": .number(row1 - 4),
                         "stroke": .text(SVGPalette.contact(1)), "stroke-width": 3])
        x = legendText("contact down (fingers lane)", at: x + 30, row1)
        x = legendText("surface to scale, grid in mm", at: x, row1)

        x = SVGLayout.margin
        element("rect", ["x": .number(x), "y": .number(row2 - 9), "width": 24, "height": 10,
                         "fill": drag, "fill-opacity": 0.35, "stroke": drag])
        x = legendText("gesture from began to ended", at: x + 30, row2)
        element("rect", ["x": .number(x), "y": .number(row2 - 9), "width": 24, "height": 10,
                         "fill": drag, "fill-opacity": 0.35, "stroke": .text(SVGPalette.cancelled), "stroke-dasharray": "3 2"])
        x = legendText("cancelled", at: x + 30, row2)
        element("circle", ["cx": .number(x + 6), "cy": .number(row2 - 4), "r": 6, "fill": .text(SVGPalette.gesture(.tap))])
        element("text", ["x": .number(x + 6), "y": .number(row2 - 1), "text-anchor": "middle", "font-size": 9,
                         "font-weight": "bold", "fill": "white"], content: "2")
        x = legendText("tap and its count", at: x + 16, row2)
        element("line", ["x1": .number(x + 4), "x2": .number(x + 4), "y1": .number(row2 - 11), "y2": .number(row2 + 3),
                         "stroke": .text(SVGPalette.gesture(.longPress)), "stroke-width": 1.5])
        x = legendText("long-press tick", at: x + 12, row2)
        x = legendText("2f = two fingers", at: x, row2)
        end()
    }

    /// Writes `text` at (x, baseline) and returns where the next legend item may start.
    private mutating func legendText(_ text: String, at x: Double, _ baseline: Double) -> Double {
        element("text", ["x": .number(x), "y": .number(baseline)], content: text)
        // About 6 px a character at the legend's 10 px.
        return x + Double(text.count) * 6 + 18
    }
}
