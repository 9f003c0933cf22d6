import Foundation
import Testing
import TactileTestSupport
@testable import TactileImport

@Suite("tactile import: Touchégg")
struct ToucheggImportTests {
    let converted: ConvertedConfiguration

    init() throws {
        converted = try ImportExpectations.convert(try ImportExpectations.fixture("touchegg/every-form.conf"), .touchegg)
    }

    func bindings(_ line: Int) -> [String] { ImportExpectations.bindings(converted, fromLine: line) }
    func omission(_ line: Int) -> String? { ImportExpectations.omission(converted, line: line) }

    @Test("global settings shape animations or a percentage: reported")
    func settings() {
        #expect(omission(6) == "it shapes Touchégg's animations, and Tactile draws none")
        #expect(omission(7)?.hasPrefix("how far a gesture must go") == true)
    }

    @Test("a window action is a comment and a report: Touchégg's client does it, served by tactile run --touchegg")
    func windowAction() {
        #expect(omission(10)?.hasPrefix("a window action, which Touchégg's client does on X11") == true)
        #expect(converted.text.contains("run tactile run --touchegg"))
    }

    @Test("SEND_KEYS: the modifiers held from the gesture's beginning, the keysyms as kernel keys without the Shift xdotool would add to S")
    func sendKeys() {
        #expect(bindings(15) == ["drag fingers=4 direction=right phase=began => key-down leftmeta",
                                 "drag fingers=4 direction=right phase=began => key s"])
        #expect(bindings(44) == ["magnify fingers=4 direction=in phase=began => key-down leftmeta",
                                 "magnify fingers=4 direction=in phase=began => key a"])
    }

    @Test("repeat: the keys each 10 % on, decreaseKeys each 10 % back, with signed every=; a pinch in counts its scale down")
    func repeated() {
        #expect(bindings(30) == ["drag fingers=3 direction=left phase=began => key-down leftalt",
                                 "drag fingers=3 direction=left phase=changed every=+5mm => key leftshift+tab",
                                 "drag fingers=3 direction=left phase=changed every=-5mm => key tab"])
        #expect(bindings(69).filter { $0.contains("Google-chrome") }
            == ["magnify fingers=2 direction=out phase=began app=Google-chrome => key-down leftctrl",
                "magnify fingers=2 direction=out phase=changed every=+0.1 app=Google-chrome => key kpplus",
                "magnify fingers=2 direction=out phase=changed every=-0.1 app=Google-chrome => key kpminus"])
    }

    @Test("RUN_COMMAND: the words sh would give its command, quotes removed; entities decoded; begin-and-end twice")
    func runCommand() {
        #expect(bindings(23) == ["drag fingers=4 direction=down => notify-send \"Hello World\" \"Swipe down\""])
        #expect(bindings(61) == ["tap fingers=4 => sh -c 'echo \"tapped\" && true'", "tap fingers=4 => sh -c 'echo \"tapped\" && true'"])
    }

    @Test("MOUSE_CLICK: X buttons 1–3 as the virtual pointer's, held from a swipe's beginning on begin-and-end; 8 and 9 have none")
    func mouseClick() {
        #expect(bindings(50) == ["tap fingers=2 => button right"])
        #expect(bindings(38) == ["drag fingers=2 direction=left phase=began => button-down left"])
        #expect(omission(56) == "button 8: Tactile's virtual pointer has left, middle and right")
    }

    @Test("<application name=\"A,B\"> is app= for each")
    func applications() {
        #expect(bindings(77) == ["drag fingers=3 direction=right phase=began app=Google-chrome => key-down leftalt",
                                 "drag fingers=3 direction=right phase=began app=Chromium-browser => key-down leftalt",
                                 "drag fingers=3 direction=right app=Google-chrome => key left",
                                 "drag fingers=3 direction=right app=Chromium-browser => key left"])
    }

    @Test("the configuration Touchégg ships", .needsPeerConfigurations)
    func shippedFile() throws {
        let text = try String(contentsOf: PeerConfigurations.touchegg, encoding: .utf8)
        #expect(ImportFormat.detect(text) == .touchegg)
        let shipped = try ImportExpectations.convert(text, .touchegg, file: "touchegg.conf")
        #expect(!shipped.bindings.isEmpty)
    }

    @Test("XML Touchégg could not read is reported at its line, and nothing converted")
    func invalidXML() throws {
        let converted = try ImportExpectations.convert("<touchégg>\n  <application name=\"All\">\n</touchégg>\n", .touchegg)
        #expect(converted.bindings.isEmpty)
        #expect(converted.omissions.map(\.line.number) == [3])
        #expect(converted.omissions[0].reason == "Touchégg could not read it either: </touchégg> closes <application>")
    }
}
