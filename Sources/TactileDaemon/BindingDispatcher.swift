import TactileConfiguration
import TactileCore
import TactileProtocol

/// Decides which bindings fire for each gesture event, keeping the `every=` progress of
/// repeating bindings per touch sequence.
public struct BindingDispatcher {
    public let bindings: [Binding]
    /// For each binding with `every=`: the sequence it is counting in and the progress at which it
    /// last fired (or at which the gesture began).
    private var baselines: [(sequence: UInt64, device: String, progress: Double)?]

    public init(bindings: [Binding]) {
        self.bindings = bindings
        baselines = Array(repeating: nil, count: bindings.count)
    }

    /// The bindings `record` triggers, in file order.
    public mutating func bindingsTriggered(by record: GestureRecord) -> [Binding] {
        var triggered: [Binding] = []
        for (index, binding) in bindings.enumerated() {
            guard let step = binding.every else {
                if binding.matches(record) { triggered.append(binding) }
                continue
            }
            guard record.gesture == binding.gesture else { continue }
            let progress = binding.progress(of: record)
            let baseline = baselines[index]
            if record.phase == .began || baseline?.sequence != record.sequence || baseline?.device != record.device {
                baselines[index] = (record.sequence, record.device, progress)
            }
            guard binding.matches(record), let start = baselines[index]?.progress else { continue }
            if abs(progress - start) >= step {
                triggered.append(binding)
                baselines[index] = (record.sequence, record.device, progress)
            }
        }
        return triggered
    }
}
