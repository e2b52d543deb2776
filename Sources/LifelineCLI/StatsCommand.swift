import ArgumentParser
import Lifeline

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count calls per controller and per event, and list the transitions.",
        discussion: """
            Example:
              lifeline stats Samples/nav-push-pop/trace.log
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var output: OutputOptions

    @Flag(
        help: """
            Follow a growing input: print each transition as soon as it ends, and the counts when \
            the input ends or on Ctrl-C.
            """)
    var follow = false

    func validate() throws {
        try output.refuseWithFollow(follow)
    }

    func run() throws {
        if follow { return try runFollowing() }
        // The calls are walked on a queue while reading goes on, batch by batch, and not kept.
        // Each batch is counted where it is read, while its rows are still in this core's
        // cache: counting is a few increments a call, less than handing the batch to another
        // queue costs (21 interleaved runs: median 0.331 -> 0.317 s). The walk stays on its
        // queue, so it runs on the other core while the last part of a big log is added. The
        // batches are bigger than `convert`'s: the walk's work per call is small, so waking it
        // less often saves more than the longer last batch costs (median 0.364 -> 0.342 s).
        let transitions = TransitionSteps(), counts = CallTally()
        let walk = BatchQueue(label: "lifeline.stats.walk") { transitions.advance(batch: $0, final: false) }
        let trace: Trace
        do {
            trace = try input.stream(derivingState: false, readingTimes: false, batch: 16384) { batch in
                walk.add(batch)
                counts.add(batch: batch)
            }
        } catch {
            walk.drain()
            throw error
        }
        walk.drain()
        transitions.advance(batch: trace.events, final: true)  // its tables, with no rows
        try output.emit(inputs: [input.path]) {
            StatsFormatter().text(trace, walked: transitions, counted: counts, into: $0)
        }
    }

    /// `--follow`: the transitions as they end, then the counts.
    private func runFollowing() throws {
        let transitions = TransitionSteps(), counts = CallTally(), formatter = StatsFormatter()
        var printed = 0
        Console.out("transitions:\n")
        let trace = try input.follow(derivingState: false) { batch in
            counts.add(batch: batch)
            transitions.advance(batch: batch, final: false)
            guard transitions.count > printed else { return }
            Console.out(formatter.transitionLines(transitions, symbols: batch.symbols, from: printed))
            printed = transitions.count
        }
        transitions.advance(batch: trace.events, final: true)
        Console.out(formatter.transitionLines(transitions, symbols: trace.events.symbols, from: printed))
        Console.out("\n")
        try output.emit(inputs: [input.path]) {
            formatter.text(trace, walked: transitions, counted: counts, into: $0, listingTransitions: false)
        }
    }
}
