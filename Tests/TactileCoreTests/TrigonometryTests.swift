import Glibc
import Testing
@testable import TactileCore

/// The core has its own arctangent and cosine (it imports nothing, and the standard library has no
/// inverse trigonometry): these compare them with libm's on the ranges a frame feeds them.
@Suite("Arctangent and cosine")
struct TrigonometryTests {
    /// A fixed-seed generator, so a failure names values that reproduce.
    struct Seeded {
        var state: UInt64
        mutating func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    @Test("atan2 within 1e-15 rad of libm's, on every quadrant and the small turns frames make")
    func arcTangentAgreesWithLibm() {
        var random = Seeded(state: 0xA7A2)
        var worst = 0.0
        var worstAt = (0.0, 0.0)
        for index in 0..<400_000 {
            // Half the pairs turn by under a few degrees (the series alone); half anywhere.
            let small = index % 2 == 0
            let x = small ? 1 + random.unit() * 20 : (random.unit() - 0.5) * 40
            let y = small ? (random.unit() - 0.5) * 0.2 * x : (random.unit() - 0.5) * 40
            let error = abs(arcTangent2(y, x) - atan2(y, x))
            if error > worst { (worst, worstAt) = (error, (y, x)) }
        }
        #expect(worst <= 1e-15, "atan2(\(worstAt.0), \(worstAt.1)) is \(worst) rad off")
        #expect(arcTangent2(0, 1) == 0)
        #expect(arcTangent2(1, 0) == Double.pi / 2)
        #expect(arcTangent2(-1, 0) == -Double.pi / 2)
        #expect(arcTangent2(0, -1) == Double.pi)
        #expect(arcTangent2(0, 0) == 0)
    }

    @Test("cosine within 1e-14 of libm's from −4π to 4π")
    func cosineAgreesWithLibm() {
        var random = Seeded(state: 0xC05)
        var worst = 0.0
        for _ in 0..<200_000 {
            let x = (random.unit() - 0.5) * 8 * Double.pi
            worst = max(worst, abs(cosine(x) - cos(x)))
        }
        #expect(worst <= 1e-14, "cosine is \(worst) off")
    }
}
