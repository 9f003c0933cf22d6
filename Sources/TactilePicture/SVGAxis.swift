import TactileProtocol

/// Tick marks for an axis from 0 to `span`: a step of 1, 2 or 5 times a power of ten, so the
/// labels are round numbers a person can read off (10 mm, 0.5 s).
struct SVGAxis {
    let span: Double
    let step: Double

    /// The smallest round step that gives at most `maximumTicks` intervals over `span`.
    init(span: Double, maximumTicks: Int) {
        let span = span.isFinite ? max(span, 0) : 0
        self.span = span
        var magnitude = 0.001
        var candidate = magnitude
        search: while true {
            for factor in [1.0, 2.0, 5.0] {
                candidate = factor * magnitude
                if span / candidate <= Double(maximumTicks) { break search }
            }
            magnitude *= 10
        }
        step = candidate
    }

    private init(span: Double, step: Double) {
        self.span = span
        self.step = step
    }

    /// The same steps, with the span extended to the next tick, so the axis ends on a label.
    var roundedUp: SVGAxis {
        SVGAxis(span: (span / step).rounded(.up) * step, step: step)
    }

    /// The tick values from 0 up to `span`.
    var ticks: [Double] {
        var values: [Double] = []
        var index = 0.0
        while index * step <= span * (1 + 1e-9) {
            values.append(index * step)
            index += 1
        }
        return values
    }

    /// A tick's label with as many decimals as the step needs.
    func label(_ value: Double) -> String {
        let digits = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        return Decimal.string(value, digits: digits)
    }
}
