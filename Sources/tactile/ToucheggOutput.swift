import TactileProtocol
import TactileDaemon

/// The records, translated to Touchégg's signals, to the clients of a `ToucheggServer`.
final class ToucheggOutput: GestureOutput {
    let server: ToucheggServer
    private var translator = ToucheggTranslator()

    init(_ server: ToucheggServer) {
        self.server = server
    }

    func deliver(_ record: GestureRecord, from device: GestureSink.Device) {
        translator.translate(record, on: device.surface, device: device.id) { server.send($0) }
    }

    func finish(terminated: Bool) {
        server.drain(timeoutMilliseconds: 5_000)
    }

    func close() {
        server.onClientReady = {}
        server.close()
    }
}
