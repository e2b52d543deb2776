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
        // The transitions of a big log's first half are found while its second half is added.
        let transitions = TransitionSteps()
        let trace = try input.load(derivingState: false, readingTimes: false, alongsideLastPart: transitions.advance)
        try output.emit(inputs: [input.input]) { StatsFormatter().text(trace, transitions: transitions, into: $0) }
    }
}
