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
        let trace = try input.load(derivingState: false, readingTimes: false)  // stats shows neither
        try output.emit(inputs: [input.input]) { StatsFormatter().text(trace, into: $0) }
    }
}
