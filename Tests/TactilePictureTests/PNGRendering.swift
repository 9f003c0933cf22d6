import Foundation

/// Renders SVG to PNG with `rsvg-convert` (Debian's librsvg2-bin, installed by scripts/setup),
/// to check that a real renderer accepts the picture and sizes it as the SVG says.
enum PNGRendering {
    static let converter = "/usr/bin/rsvg-convert"

    /// The PNG's width and height in pixels, from its IHDR chunk.
    static func render(_ svg: [UInt8]) throws -> (width: Int, height: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("picture.svg")
        let output = directory.appendingPathComponent("picture.png")
        try Data(svg).write(to: input)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["--output", output.path, input.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RenderError.converterFailed(process.terminationStatus) }

        let png = [UInt8](try Data(contentsOf: output))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count > 24, Array(png[0..<8]) == signature, Array(png[12..<16]) == Array("IHDR".utf8) else {
            throw RenderError.notPNG
        }
        return (bigEndian(png[16..<20]), bigEndian(png[20..<24]))
    }

    enum RenderError: Error {
        case converterFailed(Int32)
        case notPNG
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
