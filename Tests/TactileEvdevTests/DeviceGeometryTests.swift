import Testing
import TactileEvdev

@Suite struct DeviceGeometryTests {
    private func device(resolution: Int32, properties: Set<UInt16>) -> DeviceDescription {
        DeviceDescription(
            name: "pad",
            properties: properties,
            codes: [EventType.key: [KeyCode.touch, KeyCode.toolFinger], EventType.abs: [AbsCode.x, AbsCode.y]],
            absInfo: [
                AbsCode.x: AbsInfo(minimum: 0, maximum: 1379, resolution: resolution),
                AbsCode.y: AbsInfo(minimum: 0, maximum: 999, resolution: resolution),
            ]
        )
    }

    @Test func resolutionGivesTheSize() {
        let geometry = DeviceGeometry(description: device(resolution: 20, properties: [InputProperty.pointer]))
        #expect(!geometry.isEstimated)
        #expect(geometry.unitsPerMillimetreX == 20)
        #expect(geometry.width == 68.95)
        #expect(geometry.height == 49.95)
        #expect(geometry.estimationNote.isEmpty)
    }

    @Test func withoutResolutionATouchpadIsAssumed69By50Millimetres() {
        let geometry = DeviceGeometry(description: device(resolution: 0, properties: [InputProperty.pointer]))
        #expect(geometry.isEstimated)
        #expect(geometry.width == 69)
        #expect(geometry.height == 50)
        #expect(geometry.unitsPerMillimetreX == 20)
        #expect(geometry.unitsPerMillimetreY == 20)
        #expect(geometry.estimationNote.contains("assuming 69 × 50 mm"))
        #expect(geometry.estimationNote.contains("touchpad"))
    }

    @Test func withoutResolutionATouchscreenIsA13InchPanelWithSquareUnits() {
        let geometry = DeviceGeometry(description: device(resolution: 0, properties: [InputProperty.direct]))
        #expect(geometry.isEstimated)
        #expect(geometry.unitsPerMillimetreX == geometry.unitsPerMillimetreY)
        let diagonal = (geometry.width * geometry.width + geometry.height * geometry.height).squareRoot()
        #expect(abs(diagonal - 338) < 1e-9)
        #expect(abs(geometry.width / geometry.height - 1380.0 / 1000.0) < 1e-9)
        #expect(geometry.estimationNote.contains("13.3-inch touchscreen with square units (274 × 198 mm)"))
    }

    @Test func overrideReplacesResolutionAndEstimate() {
        for resolution: Int32 in [0, 20] {
            let geometry = DeviceGeometry(description: device(resolution: resolution, properties: []),
                                          settings: DeviceSettings(size: (width: 138, height: 100)))
            #expect(!geometry.isEstimated)
            #expect(geometry.width == 138)
            #expect(geometry.unitsPerMillimetreX == 10)
            #expect(geometry.unitsPerMillimetreY == 10)
            #expect(geometry.estimationNote.contains("override"))
        }
    }

    @Test func anInvalidOverrideIsIgnored() {
        let geometry = DeviceGeometry(description: device(resolution: 0, properties: []), settings: DeviceSettings(size: (width: 0, height: -1)))
        #expect(geometry.isEstimated)
        #expect(geometry.width == 69)
    }
}
