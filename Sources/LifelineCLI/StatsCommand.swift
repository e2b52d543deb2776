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
        // The calls are walked and counted batch by batch on a queue while reading goes on,
        // and not kept.
        let transitions = TransitionSteps(), counts = CallTally()
        let batches = BatchQueue(label: "lifeline.stats") { batch in
            transitions.advance(batch: batch, final: false)
            counts.add(batch: batch)
        }
        let trace: Trace
        do {
            trace = try input.stream(derivingState: false, readingTimes: false) { batches.add($0) }
        } catch {
            batches.drain()
            throw error
        }
        batches.drain()
        transitions.advance(batch: trace.events, final: true)  // its tables, with no rows
        try output.emit(inputs: [input.input]) {
            StatsFormatter().text(trace, walked: transitions, counted: counts, into: $0)
        }
    }
}
