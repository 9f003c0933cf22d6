import Foundation
import TactileTestSupport
import Testing

/// `--explain`: each decision of a recognizer or an arena on real recordings, with the
/// measurement, the tuning key and its limit; on stderr, so stdout stays the stream.
@Suite("--explain: why a gesture was or was not recognized")
struct ExplainCommandTests {
    /// A one-finger swipe right along the top of a touch tablet (a touchpad to Tactile).
    static let topSwipe = ["Recordings/evd-wacom-bamboo16fg.single-top-swipe.events",
                           "--desc", "Recordings/evd-wacom-bamboo16fg.desc"]
    /// A four-finger drag down a touchscreen.
    static let fourFingerDrag = ["Recordings/evd-atmel-maxtouch.4-finger-drag-down.evemu"]

    /// The decisions `tactile replay ARGUMENTS --explain=json` writes, each line parsed.
    static func decisions(_ arguments: [String]) throws -> [[String: Any]] {
        let run = try TactileRun(["replay"] + arguments + ["--explain=json"])
        #expect(run.status == 0, "\(run.standardError)")
        return try run.standardError.split(separator: "\n").filter { !$0.hasPrefix("tactile: ") }.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not an object: \(line)")
        }
    }

    static func first(_ decisions: [[String: Any]], gesture: String, decision: String) throws -> [String: Any] {
        try #require(decisions.first { $0["gesture"] as? String == gesture && $0["decision"] as? String == decision },
                     "no \(gesture) \(decision) in \(decisions)")
    }

    @Test("a tap held past tap.maximum-duration is rejected at that limit")
    func tapHeldTooLong() throws {
        let tap = try Self.first(try Self.decisions(Self.topSwipe), gesture: "tap", decision: "held-too-long")
        #expect(tap["key"] as? String == "tap.maximum-duration")
        #expect(tap["unit"] as? String == "ms")
        #expect(tap["limit"] as? Double == 300)
        #expect(tap["measured"] as? Double == 300)
        #expect(tap["outcome"] as? String == "rejected")
        #expect(tap["seq"] as? Int == 1)
        #expect(tap["device"] as? String == "Wacom Bamboo 16FG 4x5 Finger")
    }

    @Test("a tap that wanders past tap.maximum-excursion is rejected, with how far it went")
    func tapWanderedTooFar() throws {
        let tap = try Self.first(try Self.decisions(Self.fourFingerDrag), gesture: "tap", decision: "wandered-too-far")
        #expect(tap["key"] as? String == "tap.maximum-excursion")
        #expect(tap["limit"] as? Double == 5)
        let measured = try #require(tap["measured"] as? Double)
        #expect(measured > 5 && measured < 6, "\(measured)")
    }

    @Test("a drag begins on the frame it moved drag.minimum-distance, and wins the arena first")
    func dragBegins() throws {
        let decisions = try Self.decisions(Self.topSwipe)
        let drag = try Self.first(decisions, gesture: "drag", decision: "crossed-threshold")
        #expect(drag["key"] as? String == "drag.minimum-distance")
        #expect(drag["limit"] as? Double == 5)
        #expect(drag["unit"] as? String == "mm")
        let measured = try #require(drag["measured"] as? Double)
        #expect(measured >= 5 && measured < 6, "\(measured)")
        let arena = try Self.first(decisions, gesture: "arena", decision: "first-to-accept")
        #expect(arena["winner"] as? String == "drag")
        #expect(arena["time"] as? Double == drag["time"] as? Double)
        // The stream's drag began at that frame.
        let stream = try TactileRun(["replay"] + Self.topSwipe)
        let began = try #require(stream.standardOutput.split(separator: "\n").first { $0.contains(#""phase":"began""#) })
        #expect(began.hasPrefix("{\"time\":\(try #require(drag["time"] as? Double))"))
    }

    @Test("a drag waiting for fingers begins once they all moved together, and says so")
    func dragMovedTogether() throws {
        let arguments = Self.fourFingerDrag
        let decisions = try Self.decisions(arguments)
        let drag = try Self.first(decisions, gesture: "drag", decision: "moved-together")
        #expect(drag["key"] as? String == "drag.together-distance")
        #expect(drag["unit"] as? String == "mm")
        #expect(drag["outcome"] as? String == "accepted")
        // Four fingers on a panel of estimated size: past what a four-finger tap may move there,
        // 3 mm × 1.3 and 0.5 mm for each finger beyond the first.
        let limit = try #require(drag["limit"] as? Double)
        #expect(abs(limit - 5.4) < 1e-9, "\(limit)")
        let measured = try #require(drag["measured"] as? Double)
        #expect(measured >= limit, "\(measured)")
        // It crossed drag.minimum-distance first, as the fourth finger was still landing, and waited.
        let crossed = try Self.first(decisions, gesture: "drag", decision: "crossed-threshold")
        let waiting = try Self.first(decisions, gesture: "drag", decision: "waiting-for-fingers")
        #expect(waiting["time"] as? Double == crossed["time"] as? Double)
        #expect(try #require(crossed["time"] as? Double) < (try #require(drag["time"] as? Double)))
        let stream = try TactileRun(["replay"] + arguments)
        let began = try #require(stream.standardOutput.split(separator: "\n").first { $0.contains(#""phase":"began""#) })
        #expect(began.hasPrefix("{\"time\":\(try #require(drag["time"] as? Double))"))
    }

    @Test("on a touchpad the edge swipe says that edge swipes are off there, and how to turn them on")
    func touchpadEdgeSwipesOff() throws {
        let edge = try Self.first(try Self.decisions(Self.topSwipe), gesture: "edge-swipe",
                                  decision: "edge-swipes-off-on-touchpads")
        #expect(edge["key"] as? String == "edge-swipes")
        let human = try TactileRun(["replay"] + Self.topSwipe + ["--explain"])
        #expect(human.standardError.contains(
            "Wacom Bamboo 16FG 4x5 Finger seq 1 edge-swipe: rejected: edge swipes are off on touchpads; set edge-swipes = on\n"))
    }

    @Test("on a touchscreen the edge swipe wins the tie with the drag, having landed in edge-swipe.zone",
          .needsCorpus)
    func edgeSwipeOverDrag() throws {
        let decisions = try Self.decisions([Corpus.path("ml-melfas-mms114-touchscreen.mailbody-evtest.txt")])
        let landed = try Self.first(decisions, gesture: "edge-swipe", decision: "landed-in-zone")
        #expect(landed["key"] as? String == "edge-swipe.zone")
        #expect(landed["edge"] as? String == "bottom")
        let distance = try #require(landed["measured"] as? Double)
        let zone = try #require(landed["limit"] as? Double)
        #expect(distance < zone, "\(distance) mm, zone \(zone) mm")
        let inward = try Self.first(decisions, gesture: "edge-swipe", decision: "moved-inward")
        #expect(try #require(inward["measured"] as? Double) <= (try #require(inward["limit"] as? Double)))
        let tie = try Self.first(decisions, gesture: "arena", decision: "won-tie")
        #expect(tie["winner"] as? String == "edge-swipe")
        #expect(tie["rival"] as? String == "drag")
        let edgeBegins = try Self.first(decisions, gesture: "edge-swipe", decision: "crossed-threshold")
        let dragBegins = try Self.first(decisions, gesture: "drag", decision: "crossed-threshold")
        #expect(edgeBegins["time"] as? Double == tie["time"] as? Double)
        #expect(dragBegins["time"] as? Double == tie["time"] as? Double)
    }

    @Test("a touch lifted before long-press.minimum-duration, too still for a drag, is recognized by nothing, said once")
    func nothingRecognized() throws {
        let second = try Self.decisions(["Recordings/evd-wacom-dth2242-finger.evemu"]).filter { $0["seq"] as? Int == 2 }
        let press = try Self.first(second, gesture: "long-press", decision: "lifted-too-soon")
        #expect(press["key"] as? String == "long-press.minimum-duration")
        #expect(press["measured"] as? Double == 447.995)
        #expect(press["limit"] as? Double == 500)
        let drag = try Self.first(second, gesture: "drag", decision: "lifted-before-threshold")
        #expect(try #require(drag["measured"] as? Double) < 5)
        #expect(second.filter { $0["gesture"] as? String == "arena" }.map { $0["decision"] as? String } == ["all-rejected"])
    }

    @Test("a declared gesture's decisions carry its name")
    func declaredGestureNamed() throws {
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("config")
        try "[gestures]\nhold-then-swipe = long-press(fingers: 1) then drag(fingers: 1)\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let arguments = ["Recordings/evd-wacom-dth2242-finger.evemu", "--config", file.path]
        let held = try Self.first(try Self.decisions(arguments).filter { $0["name"] as? String == "hold-then-swipe" },
                                  gesture: "long-press", decision: "held")
        #expect(held["key"] as? String == "long-press.minimum-duration")
        #expect(held["limit"] as? Double == 500)
        #expect(try #require(held["measured"] as? Double) >= 500)
        let human = try TactileRun(["replay"] + arguments + ["--explain"])
        #expect(human.standardError.contains(#""hold-then-swipe" (long-press): accepted: held still "#))
    }

    @Test("every decision is one JSON object with the documented fields")
    func jsonLines() throws {
        let decisions = try Self.decisions(Self.fourFingerDrag)
        #expect(decisions.count > 5)
        for decision in decisions {
            for field in ["time", "device", "seq", "gesture", "decision", "outcome"] {
                #expect(decision[field] != nil, "\(field) missing from \(decision)")
            }
            if decision["limit"] != nil || decision["measured"] != nil { #expect(decision["unit"] != nil) }
        }
    }

    @Test("stdout is byte for byte the stream without --explain", arguments: [topSwipe, fourFingerDrag])
    func streamUnchanged(arguments: [String]) throws {
        let expected = try String(contentsOfFile: TactileRun.repository.appendingPathComponent(arguments[0] + ".expected.jsonl").path,
                                  encoding: .utf8)
        for format in ["--explain", "--explain=human", "--explain=json"] {
            let explained = try TactileRun(["replay"] + arguments + [format])
            #expect(explained.standardOutput == expected, "\(format)")
            #expect(explained.standardError.contains(" seq 1 ") || explained.standardError.contains(#""seq":1"#))
        }
    }

    @Test("run --replay --explain explains on stderr and prints the same stream")
    func runExplains() throws {
        let arguments = ["run", "--replay", Self.topSwipe[0], "--desc", Self.topSwipe[2], "--speed", "0"]
        let plain = try TactileRun(arguments)
        let explained = try TactileRun(arguments + ["--explain"])
        #expect(explained.status == 0, "\(explained.standardError)")
        #expect(explained.standardOutput == plain.standardOutput)
        #expect(explained.standardError.contains("drag: accepted: moved 5.3 mm, reaching drag.minimum-distance 5mm"))
    }

    @Test("in a replay of several files each decision names its file first, as the stream's lines do")
    func severalFiles() throws {
        let files = [Self.fourFingerDrag[0], "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu"]
        let json = try TactileRun(["replay"] + files + ["--explain=json"])
        let lines = json.standardError.split(separator: "\n").filter { !$0.hasPrefix("tactile: ") }
        for file in files {
            #expect(lines.contains { $0.hasPrefix("{\"file\":\"\(file)\",\"time\":") }, "\(file)")
        }
        #expect(lines.allSatisfy { line in files.contains { line.hasPrefix("{\"file\":\"\($0)\"") } })
        let human = try TactileRun(["replay"] + files + ["--explain"])
        #expect(human.standardError.contains("\(files[1]): 0.095573 Atmel maXTouch Touchscreen seq 1 tap: accepted: lifted after 96 ms, within tap.maximum-duration 300ms\n"))
    }

    @Test("an unknown format is a usage error")
    func unknownFormat() throws {
        let run = try TactileRun(["replay"] + Self.topSwipe + ["--explain=xml"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--explain= expects human or json, got 'xml'"))
    }
}
