import Foundation
import TactileTestSupport
import Testing
@testable import TactileConfiguration
import TactileCore
@testable import TactileProtocol

/// Every gesture kind is on every table that reads it: the registry, the wire names, the stream's
/// fields, what a binding may ask, and the documents that list the kinds. A kind is described once,
/// by its descriptor; these check that nothing else lost or kept a list of its own.
@Suite("one table of each kind's facts")
struct GestureKindTableTests {
    static let repository = ManPage.directory.deletingLastPathComponent()

    @Test func theRegistryDescribesEveryKindOnceInItsOrder() {
        #expect(GestureRegistry.descriptors.map(\.kind) == GestureKind.allCases)
        for (place, kind) in GestureKind.allCases.enumerated() {
            #expect(GestureRegistry.descriptor(for: kind).kind == kind)
            #expect(GestureRegistry.descriptor(named: kind.rawValue)?.kind == kind)
            #expect(kind.ordinal == place, "\(kind)")
        }
        #expect(GestureKind.count == GestureKind.allCases.count)
        let colours = GestureRegistry.descriptors.map(\.laneColour)
        #expect(Set(colours).count == colours.count, "each lane its own colour: \(colours)")
    }

    @Test func everyWireNameIsAKindOrLibinputsAndReadsBack() {
        #expect(GestureName.allCases.map(\.rawValue)
            == GestureKind.allCases.map(\.rawValue) + PassThroughGesture.Kind.allCases.map(\.rawValue))
        for (place, name) in GestureName.allCases.enumerated() {
            #expect(GestureName(rawValue: name.rawValue) == name)
            #expect(name.ordinal == place, "\(name.rawValue)")
        }
    }

    /// The stream's fields beyond those every line has, and the measure each stands for.
    static let measuredFields: [(StreamField, GestureMeasures)] = [
        (.count, .count), (.tick, .ticks), (.elapsed, .ticks), (.edge, .edge), (.dx, .travel), (.dy, .travel),
        (.vx, .travel), (.vy, .travel), (.scale, .scale), (.angle, .angle),
    ]

    @Test("a kind's lines carry the fields of what it measures, and its bindings the conditions")
    func fieldsAndConditionsFollowTheMeasures() throws {
        for name in GestureName.allCases {
            for (field, measure) in Self.measuredFields {
                #expect(field.isCarried(by: name, in: .changed) == name.measures.contains(measure),
                        "\(name.rawValue) \(field.key)")
            }
            #expect(StreamField.direction.isCarried(by: name, in: .ended) == name.measures.contains(.travel))
            let bindable = BindableGesture(name)
            #expect(bindable.hasEdge == name.measures.contains(.edge))
            #expect(bindable.directionMeasures.isEmpty == name.measures.isDisjoint(with: [.travel, .scale, .angle]),
                    "\(name.rawValue)")
            // What `every=` counts is a number its lines carry.
            var record = GestureRecord(gesture: name, phase: .changed)
            (record.dx, record.dy, record.angle, record.scale, record.tick) = (3, 4, 30, 1.5, 2)
            let binding = Binding(gesture: name, action: .command(["true"]), line: 1, text: "")
            let expected: Double = switch name.progressUnit {
            case .millimetres?: 5
            case .degrees?: 30
            case .scale?: 1.5
            case .ticks?: 2
            case .duration?, nil: 0
            }
            #expect(binding.progress(of: record) == expected, "\(name.rawValue)")
        }
    }

    /// The gestures a document's table row names, from its backquoted words.
    static func gestures(inRowOf field: String, of page: String) throws -> Set<String> {
        let text = try String(contentsOf: repository.appendingPathComponent(page), encoding: .utf8)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `\(field)`") }, "\(page): \(field)")
        let names = Set(GestureName.allCases.map(\.rawValue))
        return Set(row.split { !$0.isLetter && $0 != "-" }.map(String.init).filter(names.contains))
    }

    @Test("docs/protocol.md names every wire gesture, and for each field every gesture that carries it")
    func theProtocolDocumentListsEveryKind() throws {
        #expect(try Self.gestures(inRowOf: "gesture", of: "docs/protocol.md") == Set(GestureName.allCases.map(\.rawValue)))
        for (field, _) in Self.measuredFields {
            let carriers = GestureName.allCases.filter { field.isCarried(by: $0, in: .changed) }.map(\.rawValue)
            // `dy` and `vy` share their rows with `dx` and `vx`.
            let row = try Self.gestures(inRowOf: ["dy": "dx", "vy": "vx"][field.key] ?? field.key, of: "docs/protocol.md")
            #expect(row == Set(carriers), "\(field.key)")
        }
    }

    @Test("the README's table of the stream names every kind")
    func theReadmeListsEveryKind() throws {
        #expect(try Self.gestures(inRowOf: "gesture", of: "README.md") == Set(GestureKind.allCases.map(\.rawValue)))
    }
}
