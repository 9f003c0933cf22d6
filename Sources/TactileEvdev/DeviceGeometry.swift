/// How big a device's surface is and how to turn its axis units into millimetres.
///
/// When the kernel reports no resolution the size is estimated with libinput's rule for such
/// touchpads (libinput `src/evdev-mt-touchpad.c`, `tp_init_default_resolution`): assume the
/// surface is 69 × 50 mm and set units-per-mm to the axis range (`maximum - minimum + 1`)
/// divided by that. libinput applies that rule to touchpads only; for any other absolute device
/// it keeps its fake resolution of 1 unit/mm (`EVDEV_FAKE_RESOLUTION` in `src/evdev.h`, set by
/// `evdev_fix_abs_resolution` in `src/evdev.c`), which would make an 800-unit touchscreen
/// 80 cm wide. Millimetre thresholds need a plausible size, so a touchscreen is assumed to have
/// square units (its axes map onto a display's pixels) and a 13.3-inch (338 mm) diagonal, the
/// middle of what the corpus holds: a 7-inch Atmel panel to a 21.5-inch Wacom DTH2242.
/// `estimationNote` says so. A per-device size setting replaces any of this.
///
/// A touchscreen's positions also go through its calibration matrix, the user's setting or
/// else udev's, as libinput applies it; libinput has no calibration for touchpads, so neither
/// does this.
public struct DeviceGeometry: Equatable, Sendable {
    /// The size libinput assumes for a touchpad without resolution or size hints.
    public static let assumedSizeWithoutResolution = (width: 69.0, height: 50.0)
    /// The diagonal assumed for a touchscreen without resolution, mm (13.3 inches).
    public static let assumedTouchscreenDiagonal = 338.0

    public var width: Double
    public var height: Double
    public var unitsPerMillimetreX: Double
    public var unitsPerMillimetreY: Double
    /// The size is a guess, not the kernel's resolution or a user's override.
    public var isEstimated: Bool
    /// Why the size is what it is, for logs; empty when the kernel's resolution was used.
    public var estimationNote: String
    /// The matrix positions go through; nil when there is none, or it changes nothing.
    public var calibration: CalibrationMatrix?

    /// - Parameter settings: the real size in millimetres, when the user knows it better than
    ///   the kernel (ignored unless both sides are positive and finite), and a calibration that
    ///   replaces udev's.
    public init(description: DeviceDescription, settings: DeviceSettings = DeviceSettings()) {
        self.init(description: description, overrideSize: settings.size)
        if description.isDirect, description.positionAxes != nil,
           let matrix = settings.calibration ?? description.calibration, !matrix.isIdentity {
            calibration = matrix
        }
    }

    private init(description: DeviceDescription, overrideSize: (width: Double, height: Double)?) {
        guard let (xAxis, yAxis) = description.positionAxes else {
            self.init(width: 0, height: 0, unitsPerMillimetreX: 1, unitsPerMillimetreY: 1, isEstimated: true,
                      estimationNote: "\"\(description.name)\" has no absolute position axes; 1 unit is taken as 1 mm.")
            return
        }
        if let size = overrideSize, size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite {
            self.init(width: size.width, height: size.height,
                      unitsPerMillimetreX: xAxis.range / size.width, unitsPerMillimetreY: yAxis.range / size.height,
                      isEstimated: false,
                      estimationNote: "Size of \"\(description.name)\" set by override to \(size.width) × \(size.height) mm.")
            return
        }
        if xAxis.resolution > 0 && yAxis.resolution > 0 {
            let unitsX = Double(xAxis.resolution), unitsY = Double(yAxis.resolution)
            self.init(width: (xAxis.range - 1) / unitsX, height: (yAxis.range - 1) / unitsY,
                      unitsPerMillimetreX: unitsX, unitsPerMillimetreY: unitsY,
                      isEstimated: false, estimationNote: "")
            return
        }
        if description.isDirect {
            let diagonalUnits = (xAxis.range * xAxis.range + yAxis.range * yAxis.range).squareRoot()
            let unitsPerMillimetre = diagonalUnits / DeviceGeometry.assumedTouchscreenDiagonal
            let (width, height) = (xAxis.range / unitsPerMillimetre, yAxis.range / unitsPerMillimetre)
            self.init(width: width, height: height,
                      unitsPerMillimetreX: unitsPerMillimetre, unitsPerMillimetreY: unitsPerMillimetre,
                      isEstimated: true,
                      estimationNote: "\"\(description.name)\" reports no resolution; assuming a 13.3-inch touchscreen "
                          + "with square units (\(Int(width.rounded())) × \(Int(height.rounded())) mm); "
                          + "set --size WIDTHxHEIGHT for true millimetres.")
            return
        }
        let assumed = DeviceGeometry.assumedSizeWithoutResolution
        self.init(width: assumed.width, height: assumed.height,
                  unitsPerMillimetreX: xAxis.range / assumed.width, unitsPerMillimetreY: yAxis.range / assumed.height,
                  isEstimated: true,
                  estimationNote: "\"\(description.name)\" reports no resolution; assuming \(Int(assumed.width)) × "
                      + "\(Int(assumed.height)) mm as libinput does for a touchpad without size hints; "
                      + "set --size WIDTHxHEIGHT for true millimetres.")
    }

    private init(width: Double, height: Double, unitsPerMillimetreX: Double, unitsPerMillimetreY: Double,
                 isEstimated: Bool, estimationNote: String) {
        self.width = width
        self.height = height
        self.unitsPerMillimetreX = unitsPerMillimetreX
        self.unitsPerMillimetreY = unitsPerMillimetreY
        self.isEstimated = isEstimated
        self.estimationNote = estimationNote
        calibration = nil
    }
}
