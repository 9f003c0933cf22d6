import Foundation
import Glibc
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// Devices are found through udev alone, as libinput's udev backend would take them, and
    /// libinput is loaded only for a touchpad whose own gestures pass through.
    @Suite(.serialized)
    struct DiscoveryTests {
        static func touchscreen() throws -> RecordedDevice {
            try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.1-finger-drag-up-down.evemu")).devices[0]
        }

        static func touchpad() throws -> RecordedDevice {
            try RecordingLoader.load(path: Corpus.path("xit-synaptics-clickpad.two-finger-scroll-down.events"),
                                     descriptionPath: Corpus.path("xit-synaptics-clickpad.desc")).devices[0]
        }

        /// The nodes `tactile devices` lists, in order.
        private func listed(_ arguments: [String], _ testbed: Testbed) throws -> [String] {
            let tactile = try TactileProcess(["devices"] + arguments, testbed: testbed)
            #expect(tactile.terminate() == 0, "\(tactile.errors)")
            return tactile.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }

        @Test func aSeatHasItsOwnDevicesAndNotTheOnesUdevSaysToIgnore() throws {
            let description = try Self.touchscreen().description
            let testbed = Testbed()
            _ = try testbed.add(EmulatedDeviceFiles(number: 9, description: description))
            _ = try testbed.add(EmulatedDeviceFiles(number: 10, description: description, rules: [("ID_SEAT", "seat1")]))
            _ = try testbed.add(EmulatedDeviceFiles(number: 11, description: description,
                                                    rules: [("LIBINPUT_IGNORE_DEVICE", "1")]))
            #expect(try listed([], testbed) == ["/dev/input/event9"])
            #expect(try listed(["--seat", "seat1"], testbed) == ["/dev/input/event10"])
            // Named, a node is read whatever its seat or rules say.
            #expect(try listed(["--device", "/dev/input/event11"], testbed) == ["/dev/input/event11"])
        }

        /// Whether the running process has libinput mapped. Read to its end: /proc says its files
        /// are empty, and a read of the size it gives stops at a page.
        private func mapsLibinput(_ tactile: TactileProcess) throws -> Bool {
            let data = try #require(FileHandle(forReadingAtPath: "/proc/\(tactile.pid)/maps")).readDataToEndOfFile()
            let maps = String(decoding: data, as: UTF8.self)
            #expect(maps.contains("/libc.so.6"), "the maps were not read whole: \(maps.suffix(200))")
            return maps.contains("/libinput.so.10")
        }

        @Test(arguments: [
            (["--touchpad-source", "raw"], false),
            (["--touchpad-source", "both"], true),
            (["--touchpad-source", "libinput"], true),
        ])
        func libinputIsLoadedOnlyForATouchpadsOwnGestures(arguments: [String], loadsLibinput: Bool) throws {
            let files = EmulatedDeviceFiles(number: 12, description: try Self.touchpad().description)
            let testbed = Testbed()
            _ = try testbed.add(files)
            let tactile = try TactileProcess(["run"] + arguments + ["--device", files.node], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains("\(files.node): touchpad") }, "\(tactile.errors)")
            #expect(try mapsLibinput(tactile) == loadsLibinput, "\(arguments) \(tactile.errors)")
            #expect(tactile.terminate() == 0, "\(tactile.errors)")
        }

        @Test func aTouchscreenNeverLoadsLibinput() throws {
            let files = EmulatedDeviceFiles(number: 9, description: try Self.touchscreen().description)
            let testbed = Testbed()
            _ = try testbed.add(files)
            let tactile = try TactileProcess(["run"], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains("\(files.node): touchscreen") }, "\(tactile.errors)")
            #expect(try !mapsLibinput(tactile))
            #expect(tactile.terminate() == 0)
        }
    }
}
