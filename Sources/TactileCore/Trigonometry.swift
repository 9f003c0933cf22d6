// The core imports nothing, and the standard library has no inverse trigonometry, so rotation
// angles use this small arctangent. Accurate to ~1e-12 rad, far below any touch sensor's noise.

/// atan(z): reduced to |z| ≤ tan(π/12) by atan(z) = π/2 − atan(1/z) and
/// atan(z) = π/6 + atan((√3·z − 1)/(√3 + z)), then a short Taylor series.
func arcTangent(_ z: Double) -> Double {
    if z < 0 { return -arcTangent(-z) }
    if z > 1 { return Double.pi / 2 - arcTangent(1 / z) }
    let sqrt3 = 1.7320508075688772
    if z > seriesLimit {
        return Double.pi / 6 + arcTangent((sqrt3 * z - 1) / (sqrt3 + z))
    }
    return arcTangentSeries(z)
}

/// tan(π/12): below it the series converges fast enough.
private let seriesLimit = 0.2679491924311227

/// atan(z) for |z| ≤ tan(π/12), the common case (a frame turns the fingers by a degree or so):
/// not recursive, so it inlines into its callers.
@inline(__always)
private func arcTangentSeries(_ z: Double) -> Double {
    // z − z³/3 + z⁵/5 − … to z²³/23: |z| ≤ 0.268 makes the next term < 1e-14. With w = z², the
    // twelve coefficients are summed by Estrin's scheme, in pairs, then pairs of pairs, with w,
    // w², w⁴: the longest chain is five multiply-adds. By Horner's rule it was twelve, one after
    // the other, and a frame's rotation waited for them (~100 cycles, a tenth of the core's frame).
    let w = z * z
    let w2 = w * w
    let w4 = w2 * w2
    let p0 = 1.0 / 1 - w * (1.0 / 3)
    let p1 = 1.0 / 5 - w * (1.0 / 7)
    let p2 = 1.0 / 9 - w * (1.0 / 11)
    let p3 = 1.0 / 13 - w * (1.0 / 15)
    let p4 = 1.0 / 17 - w * (1.0 / 19)
    let p5 = 1.0 / 21 - w * (1.0 / 23)
    let q0 = p0 + w2 * p1
    let q1 = p2 + w2 * p3
    let q2 = p4 + w2 * p5
    return z * (q0 + w4 * (q1 + w4 * q2))
}

/// Below this |z| (3.6°) seven terms of the series reach double precision: the next, z¹⁵/15,
/// is under 1e-18 of z (2⁻⁵⁶/15). A frame's turn is nearly always this small (1.8° at 100 Hz is 180°/s).
private let shortSeriesLimit = 0.0625

/// atan(z) for |z| ≤ `shortSeriesLimit`: z − z³/3 + … + z¹³/13, by Estrin's scheme as above,
/// fifteen operations where the full series takes thirty.
@inline(__always)
private func arcTangentShortSeries(_ z: Double) -> Double {
    let w = z * z
    let w2 = w * w
    let p0 = 1.0 / 1 - w * (1.0 / 3)
    let p1 = 1.0 / 5 - w * (1.0 / 7)
    let p2 = 1.0 / 9 - w * (1.0 / 11)
    let q0 = p0 + w2 * p1
    let q1 = p2 + w2 * (1.0 / 13)
    return z * (q0 + (w2 * w2) * q1)
}

/// atan2(y, x) in radians, in (−π, π]. Inlined into its callers (`TouchInput`, `CircleMeasure`): called, as
/// a client module's optimizer chose to, it cost 121 instructions a frame against 55.
@inline(__always)
func arcTangent2(_ y: Double, _ x: Double) -> Double {
    if x > 0 {
        let z = y / x
        if abs(z) <= shortSeriesLimit { return arcTangentShortSeries(z) }
        return abs(z) <= seriesLimit ? arcTangentSeries(z) : arcTangent(z)
    }
    if x < 0 { return y >= 0 ? arcTangent(y / x) + Double.pi : arcTangent(y / x) - Double.pi }
    if y > 0 { return Double.pi / 2 }
    if y < 0 { return -Double.pi / 2 }
    return 0
}

let degreesPerRadian = 180 / Double.pi

/// cos(x): reduced to [−π, π], an eighth of that by Taylor series, then doubled back three
/// times (cos 2y = 2cos²y − 1). Accurate to ~1e-14; used only while a pinch waits to begin.
func cosine(_ x: Double) -> Double {
    let twoPi = 2 * Double.pi
    var y = x - twoPi * (x / twoPi).rounded()
    y /= 8
    let y2 = y * y
    // 1 − y²/2! + y⁴/4! − … to y¹²/12!: |y| ≤ π/8 makes the next term < 1e-15.
    var sum = 1.0 / 479_001_600
    sum = sum * -y2 + 1.0 / 3_628_800
    sum = sum * -y2 + 1.0 / 40_320
    sum = sum * -y2 + 1.0 / 720
    sum = sum * -y2 + 1.0 / 24
    sum = sum * -y2 + 1.0 / 2
    var result = 1 - y2 * sum
    for _ in 0..<3 { result = 2 * result * result - 1 }
    return result
}
