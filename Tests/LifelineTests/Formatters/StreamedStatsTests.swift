import Foundation
import Testing

@testable import Lifeline

/// `lifeline stats` walks and counts a trace batch by batch as it is streamed, keeping no
/// calls; whatever the batches, its summary must be the whole trace's.
@Suite struct StreamedStatsTests {
    /// The summary of `bytes` read in batches of `size` calls, each batch's tables holding only
    /// the ids read so far, as `TraceLoader.stream` hands them out.
    static func streamedSummary(_ bytes: [UInt8], name: String, batchSize size: Int) throws -> String {
        var options = ReadOptions()
        options.readsTimes = false
        options.derivesState = false
        let steps = TransitionSteps(), counts = CallTally()
        var sizes: [Int] = []
        var builder = TraceBuilder(
            source: name,
            sink: { batch in
                sizes.append(batch.count)
                steps.advance(batch: batch, final: false)
                counts.add(batch: batch)
            }, derivingState: false, batchSize: size)
        let input = ByteInput(bytes: bytes, name: name)
        try InputFormat.detect(input.peek(64 * 1024)).reader(options: options).read(input, into: &builder)
        let rest = builder.finish()
        #expect(rest.events.isEmpty)
        // Every batch is full but the last, which `finish` hands over.
        #expect(sizes.dropLast().allSatisfy { $0 == size } && (1...size).contains(sizes.last ?? 0))
        steps.advance(batch: rest.events, final: true)
        return StatsFormatter().text(rest, walked: steps, counted: counts, into: TextBuffer()).string
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: Fixture.packageRoot.appendingPathComponent(relative)))
    }

    @Test(arguments: Fixture.sampleInputs)
    func batchesOfAnySizeGiveTheWholeTracesSummary(_ input: String) throws {
        let whole = StatsFormatter().format(try Fixture.loadSample(input))
        for size in [1, 2, 3, 5, 8, 64] {
            #expect(
                try Self.streamedSummary(Self.bytes(input), name: input, batchSize: size) == whole, "batches of \(size)"
            )
        }
    }

    /// A container names its child (`addChild`) before the child's first call, so with small
    /// batches the child is no symbol yet when the walk reads the name; the change must still
    /// be one transition with the child's appearance, as in the whole trace.
    @Test func aChildNamedBeforeItsFirstCallStillJoinsTheChange() throws {
        let input = "Samples/transition-container/trace.log"
        let whole = try Fixture.loadSample(input)
        let kinds = TransitionDetector.detect(whole).map(\.kind)
        #expect(kinds.contains(.childTransition))
        let summary = try Self.streamedSummary(Self.bytes(input), name: input, batchSize: 1)
        #expect(summary == StatsFormatter().format(whole))
        #expect(summary.contains("child transition"))
    }

    /// Many scenarios end to end in one long trace, cut into batches at every call.
    @Test func aLongTraceOfEveryScenarioCutAtEveryCall() throws {
        let console = Fixture.sampleInputs.filter { $0.hasSuffix(".log") }
        var bytes: [UInt8] = []
        for input in console { bytes += try Self.bytes(input) + [0x0A] }
        let whole = StatsFormatter().format(try TraceLoader.load(ByteInput(bytes: bytes, name: "all.log")))
        #expect(try Self.streamedSummary(bytes, name: "all.log", batchSize: 1) == whole)
        #expect(try Self.streamedSummary(bytes, name: "all.log", batchSize: 7) == whole)
    }
}

/// Random containment, navigation, tab and appearance calls, where containers often name
/// children before the children's first calls: streamed in batches of one to three calls,
/// each trace's summary is the whole trace's.
@Suite struct StreamedStatsRandomTests {
    @Test func randomContainmentTracesCutAnywhere() throws {
        var seed: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let children = ["v1", "v2", "v3", "v4"]
        let shapes: [(String) -> String] = [
            { "c – addChildViewController: \($0)" }, { "\($0) – willMoveToParentViewController: c" },
            { "\($0) – didMoveToParentViewController: c" }, { "c – addSubview: \($0)" },
            { "\($0) – removeFromParentViewController" }, { "\($0) – viewWillAppear:" }, { "\($0) – viewDidAppear:" },
            { "\($0) – viewWillDisappear:" }, { "\($0) – viewDidDisappear:" }, { "\($0) – viewDidLoad" },
            { "c – transitionFromViewController:toViewController:duration:options:animations:completion: v1, \($0)" },
            { "<UINavigationController: 0x7fa4c2008200> willShowViewController <\($0): 0x7fa4c1e0b5d0>" },
            { "[shouldSelect] from: <v1: 0x7b61a2d0>, to: <\($0): 0x7b61a8f0>" },
        ]
        for _ in 0..<300 {
            var lines: [String] = []
            for _ in 0..<(8 + next(40)) { lines.append(shapes[next(shapes.count)](children[next(children.count)])) }
            let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            let whole = StatsFormatter().format(try TraceLoader.load(ByteInput(bytes: bytes, name: "r.log")))
            for size in 1...3 {
                let streamed = try StreamedStatsTests.streamedSummary(bytes, name: "r.log", batchSize: size)
                #expect(streamed == whole, "batches of \(size):\n\(lines.joined(separator: "\n"))")
                if streamed != whole { return }
            }
        }
    }
}
