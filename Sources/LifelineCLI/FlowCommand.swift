import ArgumentParser
import Lifeline

struct FlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flow",
        abstract: "Draw a flow chart: calls in order, ↓ between phases, state annotations, grouped by transition.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline flow Samples/tab-switch/trace.log
              lifeline flow Samples/custom-tab-container/trace.log --transition 2 --format svg -o flow.svg

            The Graphviz forms are for short traces; a chart too big to lay out quickly is refused
            with a pointer to --transition and --range.
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var slice: SliceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "text, dot, svg, png or pdf.")
    var format: ChartFormat = .text

    @Flag(help: "Plain ASCII instead of Unicode arrows (text only).")
    var ascii = false

    @Option(help: "Largest number of boxes drawn with Graphviz.")
    var maxBoxes: Int = 150

    func run() throws {
        let trace = try TraceSlice.apply(input.load(), range: slice.range, transition: slice.transition)
        guard let graphviz = format.graphviz else {
            try output.emit(inputs: [input.path]) { FlowTextFormatter(ascii: ascii).text(trace, into: $0) }
            return
        }
        let dot: String
        do {
            dot = try FlowDOTFormatter(maxPhases: maxBoxes).format(trace)
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
        try GraphOutput.emit(dot: dot, format: graphviz, output: output, inputs: [input.path])
    }
}
