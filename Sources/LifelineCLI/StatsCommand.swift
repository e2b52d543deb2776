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
        // A big log's first part is walked and counted while its last part is added.
        let transitions = TransitionSteps(), counts = CallTally()
        let trace = try input.load(derivingState: false, readingTimes: false) { firstPart in
            transitions.advance(firstPart)
            counts.add(firstPart)
        }
        try output.emit(inputs: [input.input]) {
            StatsFormatter().text(trace, transitions: transitions, counts: counts, into: $0)
        }
    }
}
