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

    func run() throws {
        // The calls are walked on one queue and counted on another while reading goes on,
        // batch by batch, and not kept. The batches are bigger than `convert`'s: the queues'
        // work per call is small, so waking them less often saves more than the longer last
        // batch costs (21 interleaved runs: median 0.364 -> 0.342 s).
        let transitions = TransitionSteps(), counts = CallTally()
        let walk = BatchQueue(label: "lifeline.stats.walk") { transitions.advance(batch: $0, final: false) }
        let tally = BatchQueue(label: "lifeline.stats.tally") { counts.add(batch: $0) }
        let trace: Trace
        do {
            trace = try input.stream(derivingState: false, readingTimes: false, batch: 16384) { batch in
                walk.add(batch)
                tally.add(batch)
            }
        } catch {
            walk.drain()
            tally.drain()
            throw error
        }
        walk.drain()
        tally.drain()
        transitions.advance(batch: trace.events, final: true)  // its tables, with no rows
        try output.emit(inputs: [input.input]) {
            StatsFormatter().text(trace, walked: transitions, counted: counts, into: $0)
        }
    }
}
