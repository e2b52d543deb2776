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
        let trace = RandomTrace.make(
            count: Int.random(in: 1...(3 * Parallel.pieceSize + 7), using: &generator), using: &generator)
        expectSame(MarkdownTableFormatter().format(trace), ReferenceMarkdownTable.format(trace), "Markdown table")
    }

    @Test(arguments: Fixture.sampleInputs)
    func svgSequenceMatchesTheReferenceOnSamples(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        expectSame(SVGSequenceFormatter().format(trace), ReferenceSVGSequence.format(trace), "SVG sequence")
    }

    @Test(arguments: Fixture.sampleInputs)
    func chromeTraceMatchesTheReferenceOnSamples(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        expectSame(ChromeTraceFormatter().format(trace), ReferenceChromeTrace.format(trace), "Chrome trace")
    }

    @Test(arguments: Fixture.sampleInputs)
    func statsMatchTheReferenceOnSamples(_ input: String) throws {
        let trace = try Fixture.loadSample(input)
        expectSame(StatsFormatter().format(trace), ReferenceStats.format(trace), "stats")
    }

    /// Traces of many transitions (`RandomTrace.long`), each made once and drawn by each fast
    /// formatter that works in pieces.
    @Test(arguments: 0..<12)
    func fastFormattersMatchTheReferencesOnLongRandomTraces(_ seed: Int) {
        let trace = RandomTrace.long(seed: seed)
        expectSame(SVGSequenceFormatter().format(trace), ReferenceSVGSequence.format(trace), "SVG sequence")
        expectSame(ChromeTraceFormatter().format(trace), ReferenceChromeTrace.format(trace), "Chrome trace")
        expectSame(StatsFormatter().format(trace), ReferenceStats.format(trace), "stats")
    }

    /// Expects the same text, and on a difference records the first line that differs.
    private func expectSame(
        _ fast: String, _ plain: String, _ what: String = "output", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Compared as a Bool, so a failure reports the first differing line, not both outputs.
        let same = fast == plain
        #expect(same, "\(what) differs from its reference", sourceLocation: sourceLocation)
        guard !same else { return }
        let a = fast.split(separator: "\n", omittingEmptySubsequences: false)
        let b = plain.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = a.indices.first(where: { $0 >= b.count || a[$0] != b[$0] })
            ?? (a.count < b.count ? a.count : nil)
        {
            let fastLine = first < a.count ? String(a[first]) : "(none)"
            let plainLine = first < b.count ? String(b[first]) : "(none)"
            Issue.record(
                "\(what): first difference on line \(first + 1):\nfast:  \(fastLine)\nplain: \(plainLine)",
                sourceLocation: sourceLocation)
        }
    }
}

/// Random traces for comparing fast formatters with their references.
enum RandomTrace {
    static let objects = [
        "UITabBarController#1", "A#1", "B#1", "A#2", "Nav|Pipe#1", "Détail*Star#1", "Back`tick#3", "plain",
        "Quote\"<Tag>&Amp#1", "AControllerWithANameLongerThanAnyHeadCanShowInFullOnTheChart#1",
    ]
    static let events = [
        "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "shouldSelect", "didSelect", "push",
        "custom|event", "addChild", "willMoveToParent", "didMoveToParent", "viewDidLoad", "deinit",
    ]
    static let values: [ArgValue] = [
        .string("A#1"), .string("B#1"), .string("Nav|Pipe#1"), .string("text *bold*"), .int(1), .double(0.5),
        .bool(true),
        .null, .string(String(repeating: "a long <argument> ", count: 5)),
    ]
    static let stateKeys = ["selectedViewController", "topViewController", "pipe|key"]

    /// Random calls of the objects above and of up to 60 numbered ones, so some traces have
    /// many short lanes and columns. Few of them settle, so they make few transitions.
    static func make(count: Int, using generator: inout TransitionScenarioTests.SplitMix) -> Trace {
        var maker = Maker(generator)
        while maker.calls.count < count { maker.call(maker.object(), maker.event()) }
        generator = maker.generator
        return Trace(events: maker.calls)
    }

    /// A trace from `scenes`, long enough for several pieces of calls and of the chart's blocks
    /// (a few hundred calls for seeds below 3): 2 to 4 times `Parallel.pieceSize` calls, and 5
    /// and 9 times for seeds 10 and 11, for two and three pieces of transitions too.
    static func long(seed: Int) -> Trace {
        var generator = TransitionScenarioTests.SplitMix(state: UInt64(seed) &* 0x2545_F491 &+ 7)
        let pieces = seed < 3 ? 0...0 : seed == 10 ? 5...5 : seed == 11 ? 9...9 : 2...4
        let count =
            Int.random(in: 1...300, using: &generator) + Int.random(in: pieces, using: &generator) * Parallel.pieceSize
        return scenes(count: count, using: &generator)
    }

    /// Short transitions one after another, each a controller appearing (after a tap or a push,
    /// or on its own) while another disappears, in either order, with random calls between
    /// them; a random call may leave a controller unsettled or break the state machine.
    static func scenes(count: Int, using generator: inout TransitionScenarioTests.SplitMix) -> Trace {
        var maker = Maker(generator)
        var appeared: String? = nil
        while maker.calls.count < count {
            if Int.random(in: 0..<10, using: &maker.generator) < 3 {
                maker.call(maker.object(), maker.event())
                continue
            }
            // Settle whatever a random call left unsettled, which closes its transition.
            for object in maker.unsettled.sorted() {
                maker.call(object, maker.states[object] == .appearing ? "viewDidAppear" : "viewDidDisappear")
            }
            var coming = maker.object()
            while coming == "UITabBarController#1" || maker.states[coming] == .appeared { coming = maker.object() }
            let going = appeared.flatMap { maker.states[$0] == .appeared ? $0 : nil }
            switch Int.random(in: 0..<3, using: &maker.generator) {
            case 0: maker.call("UITabBarController#1", "shouldSelect", args: ["to": .string(coming)])
            case 1: maker.call("Nav|Pipe#1", "push", args: ["to": .string(coming)])
            default: break
            }
            for phase in [("viewWillAppear", "viewWillDisappear"), ("viewDidAppear", "viewDidDisappear")] {
                var calls = [(coming, phase.0)] + (going.map { [($0, phase.1)] } ?? [])
                calls.shuffle(using: &maker.generator)
                for (object, event) in calls { maker.call(object, event) }
            }
            appeared = coming
        }
        generator = maker.generator
        return Trace(events: maker.calls)
    }

    /// Makes calls with random arguments, state, notes and times, keeping each controller's
    /// appearance state.
    struct Maker {
        var generator: TransitionScenarioTests.SplitMix
        var calls: [TraceEvent] = []
        var states: [String: AppearanceState] = [:]
        /// The controllers Appearing or Disappearing.
        var unsettled = Set<String>()
        let timing: Int, extraObjects: Int
        var time = 0.0

        init(_ generator: TransitionScenarioTests.SplitMix) {
            self.generator = generator
            // Times on every call, on most, or on none.
            timing = Int.random(in: 0..<3, using: &self.generator)
            extraObjects = Int.random(in: 0...60, using: &self.generator)
        }

        mutating func object() -> String {
            extraObjects > 0 && Bool.random(using: &generator)
                ? "Item#\(Int.random(in: 1...extraObjects, using: &generator))"
                : RandomTrace.objects.randomElement(using: &generator)!
        }

        mutating func event() -> String { RandomTrace.events.randomElement(using: &generator)! }

        mutating func call(_ object: String, _ event: String, args given: [String: ArgValue] = [:]) {
            var args = given
            var state: [String: ArgValue] = [:]
            if Int.random(in: 0..<3, using: &generator) == 0 { args["to"] = values.randomElement(using: &generator)! }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                args["animated"] = .bool(Bool.random(using: &generator))
            }
            if Int.random(in: 0..<8, using: &generator) == 0 {
                args["parent"] = values[Int.random(in: 0..<3, using: &generator)]
            }
            // Few distinct states, so values repeat, as they do in long sessions.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                for key in stateKeys where Bool.random(using: &generator) {
                    state[key] = values[Int.random(in: 0..<3, using: &generator)]
                }
            }
            time += Double.random(in: 0..<0.2, using: &generator)
            let timed = timing == 2 || (timing == 1 && Int.random(in: 0..<20, using: &generator) > 0)
            let seq = calls.count + 1
            let note: String? = Int.random(in: 0..<10, using: &generator) == 0 ? "a | note \(seq % 3)" : nil
            calls.append(
                TraceEvent(
                    seq: seq, object: object, event: event, time: timed ? time : nil, args: args, state: state,
                    note: note))
            switch event {
            case "viewWillAppear": states[object] = .appearing
            case "viewDidAppear": states[object] = .appeared
            case "viewWillDisappear": states[object] = .disappearing
            case "viewDidDisappear": states[object] = .disappeared
            default: return
            }
            if states[object]!.isSettled { unsettled.remove(object) } else { unsettled.insert(object) }
        }
    }
}
