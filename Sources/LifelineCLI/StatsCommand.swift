import ArgumentParser
import Lifeline

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count calls per controller and per event, and list the transitions.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline stats Samples/nav-push-pop/trace.log
            """))

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
        let stats = KeptUntilExit.keep(try StreamedStats.read(path: input.path, options: input.readOptions))
        try input.check(stats.trace)
        try output.emit(inputs: [input.path]) { stats.text(into: $0) }
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
