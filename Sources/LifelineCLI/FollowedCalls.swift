import ArgumentParser
import Foundation
import Lifeline

/// The calls of a followed input, kept as they are read, for the outputs that must look at all
/// the calls so far again (`check`, `sequence`): the trace so far, the last step of each
/// transition that has ended, and a pace for looking again.
struct FollowedCalls {
    private var builder: TraceBuilder
    private let transitions = TransitionSteps()
    /// The last step of each transition ended so far.
    private(set) var ends: [Int] = []
    private var lookedAt = 0.0

    init(source: String) { builder = TraceBuilder(source: source) }

    var trace: Trace { builder.trace }

    /// Adds the calls of `batch`; true when a transition ended with them.
    mutating func add(_ batch: EventList) -> Bool {
        for i in batch.indices { builder.add(resolved: batch[i]) }
        transitions.advance(batch: batch, final: false)
        guard transitions.lastEndedStep > (ends.last ?? 0) else { return false }
        ends.append(transitions.lastEndedStep)
        return true
    }

    /// Whether to look at the calls again now: always while the trace is short, then at most
    /// four times a second, since each look reads every call so far.
    mutating func isDue() -> Bool {
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        guard builder.eventCount <= 5000 || now - lookedAt > 0.25 else { return false }
        lookedAt = now
        return true
    }
}

extension OutputOptions {
    /// Refuses `--output` with `--follow`, which prints as it reads.
    func refuseWithFollow(_ follow: Bool) throws {
        if follow, output != nil { throw ValidationError("--follow writes to standard output; leave out --output") }
    }
}
