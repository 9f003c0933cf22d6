import Testing
import TactileCore
import TactileEvdev

@Suite struct CalibrationTests {
    static let quarterTurn = CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)

    @Test(arguments: [
        ("0 -1 1 1 0 0", CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)),
        ("1\t0  0 0 1 0", CalibrationMatrix.identity),
        ("1.5 0 -0.25 0 1e0 0", CalibrationMatrix(a: 1.5, b: 0, c: -0.25, d: 0, e: 1, f: 0)),
    ])
    func sixNumbersAreAMatrix(text: String, matrix: CalibrationMatrix) {
        #expect(CalibrationMatrix(text: text) == matrix)
    }

    @Test(arguments: ["", "1 0 0 0 1", "1 0 0 0 1 0 0", "a b c d e f", "1 0 0 0 1 nan", "1 0 0 0 1 1e999"])
    func anythingElseIsNot(text: String) {
        #expect(CalibrationMatrix(text: text) == nil)
    }

    @Test func itsTextReadsBackAsItself() {
        for matrix in [Self.quarterTurn, CalibrationMatrix(a: 0.5, b: 0, c: 0.25, d: 0, e: -1, f: 1)] {
            #expect(CalibrationMatrix(text: matrix.description) == matrix)
        }
    }

    /// The test axes run 0…2000 at 10 units/mm: libinput normalises over 2001 units.
    @Test func aQuarterTurnMapsPositionsAsLibinputDoes() throws {
        let frames = decode([finger(at: 500, 0), finger(at: 1500, 0)], calibration: Self.quarterTurn)
        // x' = 1 - y, y' = x, normalised: (500, 0) → (2001 units, 500 units).
        #expect(abs(frames[0].x - 200.1) < 1e-9 && abs(frames[0].y - 50) < 1e-9, "\(frames)")
        // Moving right on the glass is moving down.
        #expect(abs(frames[1].x - 200.1) < 1e-9 && abs(frames[1].y - 150) < 1e-9, "\(frames)")
    }

    @Test func halfATurnMirrorsBothAxes() throws {
        let frames = decode([finger(at: 500, 300)], calibration: CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1))
        #expect(abs(frames[0].x - 150.1) < 1e-9 && abs(frames[0].y - 170.1) < 1e-9, "\(frames)")
    }

    @Test func withoutCalibrationPositionsAreTheAxisUnitsScaled() {
        #expect(decode([finger(at: 500, 300)], calibration: nil).map { [$0.x, $0.y] } == [[50, 30]])
    }

    @Test func theSettingWinsOverUdevAndOnlyTouchscreensAreCalibrated() {
        var screen = TestDevices.protocolB(slots: 2)
        screen.calibration = Self.quarterTurn
        #expect(DeviceGeometry(description: screen).calibration == Self.quarterTurn)
        let mirrored = CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)
        #expect(DeviceGeometry(description: screen, settings: DeviceSettings(calibration: mirrored)).calibration == mirrored)
        // The identity changes nothing, so nothing is applied (positions stay bit for bit).
        #expect(DeviceGeometry(description: screen, settings: DeviceSettings(calibration: .identity)).calibration == nil)
        // libinput has no calibration for touchpads.
        var pad = TestDevices.protocolB(slots: 2, properties: [InputProperty.pointer])
        pad.calibration = Self.quarterTurn
        #expect(DeviceGeometry(description: pad, settings: DeviceSettings(calibration: mirrored)).calibration == nil)
    }

    private func finger(at x: Int32, _ y: Int32) -> (Int32, Int32) { (x, y) }

    /// One finger in slot 0 at each position in turn, one frame each; the contact of each frame.
    private func decode(_ positions: [(Int32, Int32)], calibration: CalibrationMatrix?) -> [Contact] {
        let device = TestDevices.protocolB(slots: 2)
        var decoder = EvdevDecoder(
            device: device, geometry: DeviceGeometry(description: device, settings: DeviceSettings(calibration: calibration)))
        var contacts: [Contact] = []
        for (index, (x, y)) in positions.enumerated() {
            let time = Int64(index) * 10_000
            var events = [abs(time, AbsCode.mtPositionX, x), abs(time, AbsCode.mtPositionY, y), syn(time)]
            if index == 0 { events = [abs(time, AbsCode.mtTrackingID, 1), key(time, KeyCode.touch, 1)] + events }
            for event in events {
                if case .frame(let frame)? = decoder.decode(event), frame.count > 0 { contacts.append(frame[0]) }
            }
        }
        return contacts
    }
}
