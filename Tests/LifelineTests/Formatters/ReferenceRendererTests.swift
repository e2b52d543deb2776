import Foundation
import Testing

@testable import Lifeline

/// The fast formatters against their plain reference renderers, byte for byte.
struct ReferenceRendererTests {
    @Test(arguments: Fixture.sampleInputs)
    func markdownTableMatchesTheReferenceOnSamples(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        #expect(MarkdownTableFormatter().format(trace) == ReferenceMarkdownTable.format(trace))
    }

    /// Random traces of up to three of the fast path's pieces, with state set on many steps,
    /// repeated and unset values, times or none, notes, and names that need escaping.
    @Test(arguments: 0..<12)
    func markdownTableMatchesTheReferenceOnRandomTraces(_ seed: Int) {
        var generator = TransitionScenarioTests.SplitMix(state: UInt64(seed) &+ 0x9E37)
        let trace = RandomTrace.make(count: Int.random(in: 1...(3 * Parallel.pieceSize + 7), using: &generator), using: &generator)
        let fast = MarkdownTableFormatter().format(trace)
        let plain = ReferenceMarkdownTable.format(trace)
        #expect(fast == plain)
        if fast != plain {
            let a = fast.split(separator: "\n"), b = plain.split(separator: "\n")
            if let first = a.indices.first(where: { $0 >= b.count || a[$0] != b[$0] }) {
                Issue.record("first difference on line \(first + 1):\n\(a[first])\n\(first < b.count ? b[first] : "")")
            }
        }
    }
}

/// Random traces for comparing fast formatters with their references.
enum RandomTrace {
    static let objects = [
        "UITabBarController#1", "A#1", "B#1", "A#2", "Nav|Pipe#1", "Détail*Star#1", "Back`tick#3", "plain",
    ]
    static let events = ["viewWillAppear", "viewDidAppear", "shouldSelect", "didSelect", "push", "custom|event", "addChild"]
    static let values: [ArgValue] = [
        .string("A#1"), .string("B#1"), .string("Nav|Pipe#1"), .string("text *bold*"), .int(1), .double(0.5), .bool(true),
        .null,
    ]
    static let stateKeys = ["selectedViewController", "topViewController", "pipe|key"]

    static func make(count: Int, using generator: inout TransitionScenarioTests.SplitMix) -> Trace {
        let timed = Bool.random(using: &generator)
        var time = 0.0
        var events: [TraceEvent] = []
        for seq in 1...count {
            var args: [String: ArgValue] = [:]
            var state: [String: ArgValue] = [:]
            if Int.random(in: 0..<3, using: &generator) == 0 { args["to"] = values.randomElement(using: &generator)! }
            if Int.random(in: 0..<4, using: &generator) == 0 { args["animated"] = .bool(Bool.random(using: &generator)) }
            // Few distinct states, so values repeat, as they do in long sessions.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                for key in stateKeys where Bool.random(using: &generator) {
                    state[key] = values[Int.random(in: 0..<3, using: &generator)]
                }
            }
            time += Double.random(in: 0..<0.2, using: &generator)
            let note: String? = Int.random(in: 0..<10, using: &generator) == 0 ? "a | note \(seq % 3)" : nil
            events.append(
                TraceEvent(
                    seq: seq, object: objects.randomElement(using: &generator)!, event: eventName(&generator),
                    time: timed && Int.random(in: 0..<20, using: &generator) > 0 ? time : nil, args: args, state: state,
                    note: note))
        }
        return Trace(events: events)
    }

    private static func eventName(_ generator: inout TransitionScenarioTests.SplitMix) -> String {
        events.randomElement(using: &generator)!
    }
}
