import TactileCore
import TactileProtocol
import TactilePicture
import TactileRecordings
import TactileSystem

/// Where `tactile replay` puts what a replay recognizes: JSON Lines encoded into one buffer that
/// goes to standard output in large writes (`write()` once `isFull`), so memory stays bounded
/// however long the recording, and the picture, if one is drawn.
struct ReplayOutput: ReplaySink {
    /// How much is written at a time.
    static let writeSize = 1 << 16

    let encoders: [JSONLinesEncoder]
    let printsFrames: Bool
    var picture: ReplayPicture?
    private var bytes: [UInt8] = []

    init(encoders: [JSONLinesEncoder], printsFrames: Bool) {
        self.encoders = encoders
        self.printsFrames = printsFrames
        bytes.reserveCapacity(Self.writeSize + (1 << 12))
    }

    var isFull: Bool { bytes.count >= Self.writeSize }

    mutating func frame(_ frame: borrowing TouchFrame, device: Int) {
        if printsFrames { encoders[device].encode(frame, into: &bytes) }
        picture?.record(frame, device: device)
    }

    mutating func gesture(_ event: GestureEvent, device: Int) {
        if !printsFrames { encoders[device].encode(event, into: &bytes) }
        picture?.record(event, device: device)
    }

    /// Writes what was encoded to standard output.
    mutating func write() throws {
        do {
            try FileDescriptor.standardOutput.writeAll(bytes[...])
        } catch .brokenPipe {
            throw ReaderWentAway()
        } catch {
            throw OutputError(message: "could not write to standard output: \(error)")
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
