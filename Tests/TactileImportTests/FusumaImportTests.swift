import Foundation
import Testing
import TactileTestSupport
@testable import TactileImport

@Suite("tactile import: fusuma")
struct FusumaImportTests {
    let converted: ConvertedConfiguration

    init() throws {
        converted = try ImportExpectations.convert(try ImportExpectations.fixture("fusuma/every-form.yml"), .fusuma)
    }

    func bindings(_ line: Int) -> [String] { ImportExpectations.bindings(converted, fromLine: line) }
    func omission(_ line: Int) -> String? { ImportExpectations.omission(converted, line: line) }

    @Test("a direction's command runs once, when the drag ends; its threshold is reported")
    func oneshot() {
        #expect(bindings(6) == ["drag fingers=3 direction=left => key leftalt+right"])
        #expect(omission(7) == FusumaImport.thresholdReason)
        #expect(omission(8)?.hasPrefix("the least time between two runs") == true)
    }

    @Test("sendkey: kernel names, a list as one key binding each in order; clearmodifiers in a note")
    func sendkey() throws {
        #expect(bindings(10) == ["drag fingers=3 direction=right => key leftshift+f10", "drag fingers=3 direction=right => key t",
                                "drag fingers=3 direction=right => key enter"])
        let binding = try #require(converted.bindings.first { $0.source.number == 10 })
        #expect(binding.notes.contains { $0.hasPrefix("clearmodifiers") })
        #expect(omission(22) == "NOSUCHKEY is no key of linux/input-event-codes.h")
    }

    @Test("begin, update and end become phases: key-down and key-up for xdotool's keydown and keyup, update every= by its interval")
    func phases() {
        #expect(bindings(13) == ["drag fingers=3 phase=began => key-down leftalt"])
        #expect(bindings(15) == ["drag fingers=3 phase=changed every=5mm => key tab"])
        #expect(bindings(17) == ["drag fingers=3 => key-up leftalt"])
    }

    @Test("fusuma looks a swipe up by its finger count; a command a shell must run goes through sh -c")
    func fingersAndShell() {
        #expect(omission(19) == "fusuma looks a swipe's command up by its finger count, so without one it never ran")
        #expect(bindings(29) == ["rotate fingers=3 direction=clockwise => sh -c \"echo turned | tee -a /tmp/turns\""])
    }

    @Test("pinch in and out are magnify's direction; a pinch without a count is each of fusuma's, 2 to 4")
    func pinch() {
        #expect(bindings(25) == ["magnify fingers=2-4 direction=in => key leftctrl+minus"])
    }

    @Test("hold's command runs once the fingers rested, its cancelled: on cancelled")
    func hold() {
        #expect(bindings(32) == ["long-press fingers=4 phase=began => key leftmeta"])
        #expect(bindings(35) == ["long-press fingers=3 phase=cancelled => notify-send cancelled"])
    }

    @Test("a global interval read into update: bindings is a remark, not an omission")
    func globalInterval() {
        #expect(omission(37) == nil)
        #expect(converted.entries.contains { if case .remark(let line, _) = $0 { line.number == 37 } else { false } })
    }

    @Test("context: application: becomes app=, a list one binding per application; what the first document binds never ran there")
    func contexts() {
        #expect(bindings(44) == ["drag fingers=4 direction=left app=Google-chrome => key leftalt+right"])
        #expect(omission(47) == "the first document binds this gesture too, and fusuma looks there first, so it never ran")
        #expect(bindings(55) == ["long-press fingers=2 phase=began app=Alacritty => key leftctrl+leftshift+t",
                                 "long-press fingers=2 phase=began app=Gnome-terminal => key leftctrl+leftshift+t"])
    }

    @Test("the configuration fusuma ships and every example of its README and its plugins' READMEs",
          arguments: ["config.yml", "fusuma-readme-1.yml", "fusuma-readme-2.yml", "fusuma-readme-3.yml", "sendkey-readme-1.yml",
                      "sendkey-readme-2.yml", "sendkey-readme-3.yml", "keypress-readme-1.yml", "appmatcher-readme-1.yml",
                      "appmatcher-readme-2.yml", "appmatcher-readme-3.yml"])
    func shippedFiles(name: String) throws {
        let text = try ImportExpectations.fixture("fusuma/\(name)")
        #expect(ImportFormat.detect(text) == .fusuma)
        _ = try ImportExpectations.convert(text, .fusuma, file: name)
    }

    @Test("keypress: is mods=, and the gesture without it mods=none, as fusuma runs one or the other (its plugin's README)")
    func keypress() throws {
        let converted = try ImportExpectations.convert(try ImportExpectations.fixture("fusuma/keypress-readme-1.yml"), .fusuma)
        #expect(converted.isComplete)
        #expect(converted.bindings.compactMap(\.text).filter { $0.contains("direction=up") } == [
            "drag fingers=4 direction=up mods=none => key leftmeta+s",
            "drag fingers=4 direction=up mods=super => key brightnessup",
            "drag fingers=4 direction=up mods=super+alt => key volumeup",
        ])
    }

    @Test("libinput_device_filter's names put device= on every binding, once per name; other plugin settings are reported")
    func devices() throws {
        let text = """
            swipe:
              3:
                left:
                  sendkey: LEFTALT+RIGHT
            plugin:
              filters:
                libinput_device_filter:
                  keep_device_names:
                    - "ELAN Touchpad"
                    - "Apple Magic Trackpad"
              executors:
                sendkey_executor:
                  device_name: 'AT Translated Set 2 keyboard'
            """
        let converted = try ImportExpectations.convert(text, .fusuma)
        #expect(ImportExpectations.bindings(converted, fromLine: 4) == [
            #"drag fingers=3 direction=left device="ELAN Touchpad" => key leftalt+right"#,
            #"drag fingers=3 direction=left device="Apple Magic Trackpad" => key leftalt+right"#])
        #expect(ImportExpectations.omission(converted, line: 13) == "a setting of fusuma's plugins, which Tactile has no equivalent of")
    }

    @Test("lines are numbered as an editor numbers them, though libyaml takes a lone CR or NEL for a break too")
    func lineNumbers() throws {
        let converted = try ImportExpectations.convert("swipe:\r\n  3:\u{85}    left:\r      command: \"true\"\n    up: 5\n", .fusuma)
        #expect(converted.bindings.map(\.source.number) == [2])
        #expect(converted.omissions.map(\.line.number) == [3])
    }

    @Test("YAML fusuma could not read is reported at its line, and nothing converted")
    func invalidYAML() throws {
        let converted = try ImportExpectations.convert("swipe:\n  3:\n    left: [\n", .fusuma)
        #expect(converted.bindings.isEmpty)
        #expect(converted.omissions.count == 1)
        #expect(converted.omissions[0].reason.hasPrefix("fusuma could not read it either: invalid YAML"))
    }
}
