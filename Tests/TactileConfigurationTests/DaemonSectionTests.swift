import Testing
import TactileConfiguration

/// `[daemon]`: what `tactile run` serves besides its stream.
@Suite struct DaemonSectionTests {
    @Test("touchegg = on serves Touchégg's own address; an address is kept; off and no section serve nothing", arguments: [
        ("[daemon]\ntouchegg = on\n", "unix:abstract=touchegg"),
        ("[daemon]\ntouchegg = unix:path=/run/tactile/touchegg\n", "unix:path=/run/tactile/touchegg"),
        ("[daemon]\ntouchegg = unix:abstract=touchegg\ntouchegg = off\n", nil),
        ("[gestures]\ndefault = on\n", nil),
    ] as [(String, String?)])
    func touchegg(text: String, address: String?) throws {
        #expect(try Configuration.parse(text, file: "c").toucheggAddress == address)
    }
}
